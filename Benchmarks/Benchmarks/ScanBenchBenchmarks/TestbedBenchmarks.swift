import Benchmark
import Fixture
import Foundation
import Testbed
import Wire

/// The userspace switch's per-frame work without TAP devices (the link model's decisions and
/// the ordered delay queue), and fixture loading.
enum TestbedBenchmarks {
    /// `fixtures/lans/home.yaml` in this checkout.
    static let homeFixture: String = {
        var url = URL(fileURLWithPath: #filePath)
        for _ in 0..<4 { url.deleteLastPathComponent() }
        return url.appendingPathComponent("fixtures/lans/home.yaml").path
    }()

    static func register() {
        Benchmark(
            "Testbed: link decisions, 1M frames (jitter, loss, burst loss)",
            configuration: .init(metrics: Benchmark.defaultConfiguration.metrics + [ScanBenchMetrics.framesPerSecond]),
            closure: { benchmark in
                var random = RandomSource(seed: 42)
                var link = LinkModel(delayMs: 20, jitterMs: 5, lossPercent: 2, burst: (enter: 1, exit: 25))
                let frames = 1_000_000
                let (held, dropped) = ScanBenchMetrics.measureFrames(benchmark, frames: frames) {
                    var held: Int64 = 0, dropped = 0
                    for _ in 0..<frames {
                        if link.shouldDrop(using: &random) {
                            dropped += 1
                        } else {
                            held &+= link.sampleDelay(using: &random)
                        }
                    }
                    return (held, dropped)
                }
                blackHole(held)
                blackHole(dropped)
            }
        )

        Benchmark(
            "Testbed: frame queue push/pop, 100k frames",
            configuration: .init(metrics: Benchmark.defaultConfiguration.metrics + [ScanBenchMetrics.framesPerSecond]),
            closure: { benchmark in
                let frame = [UInt8](repeating: 0xAB, count: 98)
                let frames = 100_000
                let released = ScanBenchMetrics.measureFrames(benchmark, frames: frames) {
                    var queue = FrameQueue()
                    var released = 0
                    var now: Int64 = 0
                    for index in 0..<frames {
                        now += 10_000  // a frame every 10 µs
                        queue.push(frame, release: now + 20_000_000 + Int64(index % 7) * 1_000_000)
                        if index % 16 == 0 { released += queue.popDue(now: now).count }  // the switch's poll
                    }
                    return released + queue.popDue(now: .max).count
                }
                precondition(released == frames)
            }
        )

        // The switch's queue against swift-collections' Deque and Heap on the same frames
        // (docs/BENCHMARKS.md#frame-queue-storage): 100k frames through the link model (20 ± 5 ms,
        // 2 % loss), a frame every 10 µs, the switch's poll every 16 frames.
        frameQueueBenchmark("Testbed: link model + frame queue, 100k frames (FrameQueue)", FrameQueue())
        frameQueueBenchmark("Testbed: link model + frame queue, 100k frames (Deque, local)", DequeFrameQueue())
        frameQueueBenchmark("Testbed: link model + frame queue, 100k frames (Heap, local)", HeapFrameQueue())

        Benchmark(
            "Testbed: load and validate home.yaml",
            configuration: .init(maxIterations: 200),
            closure: { _ in
                blackHole(try FixtureLoader.load(homeFixture))
            }
        )
    }

    /// One frame-queue benchmark; `empty` is a fresh queue of the storage under test.
    private static func frameQueueBenchmark<Queue: FrameQueueStorage>(_ name: String, _ empty: Queue) {
        Benchmark(
            name,
            configuration: .init(metrics: Benchmark.defaultConfiguration.metrics + [ScanBenchMetrics.framesPerSecond]),
            closure: { benchmark in
                let frame = [UInt8](repeating: 0xAB, count: 98)
                let frames = 100_000
                let (released, dropped) = ScanBenchMetrics.measureFrames(benchmark, frames: frames) {
                    var random = RandomSource(seed: 42)
                    var link = LinkModel(delayMs: 20, jitterMs: 5, lossPercent: 2)
                    var queue = empty
                    var released = 0, dropped = 0
                    var now: Int64 = 0
                    for index in 0..<frames {
                        now += 10_000  // a frame every 10 µs
                        if link.shouldDrop(using: &random) {
                            dropped += 1
                        } else {
                            queue.push(frame, identity: UInt64(index), release: now + link.sampleDelay(using: &random))
                        }
                        if index % 16 == 0 { released += queue.popDue(now: now).count }  // the switch's poll
                    }
                    return (released + queue.popDue(now: .max).count, dropped)
                }
                precondition(released + dropped == frames)
            }
        )
    }
}

/// What the frame-queue benchmark needs of a queue: `FrameQueue`'s API.
protocol FrameQueueStorage: Sendable {
    mutating func push(_ frame: [UInt8], identity: UInt64, release: Int64)
    mutating func popDue(now: Int64) -> [(frame: [UInt8], identity: UInt64)]
}

extension FrameQueue: FrameQueueStorage {}
extension DequeFrameQueue: FrameQueueStorage {}
extension HeapFrameQueue: FrameQueueStorage {}
