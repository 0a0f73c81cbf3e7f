import StrictYAML
import Wire

// Faults on the LAN (issue 47): events that break a device's presence for a while, each at a time
// the fixture states or drawn from the testbed's seed, and each published in the testbed's event
// log (`path-events.json`) so that a run's missed-device reasons can name it. docs/FIXTURES.md
// ("Faults") describes them.

extension Fixture {
    /// The device leaves the LAN and comes back: from a start drawn uniformly from `start_s:
    /// [min, max]` (seconds after the switch's start) for a time drawn from `away_s: [min, max]`,
    /// the switch carries nothing to or from it (as if it walked out of range or was switched off);
    /// then it is back on the same address, or with `new_address: true` on another one of the
    /// subnet (`returnAddresses(seed:)`), as a device that asks DHCP again on its return may get.
    /// `[t, t]` states a fixed time.
    public struct Leave: Codable, Sendable, Equatable {
        /// What either bound of `start_s` may be (a day).
        public static let startRangeS: ClosedRange<Double> = 0...86_400
        /// What either bound of `away_s` may be (a day).
        public static let awayRangeS: ClosedRange<Double> = 0.1...86_400

        public var startS: [Double]
        public var awayS: [Double]
        /// Come back on another address of the subnet (default false: the same one).
        public var newAddress: Bool?

        public init(startS: [Double], awayS: [Double], newAddress: Bool? = nil) {
            self.startS = startS
            self.awayS = awayS
            self.newAddress = newAddress
        }

        /// The window `[start, end)` in seconds after the switch's start, given two uniform draws
        /// in [0, 1).
        public func window(startDraw: Double, awayDraw: Double) -> (start: Double, end: Double) {
            let start = startS[0] + startDraw * (startS[1] - startS[0])
            let away = awayS[0] + awayDraw * (awayS[1] - awayS[0])
            return (start, start + away)
        }

        enum CodingKeys: String, CodingKey, CaseIterable {
            case startS = "start_s"
            case awayS = "away_s"
            case newAddress = "new_address"
        }
    }

    /// The address each device whose `leave` has `new_address: true` comes back on: drawn from
    /// `seed`, uniformly among the subnet's host addresses that no device, the gateway or the
    /// scanner holds and no other return took, in the order of `devices`. A device gets none when
    /// the subnet has no free address left (the validator refuses such a fixture).
    public func returnAddresses(seed: UInt64) -> [String: IPv4Address] {
        let movers = devices.filter { $0.leave?.newAddress == true }
        guard !movers.isEmpty else { return [:] }
        var taken = Set(devices.map(\.ip.value) + [network.gateway.value, network.scanner.ip.value])
        var free = network.subnet.hosts.filter { !taken.contains($0.value) }
        var random = RandomSource(seed: seed ^ 0x4E45_5741_4444_5200)
        var result: [String: IPv4Address] = [:]
        for device in movers where !free.isEmpty {
            let address = free.remove(at: Int(random.next() % UInt64(free.count)))
            taken.insert(address.value)
            result[device.name] = address
        }
        return result
    }
}

extension Fixture {
    /// An mDNS storm: from a start drawn from `start_s: [min, max]` (seconds after the switch's
    /// start), for a time drawn from `duration_s: [min, max]`, the device multicasts its mDNS
    /// announcement (its address and every service it has) `per_second` times a second to
    /// 224.0.0.251:5353. RFC 6762 §6 lets a responder multicast a record at most once a second;
    /// a storm breaks that (a faulty responder, or a loop). The rate is an assumption, swept 1-1000.
    public struct MDNSStorm: Codable, Sendable, Equatable {
        public static let perSecondRange: ClosedRange<Double> = 1...1_000
        public static let durationRangeS: ClosedRange<Double> = 0.1...86_400

        public var perSecond: Double
        public var startS: [Double]
        public var durationS: [Double]

        public init(perSecond: Double, startS: [Double], durationS: [Double]) {
            self.perSecond = perSecond
            self.startS = startS
            self.durationS = durationS
        }

