/// The arithmetic of the 60 Hz frame probe: how late each tick ran, which ticks count as late
/// frames, the worst hitch, and when the next tick is due. Pure, so lateness can be tested with
/// made-up times.
public struct FrameStatistics: Sendable, Equatable {
    /// 1/60 s.
    public static let sixtyHertzNs: UInt64 = 16_666_667

    public let intervalNs: UInt64
    /// Ticks observed.
    public private(set) var frames = 0
    /// Ticks that ran more than one interval after their due time (a dropped frame on a display).
    public private(set) var lateFrames = 0
    /// The largest lateness seen.
    public private(set) var worstHitchNs: UInt64 = 0
    /// Sum of lateness over all ticks.
    public private(set) var totalLateNs: UInt64 = 0

    public init(intervalNs: UInt64 = sixtyHertzNs) { self.intervalNs = intervalNs }

    /// Records a tick due at `dueNs` that ran at `actualNs`.
    /// - Returns: its lateness (0 when on time or early).
    @discardableResult
    public mutating func record(dueNs: UInt64, actualNs: UInt64) -> UInt64 {
        let late = actualNs > dueNs ? actualNs - dueNs : 0
        frames += 1
        totalLateNs += late
        if late > intervalNs { lateFrames += 1 }
        worstHitchNs = max(worstHitchNs, late)
        return late
    }

    /// The next due time after a tick that ran at `actualNs`: the next slot of the grid that
    /// started at `originNs` (missed slots are skipped, as a display skips frames).
    public func nextDue(originNs: UInt64, actualNs: UInt64) -> UInt64 {
        guard actualNs >= originNs else { return originNs }
        let slots = (actualNs - originNs) / intervalNs + 1
        return originNs + slots * intervalNs
    }
}
