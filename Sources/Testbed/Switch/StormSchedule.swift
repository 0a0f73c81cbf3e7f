import Fixture
import Wire

/// An mDNS storm (`Fixture.MDNSStorm`) as the switch plays it: from `start` to `end` (monotonic
/// ns, drawn once from the port's seed and counted from the switch's start) the device's port
/// sends `frame` — its mDNS announcement to 224.0.0.251 — every `intervalNs`, as if the device
/// had sent it (so its own link and a `leave` apply).
struct StormSchedule: Sendable, Equatable {
    let start: Int64
    let end: Int64
    let intervalNs: Int64
    let frame: [UInt8]
    /// When the next announcement is due.
    private(set) var next: Int64

    /// At most this many announcements in one wake-up of the switch: a loop held up (a loaded
    /// machine) skips the ones it missed rather than sending them all at once.
    static let burstLimit = 64

    init(_ storm: Fixture.MDNSStorm, frame: [UInt8], origin: Int64, seed: UInt64) {
        var random = RandomSource(seed: seed)
        let window = storm.window(startDraw: random.unit(), durationDraw: random.unit())
        start = origin + Int64((window.start * 1e9).rounded())
        end = origin + Int64((window.end * 1e9).rounded())
        intervalNs = max(1, Int64((1e9 / storm.perSecond).rounded()))
        self.frame = frame
        next = start
    }

    /// When the next announcement is due, or nil once the storm is over.
    var nextDue: Int64? { next < end ? next : nil }

    /// How many announcements are due at `now` (at most `burstLimit`); moves past them, skipping
    /// any beyond the limit.
    mutating func due(at now: Int64) -> Int {
        var count = 0
        while next <= now && next < end && count < Self.burstLimit {
            count += 1
            next += intervalNs
        }
        if next <= now && next < end { next = now + intervalNs }
        return count
    }

    /// The device's mDNS announcement (address, reverse and every undelayed service, as its agent
    /// announces at start) as an Ethernet frame from its MAC and address to 224.0.0.251:5353.
    static func frame(for device: Fixture.Device) -> [UInt8] {
        let payload = MDNSResponsePlanner(records: MDNSRecordSet(device: device)).announcement().encoded()
        let udp = PacketBuilder.udp(
            source: device.ip,
            destination: MDNSResponder.group,
            sourcePort: UInt16(MDNSResponder.port),
            destinationPort: UInt16(MDNSResponder.port),
            payload: payload
        )
        return PacketBuilder.ethernet(
            destination: MACAddress("01:00:5e:00:00:fb")!,
            source: device.mac,
            type: .ipv4,
            payload: PacketBuilder.ipv4(
                source: device.ip,
                destination: MDNSResponder.group,
                protocol: .udp,
                payload: udp,
                ttl: 255
            )
        )
    }
}