        /// The storm's `[start, end)` in seconds after the switch's start, given two uniform draws in [0, 1).
        public func window(startDraw: Double, durationDraw: Double) -> (start: Double, end: Double) {
            let start = startS[0] + startDraw * (startS[1] - startS[0])
            return (start, start + durationS[0] + durationDraw * (durationS[1] - durationS[0]))
        }

        enum CodingKeys: String, CodingKey, CaseIterable {
            case perSecond = "per_second"
            case startS = "start_s"
            case durationS = "duration_s"
        }
    }
}

extension Fixture {
    /// Hostile answers: the device's own responders answer, on each protocol listed, with a
    /// message a parser must survive. For each protocol the testbed draws one kind from `kinds`
    /// with its seed (`drawn(seed:)`) at `testbed up` and logs it; every answer on that protocol
    /// is then of that kind for the testbed's life. What counts as malformed is what RFC 1035
    /// §4.1 (DNS messages, which RFC 6762 §18 keeps for mDNS), UPnP Device Architecture 2.0 §1.3.3
    /// (the search response) and RFC 9112 §4, §6 (status line, message body) require.
    public struct Hostile: Codable, Sendable, Equatable {
        /// A protocol whose answers the fault spoils.
        public enum HostileProtocol: String, Codable, Sendable, CaseIterable, Comparable {
            case mdns, ssdp, http

            public init(from decoder: any Decoder) throws { self = try Self.decodeListingCases(from: decoder) }
            public static func < (lhs: Self, rhs: Self) -> Bool {
                allCases.firstIndex(of: lhs)! < allCases.firstIndex(of: rhs)!
            }
        }

        /// What is wrong with an answer.
        public enum Kind: String, Codable, Sendable, CaseIterable {
            /// Breaks the protocol's grammar (a looping or out-of-range DNS compression pointer,
            /// counts above the records present; SSDP without CRLF or with garbage header lines;
            /// an HTTP status line or Content-Length that does not parse).
            case malformed
            /// Cut part-way (an HTTP connection closed mid-body).
            case truncated
            /// Far larger than any real answer (a DNS message near 9000 bytes or a 64 KB TXT, a
            /// 64 KB SSDP header, an HTTP body of megabytes or a header line without end).
            case oversized

            public init(from decoder: any Decoder) throws { self = try Self.decodeListingCases(from: decoder) }
        }

        public var protocols: [HostileProtocol]
        public var kinds: [Kind]

        public init(protocols: [HostileProtocol], kinds: [Kind]) {
            self.protocols = protocols
            self.kinds = kinds
        }

        /// The kind each listed protocol answers with, one draw per protocol from `kinds`
        /// (the same seed gives the same kinds).
        public func drawn(seed: UInt64) -> [HostileProtocol: Kind] {
            var random = RandomSource(seed: seed)
            var result: [HostileProtocol: Kind] = [:]
            for name in protocols.sorted() {
                result[name] = kinds[Int(random.next() % UInt64(kinds.count))]
            }
            return result
        }

        /// `mdns truncated, http oversized`: a draw as the event log and the agent's argument
        /// spell it.
        public static func text(_ drawn: [HostileProtocol: Kind]) -> String {
            drawn.keys.sorted().map { "\($0.rawValue) \(drawn[$0]!.rawValue)" }.joined(separator: ", ")
        }

        /// Reads what `text(_:)` wrote; nil when a part is not `PROTOCOL KIND`.
        public static func parse(_ text: String) -> [HostileProtocol: Kind]? {
            var result: [HostileProtocol: Kind] = [:]
            for part in text.split(separator: ",") {
                let words = part.split(separator: " ")
                guard words.count == 2, let name = HostileProtocol(rawValue: String(words[0])),
                    let kind = Kind(rawValue: String(words[1]))
                else { return nil }
                result[name] = kind
            }
            return result
        }

        enum CodingKeys: String, CodingKey, CaseIterable {
            case protocols, kinds
        }
    }
}
