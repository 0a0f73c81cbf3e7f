import Benchmark

/// Every ScanBench benchmark, registered for package-benchmark's runner (which calls this
/// closure by name). Each group lives in its own file.
let benchmarks: @Sendable () -> Void = {
    Benchmark.defaultConfiguration = .init(
        // No CPU time by default: Linux counts it in 10 ms ticks, coarser than most of these.
        metrics: [.wallClock, .throughput, .mallocCountTotal, .peakMemoryResident],
        warmupIterations: 1,
        maxDuration: .seconds(2),
        maxIterations: 1_000,
        thresholds: [.wallClock: .relaxed, .throughput: .relaxed, .mallocCountTotal: .default]
    )
    WireBenchmarks.register()
    CaptureBenchmarks.register()
    TestbedBenchmarks.register()
    PublishingBenchmarks.register()
}
