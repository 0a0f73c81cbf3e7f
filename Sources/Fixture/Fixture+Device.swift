import StrictYAML
import Wire

extension Fixture {
    /// A device on the LAN and everything it does on the wire.
    public struct Device: Codable, Sendable, Equatable {
        /// Unique name, lower-case letters, digits and '-' (it names the device's namespace).
        public var name: String
        public var ip: IPv4Address
        public var mac: MACAddress
        public var category: DeviceCategory
        /// Host name served as A and PTR by the gateway's DNS (without the domain).
        public var hostname: String?
        public var link: LinkImpairment?
        public var arp: ARPBehaviour?
        /// 802.11 power save: unicast frames to the device wait at the AP until it wakes.
        public var powerSave: PowerSave?
        /// Deep sleep: the device answers nothing for seconds at a time.
        public var deepSleep: DeepSleep?
        /// A fault: the device leaves the LAN for a while and comes back (`Fixture+Faults.swift`).
        public var leave: Leave?
        /// A fault: the device multicasts its mDNS announcement many times a second for a while.
        public var mdnsStorm: MDNSStorm?
        /// A fault: the device's own mDNS, SSDP or HTTP answers are malformed, truncated or oversized.
        public var hostile: Hostile?
        /// Whether the device answers ICMP echo (default true).
        public var icmpEcho: Bool?
        /// TTL and TCP options of the device's OS family (a model on the testbed's kernel).
        public var ipStack: IPStack?
        public var tcp: TCPPorts?
        public var udp: [UDPService]?
        public var mdns: [MDNSService]?
        public var ssdp: SSDPService?
        public var http: [HTTPEndpoint]?
        public var banners: [Banner]?
        public var upnp: UPnPDescription?
        public var airplay: AirPlayInfo?
        public var chromecast: ChromecastInfo?
        /// Runs a Wake-on-LAN listener on UDP 9 that records what it receives.
        public var wakeOnLAN: Bool?
        public var notes: String?

        public var answersEcho: Bool { icmpEcho ?? true }

        /// Whether an open `port` without an `http` or `banners` entry serves HTTP anyway: AirPlay
        /// (7000), Chromecast (8008) and the SSDP description port.
        public func servesHTTPImplicitly(on port: Int) -> Bool {
            (port == 7000 && airplay != nil) || (port == 8008 && chromecast != nil) || ssdp?.locationPort == port
        }
        public var tcpPorts: TCPPorts { tcp ?? TCPPorts() }

        enum CodingKeys: String, CodingKey, CaseIterable {
            case name, ip, mac, category, hostname, link, arp, tcp, udp, mdns, ssdp, http, banners
            case upnp, airplay, chromecast, notes, leave, hostile
            case icmpEcho = "icmp_echo"
            case ipStack = "ip_stack"
            case wakeOnLAN = "wake_on_lan"
            case powerSave = "power_save"
            case deepSleep = "deep_sleep"
            case mdnsStorm = "mdns_storm"
        }
    }

    /// Ground-truth device categories (the classifier's target labels).
    public enum DeviceCategory: String, Codable, Sendable, CaseIterable {
        case router, phone, tablet, computer, tv, speaker, gaming, iot, printer, camera, storage

        public init(from decoder: any Decoder) throws { self = try Self.decodeListingCases(from: decoder) }
    }

    /// Impairments of the link between a device and the switch.
    ///
    /// `delay_ms` and `jitter_ms` apply in each direction (a ping sees about twice the delay);
    /// `loss_percent` and `burst_loss` apply to frames the device sends, as netem on the device's
    /// own interface would.
    public struct LinkImpairment: Codable, Sendable, Equatable {
        /// What `delay_ms` may be (the validator's rule; a twin leaves out a delay beyond it).
        public static let delayRangeMs: ClosedRange<Double> = 0...5_000
        public var delayMs: Double?
        /// Uniform jitter: each frame's delay is drawn from [delay − jitter, delay + jitter]; order kept.
        public var jitterMs: Double?
        public var lossPercent: Double?
        public var burstLoss: BurstLoss?

        public init(
            delayMs: Double? = nil,
            jitterMs: Double? = nil,
            lossPercent: Double? = nil,
            burstLoss: BurstLoss? = nil
        ) {
            self.delayMs = delayMs
            self.jitterMs = jitterMs
            self.lossPercent = lossPercent
            self.burstLoss = burstLoss
        }

        enum CodingKeys: String, CodingKey, CaseIterable {
            case delayMs = "delay_ms"
            case jitterMs = "jitter_ms"
            case lossPercent = "loss_percent"
            case burstLoss = "burst_loss"
        }
    }

    /// Gilbert–Elliott burst loss: a good and a bad state; every frame in the bad state is lost.
    public struct BurstLoss: Codable, Sendable, Equatable {
        /// Chance, per frame, of going from good to bad.
        public var enterPercent: Double
        /// Chance, per frame, of going from bad back to good (mean burst = 100 / exit_percent frames).
        public var exitPercent: Double

        enum CodingKeys: String, CodingKey, CaseIterable {
            case enterPercent = "enter_percent"
            case exitPercent = "exit_percent"
        }
    }

    /// How the device answers ARP requests (applied by the switch to its ARP replies).
    public struct ARPBehaviour: Codable, Sendable, Equatable {
        /// What `reply_delay_ms` may be.
        public static let replyDelayRangeMs: ClosedRange<Double> = 0...10_000
        public var replyDelayMs: Double?
        /// Chance that a given ARP reply is delivered (default 1).
        public var replyProbability: Double?

        public init(replyDelayMs: Double? = nil, replyProbability: Double? = nil) {
            self.replyDelayMs = replyDelayMs
            self.replyProbability = replyProbability
        }

        enum CodingKeys: String, CodingKey, CaseIterable {
            case replyDelayMs = "reply_delay_ms"
            case replyProbability = "reply_probability"
        }
    }

    /// TCP port states. Unlisted ports follow `default`.
    public struct TCPPorts: Codable, Sendable, Equatable {
        public var open: [Int]?
        public var closed: [Int]?
        public var filtered: [Int]?
        public var `default`: PortPolicy?

        public init() {}

        public var openPorts: [Int] { open ?? [] }
        public var closedPorts: [Int] { closed ?? [] }
        public var filteredPorts: [Int] { filtered ?? [] }
        public var defaultPolicy: PortPolicy { self.default ?? .closed }

        /// The state a probe of `port` should find.
        public func state(of port: Int) -> PortState {
            if openPorts.contains(port) { return .open }
            if closedPorts.contains(port) { return .closed }
            if filteredPorts.contains(port) { return .filtered }
            return defaultPolicy == .closed ? .closed : .filtered
        }

        enum CodingKeys: String, CodingKey, CaseIterable { case open, closed, filtered, `default` }
    }

    /// What happens to a TCP port that is not listed: answered with RST, or silently dropped.
    public enum PortPolicy: String, Codable, Sendable, CaseIterable {
        case closed, filtered

        public init(from decoder: any Decoder) throws { self = try Self.decodeListingCases(from: decoder) }
    }

    /// What a port scan should report.
    public enum PortState: String, Codable, Sendable { case open, closed, filtered }

    /// A UDP port the device listens on; with `reply`, each datagram is answered with that text.
    public struct UDPService: Codable, Sendable, Equatable {
        public var port: Int
        public var reply: String?

        enum CodingKeys: String, CodingKey, CaseIterable { case port, reply }
    }
}
