import Benchmark
import Wire

/// Decoders and the DNS codec.
enum WireBenchmarks {
    /// 4 096 frames of the synthetic capture's mix: ARP, ICMP echo, TCP probes and answers,
    /// mDNS, SSDP and DNS.
    static let mixedFrames: [[UInt8]] = SyntheticCapture(frameCount: 4_096).packets.map(\.data)

    static func register() {
        Benchmark(
            "Wire: decode 4096 mixed frames, every layer",
            configuration: .init(metrics: Benchmark.defaultConfiguration.metrics + [ScanBenchMetrics.framesPerSecond]),
            closure: { benchmark in
                let frames = mixedFrames
                let layers = ScanBenchMetrics.measureFrames(benchmark, frames: frames.count) {
                    var layers = 0
                    for frame in frames { layers &+= LayeredDecoder.decode(frame) }
                    return layers
                }
                blackHole(layers)
            },
            setup: { _ = mixedFrames.count }
        )

        Benchmark(
            "Wire: DNS decode mDNS response (PTR, SRV, TXT, A)",
            configuration: .init(scalingFactor: .kilo),
            closure: { benchmark in
                let bytes = DNSCorpus.mdnsResponse.encoded()
                for _ in benchmark.scaledIterations {
                    blackHole(try? DNSMessage(bytes: bytes))
                }
            }
        )

        Benchmark(
            "Wire: DNS encode mDNS response (name compression)",
            configuration: .init(scalingFactor: .kilo),
            closure: { benchmark in
                let message = DNSCorpus.mdnsResponse
                for _ in benchmark.scaledIterations {
                    blackHole(message.encoded())
                }
            }
        )
    }
}
