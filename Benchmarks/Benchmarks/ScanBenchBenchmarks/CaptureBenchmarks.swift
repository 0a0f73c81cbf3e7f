import Benchmark
import CaptureFiles
import CaptureAnalysis
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
    static let pcapPath =
        keptPcapPath
        ?? FileManager.default.temporaryDirectory
        .appendingPathComponent("scanbench-benchmark-\(getpid()).pcap").path

    static func register() {
        let metrics = Benchmark.defaultConfiguration.metrics + [.cpuTotal, ScanBenchMetrics.framesPerSecond]

        Benchmark(
            "Capture: analyze 100k frames in memory",
            configuration: .init(metrics: metrics, maxIterations: 50),
            closure: { benchmark in
                let packets = capture
                let analysis = ScanBenchMetrics.measureFrames(benchmark, frames: packets.count) {
                    WireAnalyzer.analyze(packets: packets, options: options)
                }
                precondition(analysis.totals.packets == packets.count)
                blackHole(analysis)
            },
            setup: { _ = capture.count }
        )

        Benchmark(
            "Capture: analyze 100k-frame pcap file",
            configuration: .init(metrics: metrics + [.readSyscalls], maxIterations: 50),
            closure: { benchmark in
                let analysis = try ScanBenchMetrics.measureFrames(benchmark, frames: frameCount) {
                    try WireAnalyzer.analyze(file: pcapPath, options: options)
                }
                precondition(analysis.totals.packets == frameCount)
                blackHole(analysis)
            },
            setup: {
                let writer = try PcapFileWriter(path: pcapPath)
                for packet in capture { try writer.write(packet) }
                try writer.close()
            },
            teardown: {
                if keptPcapPath == nil { try? FileManager.default.removeItem(atPath: pcapPath) }
            }
        )

        registerMillionFrameFile(metrics: metrics)
    }

    /// The throughput goal of issue 11 (≥ 5 M frames/s for `scanbench analyze` on one core, on a
    /// 1 000 000-frame capture of scan traffic), and libpcap's raw read of the same file, the
    /// floor any analysis sits on. `$SCANBENCH_BENCHMARK_PCAP_1M` keeps the file (to time tshark).
    static let millionFrames = 1_000_000
    static let keptMillionPath = ProcessInfo.processInfo.environment["SCANBENCH_BENCHMARK_PCAP_1M"]
    static let millionPath =
        keptMillionPath
        ?? FileManager.default.temporaryDirectory
        .appendingPathComponent("scanbench-benchmark-1m-\(getpid()).pcap").path

    /// `$SCANBENCH_BENCHMARK_PCAP_1M_LAN` keeps the one-/24 million-frame file.
    static let keptLANMillionPath = ProcessInfo.processInfo.environment["SCANBENCH_BENCHMARK_PCAP_1M_LAN"]
    static let lanMillionPath =
        keptLANMillionPath
        ?? FileManager.default.temporaryDirectory
        .appendingPathComponent("scanbench-benchmark-1m-lan-\(getpid()).pcap").path

    private static func registerMillionFrameFile(metrics: [BenchmarkMetric]) {
        let setup: () throws -> Void = {
            guard !FileManager.default.fileExists(atPath: millionPath) else { return }
            try SyntheticCapture.write(frameCount: millionFrames, to: millionPath)
        }
        let teardown: () throws -> Void = {
            if keptMillionPath == nil { try? FileManager.default.removeItem(atPath: millionPath) }
        }
        registerFileAnalysis(
            "Capture: analyze 1M-frame pcap file",
            path: millionPath,
            frames: millionFrames,
            options: options,
            metrics: metrics,
            setup: setup,
            teardown: teardown
        )
        // What `scanbench analyze FILE` does by default (text, or --json --summary-only): every
        // count, no per-attempt list. The benchmark above also lists all 352,957 attempts.
        registerFileAnalysis(
            "Capture: analyze 1M-frame pcap file, counts only (scanbench analyze's default)",
            path: millionPath,
            frames: millionFrames,
            options: countsOnly,
            metrics: metrics,
            setup: setup,
            teardown: teardown
        )

        // The same million frames' worth of one /24 swept again and again 1 ms apart (the shape of
        // the 10M-frame /24 file, and of a phone's evening of scans): the attempts in flight fit
        // the caches, where the sweep of 65,000 hosts 10 µs apart (above) keeps ~40,000 live.
        registerFileAnalysis(
            "Capture: analyze 1M-frame /24 pcap file, counts only",
            path: lanMillionPath,
            frames: millionFrames,
            options: countsOnly,
            metrics: metrics,
            setup: {
                guard !FileManager.default.fileExists(atPath: lanMillionPath) else { return }
                try SyntheticCapture.write(
                    frameCount: millionFrames,
                    targets: SyntheticCapture.lanTargets,
                    spacing: SyntheticCapture.lanSpacing,
                    to: lanMillionPath
                )
            },
            teardown: {
                if keptLANMillionPath == nil { try? FileManager.default.removeItem(atPath: lanMillionPath) }
            }
        )

        Benchmark(
            "Capture: raw libpcap read of the 1M-frame pcap file",
            configuration: .init(metrics: metrics, maxDuration: .seconds(10), maxIterations: 10),
            closure: { benchmark in
                let count = try ScanBenchMetrics.measureFrames(benchmark, frames: millionFrames) {
                    var bytes = 0
                    let n = try PcapFileReader(path: millionPath).forEach { _, _, data in bytes &+= data.count }
                    blackHole(bytes)
                    return n
                }
                precondition(count == millionFrames)
            },
            setup: setup,
            teardown: teardown
        )

        Benchmark(
            "Capture: raw PcapReader read of the 1M-frame pcap file",
            configuration: .init(metrics: metrics, maxDuration: .seconds(10), maxIterations: 10),
            closure: { benchmark in
                let count = try ScanBenchMetrics.measureFrames(benchmark, frames: millionFrames) {
                    var bytes = 0
                    let n = try PcapReader(path: millionPath).forEach { bytes &+= $0.bytes.count }
                    blackHole(bytes)
                    return n
                }
                precondition(count == millionFrames)
            },
            setup: setup,
            teardown: teardown
        )

        registerTenMillionFrameFile(metrics: metrics)
    }

    /// Issue 11's memory goal (peak RSS < 64 MB analysing a 10 M-frame capture), on two files:
    /// 65,000 targets 10 µs apart (`$SCANBENCH_BENCHMARK_PCAP_10M`), and one /24 swept again and
    /// again 1 ms apart (`$SCANBENCH_BENCHMARK_PCAP_10M_LAN`, an evening of scans of one LAN). Each is registered
    /// only when its variable names the file (written there if missing, ~790 MB, and kept: delete
    /// it after); `scripts/analyze-scale` runs them and `/usr/bin/time -v`.
    private static func registerTenMillionFrameFile(metrics: [BenchmarkMetric]) {
        let environment = ProcessInfo.processInfo.environment
        if let path = environment["SCANBENCH_BENCHMARK_PCAP_10M"] {
            registerTenMillionFrameFile(
                path: path,
                name: "Capture: analyze 10M-frame pcap file",
                targets: SyntheticCapture.manyTargets,
                spacing: SyntheticCapture.denseSpacing,
                metrics: metrics
            )
        }
        if let path = environment["SCANBENCH_BENCHMARK_PCAP_10M_LAN"] {
            registerTenMillionFrameFile(
                path: path,
                name: "Capture: analyze 10M-frame /24 pcap file",
                targets: SyntheticCapture.lanTargets,
                spacing: SyntheticCapture.lanSpacing,
                metrics: metrics
            )
        }
    }

    private static func registerTenMillionFrameFile(
        path: String,
        name: String,
        targets: Int,
        spacing: Int64,
        metrics: [BenchmarkMetric]
    ) {
        let frames = 10_000_000
        registerFileAnalysis(
            name,
            path: path,
            frames: frames,
            options: countsOnly,
            metrics: metrics,
            iterations: 1,
            setup: {
                guard !FileManager.default.fileExists(atPath: path) else { return }
                try SyntheticCapture.write(frameCount: frames, targets: targets, spacing: spacing, to: path)
            }
        )
    }

    /// Without the attempt list, as `scanbench analyze` runs by default.
    static let countsOnly = AnalysisOptions(scanner: SyntheticCapture.scanner, keepsAttempts: false)

    /// A benchmark of `WireAnalyzer.analyze(file:)` on the capture at `path` (`frames` frames),
    /// measuring frames per second.
    private static func registerFileAnalysis(
        _ name: String,
        path: String,
        frames: Int,
        options: AnalysisOptions,
        metrics: [BenchmarkMetric],
        iterations: Int = 10,
        setup: @escaping () throws -> Void,
        teardown: (() throws -> Void)? = nil
    ) {
        Benchmark(
            name,
            configuration: .init(
                metrics: metrics,
                maxDuration: .seconds(iterations == 1 ? 60 : 10),
                maxIterations: iterations
            ),
            closure: { benchmark in
                let analysis = try ScanBenchMetrics.measureFrames(benchmark, frames: frames) {
                    try WireAnalyzer.analyze(file: path, options: options)
                }
                precondition(analysis.totals.packets == frames)
                blackHole(analysis)
            },
            setup: setup,
            teardown: teardown
        )
    }
}
