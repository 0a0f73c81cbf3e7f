import Testing
@testable import CaptureFiles
@testable import CaptureAnalysis

@Suite("Frame runs: packed, chunked, merged")
struct FrameRunsTests {
    static let ms: Int64 = 1_000_000

    /// The radio estimate straight from frame times, and from the same times folded into runs.
    static func both(_ times: [Int64], _ others: [Int64] = [], tail: Int64) -> (RadioActivity, RadioActivity) {
        var a = FrameRuns(), b = FrameRuns()
        for t in times { a.add(t) }
        for t in others { b.add(t) }
        let model = RadioPowerModel(source: "test", promotion: 80 * ms, tail: tail)
        return (model.activity(frameTimes: times + others), model.activity { a.forEachMerged(with: b, $0) })
    }

    @Test(
        "a stream longer than 4.29 s with no gap over 10 ms, across chunk boundaries, gives the same estimate as the frames"
    )
    func longRunsAndChunks() {
        // 9,000 frames 1 ms apart (one 9 s run, split where 32 bits of ns end), then bursts that
        // open more runs than one chunk holds.
        var times = (0..<9_000).map { Int64($0) * Self.ms }
        times += (0..<(ChunkedList<UInt32>.chunkLength * 2 + 7)).map { 10_000 * Self.ms + Int64($0) * 50 * Self.ms }
        for tail in [10 * Self.ms, 200 * Self.ms, 238_100_000] {
            let (frames, runs) = Self.both(times, tail: tail)
            #expect(frames == runs, "tail \(tail)")
        }
    }

    @Test(
        "a chunked list keeps append order across chunks, finds every position, and changes its last element in place"
    )
    func chunkedList() {
        var list = ChunkedList<UInt32>()
        #expect(!list.updateLast { _ in true } && list.element(at: 0) == nil)
        let n = ChunkedList<UInt32>.chunkLength * 2 + 7
        for v in 0..<n { list.append(UInt32(v)) }
        #expect(list.count == n)
        #expect(
            list.element(at: 0) == 0 && list.element(at: 4_096) == 4_096 && list.element(at: n - 1) == UInt32(n - 1)
        )
        #expect(list.element(at: n) == nil)
        #expect(
            list.updateLast {
                $0 += 1_000_000; return true
            } && list.element(at: n - 1) == UInt32(n - 1 + 1_000_000)
        )
        var seen: [UInt32] = []
        list.forEach { seen.append($0) }
        #expect(seen == (0..<n).map { UInt32($0) == UInt32(n - 1) ? UInt32(n - 1 + 1_000_000) : UInt32($0) })
    }

    @Test("two timelines merge in time order; out of order falls back to a sort with the same result")
    func mergeAndDisorder() {
        let group: [Int64] = (0..<135).map { Int64($0) * 37 * Self.ms }
        let unicast: [Int64] = (0..<217).map { 3 * Self.ms + Int64($0) * 23 * Self.ms }
        let (frames, runs) = Self.both(group, unicast, tail: 10 * Self.ms)
        #expect(frames == runs && frames.promotions > 1)
        var shuffled = FrameRuns()
        for t in unicast.reversed() { shuffled.add(t) }
        #expect(!shuffled.isSorted)
        let model = RadioPowerModel(source: "test", promotion: 80 * Self.ms, tail: 10 * Self.ms)
        var inOrder = FrameRuns()
        for t in group { inOrder.add(t) }
        let merged = model.activity { inOrder.forEachMerged(with: shuffled, $0) }
        #expect(merged == model.activity(frameTimes: group + unicast))
    }
}
