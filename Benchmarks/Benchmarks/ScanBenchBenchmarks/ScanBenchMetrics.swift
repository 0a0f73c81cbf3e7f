import Benchmark

/// Custom metrics the ScanBench benchmarks report beside the library's own.
enum ScanBenchMetrics {
    /// Frames processed per second of wall-clock time in one iteration (larger is better).
    static let framesPerSecond = BenchmarkMetric.custom("frames/s", polarity: .prefersLarger, useScalingFactor: false)

    /// Runs `work` over `frames` frames, timing it, and records frames per second.
    static func measureFrames<T>(_ benchmark: Benchmark, frames: Int, _ work: () throws -> T) rethrows -> T {
        let clock = ContinuousClock()
        let start = clock.now
        let result = try work()
        let elapsed = start.duration(to: clock.now)
        let seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) * 1e-18
        if seconds > 0 { benchmark.measurement(framesPerSecond, Int(Double(frames) / seconds)) }
        return result
    }
}
