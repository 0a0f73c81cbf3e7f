import Fixture
import Wire

/// When a device that leaves the LAN (`Fixture.Leave`) is away: `[start, end)` in monotonic
/// nanoseconds, drawn once from the port's seed (two uniform draws, start then length) and
/// counted from the switch's start, so a seed replays the same window.
struct AwayWindow: Sendable, Equatable {
    let start: Int64
    let end: Int64

    init(_ leave: Fixture.Leave, origin: Int64, seed: UInt64) {
        var random = RandomSource(seed: seed)
        let window = leave.window(startDraw: random.unit(), awayDraw: random.unit())
        start = origin + Int64((window.start * 1e9).rounded())
        end = origin + Int64((window.end * 1e9).rounded())
    }

    /// True while the device is away.
    func isAway(at time: Int64) -> Bool { start <= time && time < end }
}
