extension SessionScript {
    /// The Wake-on-LAN tool (spec §5.7): one magic packet for `target` — a MAC, or a `$name` the
    /// caller binds with `--target name=MAC` — to `broadcast`:`port` over UDP. NetMonitor sends to
    /// 255.255.255.255:9 unless the user edits the address (iOS).
    public struct WakeOnLAN: Codable, Sendable, Equatable {
        public var target: String
        public var broadcast = "255.255.255.255"
        public var port = 9

        enum CodingKeys: String, CodingKey, CaseIterable { case target, broadcast, port }
        public init(target: String, broadcast: String = "255.255.255.255", port: Int = 9) {
            (self.target, self.broadcast, self.port) = (target, broadcast, port)
        }
        public init(from decoder: any Decoder) throws {
            let c = try decoder.container(keyedBy: CodingKeys.self)
            target = try c.decode(String.self, forKey: .target)
            broadcast = try c.decodeIfPresent(String.self, forKey: .broadcast) ?? "255.255.255.255"
            port = try c.decodeIfPresent(Int.self, forKey: .port) ?? 9
        }
    }

    /// The Bonjour browser tool (spec §5.8: browse, stop after 10 s), listing every service it
    /// resolved. `types` narrows it; absent, it browses the types the app declares (the
    /// strategy's `bonjour.tiers`: an iOS app may browse only declared types, spec §2.3).
    public struct Browse: Codable, Sendable, Equatable {
        public var windowS: Double = 10
        public var types: [String]?

        enum CodingKeys: String, CodingKey, CaseIterable { case windowS = "window_s", types }
        public init(windowS: Double = 10, types: [String]? = nil) {
            (self.windowS, self.types) = (windowS, types)
        }
        public init(from decoder: any Decoder) throws {
            let c = try decoder.container(keyedBy: CodingKeys.self)
            windowS = try c.decodeIfPresent(Double.self, forKey: .windowS) ?? 10
            types = try c.decodeIfPresent([String].self, forKey: .types)
        }
    }

    /// The device-detail screen's service discovery (spec §5.8): browse for `window_s` (10 s),
    /// resolve, keep the services whose addresses include `target`'s.
    public struct Detail: Codable, Sendable, Equatable {
        public var target: String
        public var windowS: Double = 10

        enum CodingKeys: String, CodingKey, CaseIterable { case target, windowS = "window_s" }
        public init(target: String, windowS: Double = 10) {
            (self.target, self.windowS) = (target, windowS)
        }
        public init(from decoder: any Decoder) throws {
            let c = try decoder.container(keyedBy: CodingKeys.self)
            target = try c.decode(String.self, forKey: .target)
            windowS = try c.decodeIfPresent(Double.self, forKey: .windowS) ?? 10
        }
    }
}
