import Fixture
import Wire

// The switch as a Wi-Fi AP: when a station's power save delivers a unicast frame, whether a deep
// sleeper hears anything, and the scanner's path events. Times are monotonic nanoseconds; each
// model counts from the switch's start (`origin`) and draws its phase or events from the seed,
// so one seed replays the same schedule relative to the start.

/// 802.11 power save of one station (`Fixture.PowerSave`): beacons every `beaconNs` from the
/// origin (the AP's TSF, shared by all stations); the station listens at every `beacons`-th one,
/// at an offset among them drawn from the seed. A unicast frame reaching a dozing station waits
/// for its next wake-up; any frame to or from it keeps it awake `awakeNs` longer.
struct DozeSchedule: Sendable, Equatable {
    let origin: Int64
    let beaconNs: Int64
    let beacons: Int64
    /// Which of the `beacons` beacons of each listen period the station wakes at.
    let offset: Int64
    let awakeNs: Int64
    /// When the station is awake, as [start, end) intervals in time order: the ones its frames
    /// made so far, including wake-ups already promised to frames held for it.
    private(set) var awake: [(start: Int64, end: Int64)] = []

    static func == (lhs: DozeSchedule, rhs: DozeSchedule) -> Bool {
        lhs.origin == rhs.origin && lhs.beaconNs == rhs.beaconNs && lhs.beacons == rhs.beacons
            && lhs.offset == rhs.offset
            && lhs.awakeNs == rhs.awakeNs && lhs.awake.elementsEqual(rhs.awake) { $0 == $1 }
    }

    init(_ config: Fixture.PowerSave, origin: Int64, seed: UInt64) {
        self.origin = origin
        beaconNs = Int64((config.beaconMs * 1_000_000).rounded())
        beacons = Int64(config.beacons)
        var random = RandomSource(seed: seed)
        offset = Int64(random.next() % UInt64(config.beacons))
        awakeNs = Int64((config.timeoutMs * 1_000_000).rounded())
    }

    /// The period between two wake-ups.
    var periodNs: Int64 { beaconNs * beacons }

    /// The first wake-up at or after `time`.
    func nextWake(atOrAfter time: Int64) -> Int64 {
        let first = origin + offset * beaconNs
        guard time > first else { return first }
        let periods = (time - first + periodNs - 1) / periodNs
        return first + periods * periodNs
    }

    /// True when the station is awake at `time`.
    func isAwake(at time: Int64) -> Bool { awake.contains { $0.start <= time && time < $0.end } }

    /// When a unicast frame reaching the AP's queue for this station at `arrival` is delivered
    /// (at once if the station is awake, else at its next wake-up); the station stays awake
    /// `awakeNs` after it. Arrivals come in time order.
    mutating func deliver(arrival: Int64) -> Int64 {
        let at = isAwake(at: arrival) ? arrival : nextWake(atOrAfter: arrival)
        stayAwake(from: at, now: arrival)
        return at
    }

    /// When a frame flooded to this station's port (unicast for a MAC the switch has not learnt,
    /// so not addressed to the station) is delivered: held like the station's own frames, but it
    /// does not keep the station awake (a real AP would not send it to this station at all).
    func deliverFlooded(arrival: Int64) -> Int64 {
        isAwake(at: arrival) ? arrival : nextWake(atOrAfter: arrival)
    }

    /// The station sent a frame at `time` (it wakes to transmit) and stays awake after it.
    mutating func sent(at time: Int64) {
        stayAwake(from: time, now: time)
    }

    /// Awake over [time, time + awakeNs), merged with the intervals it touches; forgets the
    /// intervals over before `now`.
    private mutating func stayAwake(from time: Int64, now: Int64) {
        awake.removeAll { $0.end <= now && $0.end < time }
        var interval = (start: time, end: time + awakeNs)
        awake.removeAll { other in
            guard other.start <= interval.end && interval.start <= other.end else { return false }
            interval = (min(other.start, interval.start), max(other.end, interval.end))
            return true
        }
        awake.append(interval)
        awake.sort { $0.start < $1.start }
    }
}

/// A deep sleeper's cycle (`Fixture.DeepSleep`): asleep for `sleepNs`, then awake for the rest
/// of `periodNs`, over and over from the origin; `phaseNs` is where in the cycle the origin falls.
struct SleepCycle: Sendable, Equatable {
    let origin: Int64
    let sleepNs: Int64
    let periodNs: Int64
    let phaseNs: Int64

    init(_ config: Fixture.DeepSleep, origin: Int64, seed: UInt64) {
        self.origin = origin
        sleepNs = Int64((config.sleepS * 1e9).rounded())
        periodNs = sleepNs + Int64((config.awakeS * 1e9).rounded())
        if let phase = config.phaseS {
            phaseNs = Int64((phase * 1e9).rounded()) % periodNs
        } else {
            var random = RandomSource(seed: seed)
            phaseNs = Int64(random.next() % UInt64(periodNs))
        }
    }

    /// True while the device sleeps.
    func isAsleep(at time: Int64) -> Bool {
        var position = (time - origin + phaseNs) % periodNs
        if position < 0 { position += periodNs }
        return position < sleepNs
    }
}

/// The scanner's path events (`Fixture.ScannerWiFi`) as a timeline drawn lazily from the seed.
///
/// Time is cut into 10 ms slots from the origin; in each slot each kind of event starts with
/// probability `per_hour × 10 ms / 1 h` (a Bernoulli approximation of a Poisson process, exact to
/// within one slot), at a uniform instant of the slot, lasting a uniform draw from its range.
/// Slot *k*'s draws come from a generator keyed on the seed, the kind and *k*, so a seed gives
/// the same timeline whatever frames ask about it and when. Gaps listed in `at_s` start at those
/// times besides, each as long as a draw keyed on the seed, the kind and its index.
/// An event of a gap kind with `link_down` takes the scanner's carrier away for its length.
struct PathEventTimeline: Sendable {
    /// What happens to the scanner's path.
    enum Kind: String, Sendable, Codable, CaseIterable {
        case roam
        case associationLoss = "association_loss"
        case congestion

