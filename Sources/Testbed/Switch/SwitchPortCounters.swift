import Foundation

/// What one port of the userspace switch has done since the testbed came up. The controller
/// publishes every port's counters in the testbed's state directory (`switch.json`, refreshed
/// every 250 ms while they change), so `testbed status` and the harness can read them.
public struct SwitchPortCounters: Codable, Sendable, Equatable {
    /// The host on the port ("scanner", a device name, a router).
    public var name: String
    /// Frames the host sent into the switch.
    public var framesIn = 0
    /// Frames delivered to the host.
    public var framesOut = 0
    /// Frames the host sent that the fixture's loss model dropped (configured loss).
    public var lostOnLink = 0
    /// ARP replies the host sent that its `reply_probability` dropped (configured).
    public var arpRepliesDropped = 0
    /// Frames that could not be written to the host's TAP (its queue was full): loss nobody
    /// configured, which makes every number measured through this port suspect.
    public var writeFailures = 0
    /// Frames to or from the host dropped because it was in deep sleep (`deep_sleep`).
    public var asleepDropped = 0
    /// Unicast frames held for the host until it woke from power save (`power_save`): delivered late.
    public var powerSaveBuffered = 0
    /// Frames to or from the scanner lost to its path events (roam and association-loss gaps,
    /// congestion loss).
    public var pathDropped = 0
    /// Frames to or from the host dropped while it was away (a `leave` fault).
    public var awayDropped = 0
    /// mDNS announcements the switch sent for the host during its storm (an `mdns_storm` fault).
    public var stormSent = 0

    public init(name: String) { self.name = name }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        name = try container.decode(String.self, forKey: .name)
        framesIn = try container.decode(Int.self, forKey: .framesIn)
        framesOut = try container.decode(Int.self, forKey: .framesOut)
        lostOnLink = try container.decode(Int.self, forKey: .lostOnLink)
        arpRepliesDropped = try container.decode(Int.self, forKey: .arpRepliesDropped)
        writeFailures = try container.decode(Int.self, forKey: .writeFailures)
        // Absent from files written before the Wi-Fi behaviours existed.
        asleepDropped = try container.decodeIfPresent(Int.self, forKey: .asleepDropped) ?? 0
        powerSaveBuffered = try container.decodeIfPresent(Int.self, forKey: .powerSaveBuffered) ?? 0
        pathDropped = try container.decodeIfPresent(Int.self, forKey: .pathDropped) ?? 0
        awayDropped = try container.decodeIfPresent(Int.self, forKey: .awayDropped) ?? 0
        stormSent = try container.decodeIfPresent(Int.self, forKey: .stormSent) ?? 0
    }

    /// Every key, except `away_dropped` and `storm_sent` while they are 0, so that a LAN without faults publishes the
    /// same `switch.json` as before faults existed.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(name, forKey: .name)
        try container.encode(framesIn, forKey: .framesIn)
        try container.encode(framesOut, forKey: .framesOut)
        try container.encode(lostOnLink, forKey: .lostOnLink)
        try container.encode(arpRepliesDropped, forKey: .arpRepliesDropped)
        try container.encode(writeFailures, forKey: .writeFailures)
        try container.encode(asleepDropped, forKey: .asleepDropped)
        try container.encode(powerSaveBuffered, forKey: .powerSaveBuffered)
        try container.encode(pathDropped, forKey: .pathDropped)
        if awayDropped != 0 { try container.encode(awayDropped, forKey: .awayDropped) }
        if stormSent != 0 { try container.encode(stormSent, forKey: .stormSent) }
    }

    enum CodingKeys: String, CodingKey {
        case name
        case framesIn = "frames_in"
        case framesOut = "frames_out"
        case lostOnLink = "lost_on_link"
        case arpRepliesDropped = "arp_replies_dropped"
        case writeFailures = "write_failures"
        case asleepDropped = "asleep_dropped"
        case powerSaveBuffered = "power_save_buffered"
        case pathDropped = "path_dropped"
        case awayDropped = "away_dropped"
        case stormSent = "storm_sent"
    }

    /// The file the controller of testbed `id` keeps its switch's counters in.
    public static func path(forTestbed id: String) -> String { "\(TestbedNames(id: id).stateDirectory)/switch.json" }

    /// The counters testbed `id` last published; nil when it has none (not up, or too old).
    public static func load(testbed id: String) -> [SwitchPortCounters]? {
        guard let data = FileManager.default.contents(atPath: path(forTestbed: id)) else { return nil }
        return try? JSONDecoder().decode([SwitchPortCounters].self, from: data)
    }

    /// Writes `counters` atomically (readers never see half a file); false when the state
    /// directory is gone (the testbed is being taken down).
    @discardableResult
    static func publish(_ counters: [SwitchPortCounters], testbed id: String) -> Bool {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        guard let data = try? encoder.encode(counters) else { return false }
        return (try? data.write(to: URL(fileURLWithPath: path(forTestbed: id)), options: .atomic)) != nil
    }
}

extension SwitchPortCounters {
    /// Frames the fixture's impairments dropped on purpose (link loss, ARP replies, deep sleep,
    /// the scanner's path events, a device away).
    public var configuredDrops: Int { lostOnLink + arpRepliesDropped + asleepDropped + pathDropped + awayDropped }

    /// Every count of `self` and `other` combined by `operation`, under `name`.
    func combined(with other: SwitchPortCounters, name: String, _ operation: (Int, Int) -> Int) -> SwitchPortCounters {
        var result = SwitchPortCounters(name: name)
        result.framesIn = operation(framesIn, other.framesIn)
        result.framesOut = operation(framesOut, other.framesOut)
        result.lostOnLink = operation(lostOnLink, other.lostOnLink)
        result.arpRepliesDropped = operation(arpRepliesDropped, other.arpRepliesDropped)
        result.writeFailures = operation(writeFailures, other.writeFailures)
        result.asleepDropped = operation(asleepDropped, other.asleepDropped)
        result.powerSaveBuffered = operation(powerSaveBuffered, other.powerSaveBuffered)
        result.pathDropped = operation(pathDropped, other.pathDropped)
        result.awayDropped = operation(awayDropped, other.awayDropped)
        result.stormSent = operation(stormSent, other.stormSent)
        return result
    }
}

extension Array where Element == SwitchPortCounters {
    /// Port by port, what happened between `earlier` and these counters (ports missing from
    /// `earlier` count from zero).
    public func since(_ earlier: [SwitchPortCounters]) -> [SwitchPortCounters] {
        let before = Dictionary(earlier.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
        return map { now in before[now.name].map { now.combined(with: $0, name: now.name, -) } ?? now }
    }

    /// Every port's counts added up, under the name "all".
    public var total: SwitchPortCounters {
        reduce(SwitchPortCounters(name: "all")) { $0.combined(with: $1, name: "all", +) }
    }
}
