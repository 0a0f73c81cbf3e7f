import Benchmark
import Capture
import Foundation
import Wire

/// `WireAnalyzer` over a synthetic 100 000-frame capture, in memory and from a pcap file
/// written with `PcapFileWriter` (what `scanbench analyze` does).
enum CaptureBenchmarks {
    static let frameCount = 100_000
    static let capture: [CapturedPacket] = SyntheticCapture(frameCount: frameCount).packets
    static let options = AnalysisOptions(scanner: SyntheticCapture.scanner)
    /// `$SCANBENCH_BENCHMARK_PCAP`: where to write the capture and keep it (e.g. to time tshark
    /// on the same file); without it a temporary file, removed after the run.
    static let keptPcapPath = ProcessInfo.processInfo.environment["SCANBENCH_BENCHMARK_PCAP"]
    static let pcapPath = keptPcapPath ?? FileManager.default.temporaryDirectory
        .appendingPathComponent("scanbench-benchmark-\(getpid()).pcap").path

    static func register() {
        let metrics = Benchmark.defaultConfiguration.metrics + [.cpuTotal, ScanBenchMetrics.framesPerSecond]

        Benchmark("Capture: analyze 100k frames in memory",
                  configuration: .init(metrics: metrics, maxIterations: 50),
                  closure: { benchmark in
            let packets = capture
            let analysis = ScanBenchMetrics.measureFrames(benchmark, frames: packets.count) {
                WireAnalyzer.analyze(packets: packets, options: options)
            }
            precondition(analysis.totals.packets == packets.count)
            blackHole(analysis)
        }, setup: { _ = capture.count })

        Benchmark("Capture: analyze 100k-frame pcap file",
                  configuration: .init(metrics: metrics + [.readSyscalls], maxIterations: 50),
                  closure: { benchmark in
            let analysis = try ScanBenchMetrics.measureFrames(benchmark, frames: frameCount) {
                try WireAnalyzer.analyze(file: pcapPath, options: options)
            }
            precondition(analysis.totals.packets == frameCount)
            blackHole(analysis)
        }, setup: {
            let writer = try PcapFileWriter(path: pcapPath)
            for packet in capture { try writer.write(packet) }
            try writer.close()
        }, teardown: {
            if keptPcapPath == nil { try? FileManager.default.removeItem(atPath: pcapPath) }
        })
    }
}