        var key: UInt64 {
            switch self {
            case .roam: 1
            case .associationLoss: 2
            case .congestion: 3
            }
        }
    }

    /// One event, in monotonic nanoseconds.
    struct Event: Sendable, Equatable {
        var kind: Kind
        var start: Int64
        var end: Int64
        /// The scanner's interface has no carrier during it.
        var linkDown = false
    }

    /// The state of the path at one instant.
    struct State: Sendable, Equatable {
        /// The event that carries nothing now (roam or association loss), if any.
        var gap: Kind?
        var congested: Bool
        /// A gap that takes the scanner's carrier away is under way.
        var linkDown = false
    }

    static let slotNs: Int64 = 10_000_000
    private static let hourNs = 3_600_000_000_000.0

    private struct Source: Sendable {
        var kind: Kind
        var chancePerSlot: Double
        var minNs: Int64
        var maxNs: Int64
        var linkDown: Bool
    }

    let origin: Int64
    private let base: UInt64
    private let sources: [Source]
    /// The first slot not drawn yet.
    private var cursor: Int64 = 0
    /// Events drawn that have not ended by the last query.
    private var active: [Event] = []
    /// Every event drawn so far (for the published log).
    private(set) var drawn: [Event] = []
    /// The `at_s` gaps not started yet, soonest last.
    private var scheduled: [Event] = []

    init(_ wifi: Fixture.ScannerWiFi, origin: Int64, seed: UInt64) {
        self.origin = origin
        base = seed
        func source(_ kind: Kind, perHour: Double, range: [Double], linkDown: Bool = false) -> Source? {
            guard perHour > 0, range.count == 2 else { return nil }
            return Source(
                kind: kind,
                chancePerSlot: perHour * Double(Self.slotNs) / Self.hourNs,
                minNs: Int64(range[0] * 1_000_000),
                maxNs: Int64(range[1] * 1_000_000),
                linkDown: linkDown
            )
        }
        sources = [
            wifi.roam.flatMap {
                source(.roam, perHour: $0.perHour, range: $0.gapMs, linkDown: Self.linkDown(.roam, $0))
            },
            wifi.associationLoss.flatMap {
                source(
                    .associationLoss,
                    perHour: $0.perHour,
                    range: $0.gapMs,
                    linkDown: Self.linkDown(.associationLoss, $0)
                )
            },
            wifi.congestion.flatMap { source(.congestion, perHour: $0.perHour, range: $0.durationMs) },
        ].compactMap { $0 }
        var fixed: [Event] = []
        for (kind, gap) in [(Kind.roam, wifi.roam), (.associationLoss, wifi.associationLoss)] {
            guard let gap, gap.gapMs.count == 2 else { continue }
            for (index, at) in (gap.atS ?? []).enumerated() {
                var random = RandomSource(seed: FrameIdentity.mix([seed, kind.key, 0xF1, UInt64(index)]))
                let length = (gap.gapMs[0] + random.unit() * (gap.gapMs[1] - gap.gapMs[0])) * 1_000_000
                let start = origin + Int64(at * 1e9)
                fixed.append(
                    Event(kind: kind, start: start, end: start + Int64(length), linkDown: Self.linkDown(kind, gap))
                )
            }
        }
        scheduled = fixed.sorted { $0.start > $1.start }
    }

    /// Whether a gap of `kind` takes the carrier away: the fixture's `link_down`, else true for an
    /// association loss and false for a roam (docs/FIXTURES.md, "Scanner wifi").
    static func linkDown(_ kind: Kind, _ gap: Fixture.PathGap) -> Bool { gap.linkDown ?? (kind == .associationLoss) }

    /// True when no event can ever happen.
    var isEmpty: Bool { sources.isEmpty && scheduled.isEmpty }

    /// True when some event can take the scanner's carrier away (the switch then watches the timeline).
    var canTakeLinkDown: Bool { sources.contains(where: \.linkDown) || scheduled.contains(where: \.linkDown) }

    /// The path at `time` (which may not go back before an earlier query's time by more than the
    /// longest event: events that ended before the last query are forgotten).
    mutating func state(at time: Int64) -> State {
        guard !isEmpty || !active.isEmpty else { return State(gap: nil, congested: false) }
        let slot = (time - origin) / Self.slotNs
        while cursor <= slot {
            let slotStart = origin + cursor * Self.slotNs
            for source in sources {
                var random = RandomSource(seed: FrameIdentity.mix([base, source.kind.key, UInt64(bitPattern: cursor)]))
                guard random.unit() < source.chancePerSlot else { continue }
                let start = slotStart + Int64(random.unit() * Double(Self.slotNs))
                let length = source.minNs + Int64(random.unit() * Double(source.maxNs - source.minNs))
                let event = Event(kind: source.kind, start: start, end: start + length, linkDown: source.linkDown)
                active.append(event)
                drawn.append(event)
            }
            cursor += 1
        }
        while let next = scheduled.last, next.start <= time {
            scheduled.removeLast()
            active.append(next)
            drawn.append(next)
        }
        active.removeAll { $0.end <= time }
        var state = State(gap: nil, congested: false)
        for event in active where event.start <= time {
            if event.kind == .congestion {
                state.congested = true
            } else if state.gap == nil || event.kind == .associationLoss {
                state.gap = event.kind
            }
            if event.linkDown { state.linkDown = true }
        }
        return state
    }
}
