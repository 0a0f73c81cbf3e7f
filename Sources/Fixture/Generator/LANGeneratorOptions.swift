import Wire

/// What `scanbench fixture generate` was asked for. Everything the generated file depends on is
/// here, so equal options give byte-identical files.
public struct LANGeneratorOptions: Sendable, Equatable {
    /// Devices on the LAN, the gateway included (the scanner is extra).
    public static let deviceLimit = 1...1000
    /// Subnet prefixes the generator accepts: inside 198.18.0.0/15, at least 2 host addresses.
    public static let prefixLimit = 15...30

    public var seed: UInt64
    public var devices: Int
    public var subnet: IPv4Network
    public var profile: LANProfile
    /// The fixture's `name:`; default `gen-<profile>-<devices>-s<seed>`.
    public var name: String?
    /// Which Wi-Fi behaviours are drawn (`--wifi`); the default keeps the committed LANs' bytes.
    public var wifi: WiFiModelling
    /// Share of the devices besides the gateway that answer ARP only (`--arp-only-percent`, 0–100).
    public var arpOnlyPercent: Int

    public init(
        seed: UInt64,
        devices: Int,
        subnet: IPv4Network = IPv4Network("198.18.0.0/24")!,
        profile: LANProfile = .home,
        name: String? = nil,
        wifi: WiFiModelling = .lateARP,
        arpOnlyPercent: Int = 0
    ) {
        self.seed = seed
        self.devices = devices
        self.subnet = subnet
        self.profile = profile
        self.name = name
        self.wifi = wifi
        self.arpOnlyPercent = arpOnlyPercent
    }

    public var fixtureName: String { name ?? "gen-\(profile.rawValue)-\(devices)-s\(seed)" }

    /// Devices a subnet of this prefix holds besides the scanner.
    public static func capacity(prefixLength: Int) -> Int { (1 << (32 - prefixLength)) - 3 }

    /// The options, or what is wrong with them and how to fix it.
    public func validated() throws -> LANGeneratorOptions {
        guard Self.deviceLimit.contains(devices) else {
            throw FixtureError(
                "--devices \(devices) is out of range",
                fix: "give 1 to 1000 devices (the gateway counts as one; the scanner is extra)"
            )
        }
        guard FixtureValidator.isBenchmark(subnet), Self.prefixLimit.contains(subnet.prefixLength) else {
            throw FixtureError(
                "--subnet \(subnet) is not inside 198.18.0.0/15 or not /15 to /30",
                fix:
                    "write a prefix length (--subnet /23) or a network inside 198.18.0.0/15, e.g. --subnet 198.19.4.0/22"
            )
        }
        if let name,
            !(1...40).contains(name.count) || name.first == "-"
                || !name.allSatisfy({ ("a"..."z").contains($0) || ("0"..."9").contains($0) || $0 == "-" })
        {
            throw FixtureError(
                "--name '\(name)' is not a fixture name",
                fix: "use 1-40 lower-case letters, digits and '-', e.g. --name gen-home-25"
            )
        }
        guard (0...100).contains(arpOnlyPercent) else {
            throw FixtureError(
                "--arp-only-percent \(arpOnlyPercent) is not a percentage",
                fix: "give 0 to 100, e.g. --arp-only-percent 33"
            )
        }
        let capacity = Self.capacity(prefixLength: subnet.prefixLength)
        guard devices <= capacity else {
            let fits = (Self.prefixLimit.lowerBound...subnet.prefixLength).last {
                Self.capacity(prefixLength: $0) >= devices
            }!
            throw FixtureError(
                "a /\(subnet.prefixLength) holds at most \(capacity) devices besides the scanner; \(devices) were asked for",
                fix:
                    "use --subnet /\(fits) (\(Self.capacity(prefixLength: fits)) devices) or at most --devices \(capacity)"
            )
        }
        return self
    }

    /// Parses `--subnet`: a prefix length (`/23`, `23`, on 198.18.0.0) or a network
    /// (`198.19.4.0/22`), which must be written with its host bits clear.
    public static func parseSubnet(_ text: String) throws -> IPv4Network {
        let trimmed = text.hasPrefix("/") ? String(text.dropFirst()) : text
        if let length = Int(trimmed) {
            guard (0...32).contains(length) else {
                throw FixtureError(
                    "--subnet /\(length) is not a prefix length",
                    fix: "write /15 to /30, e.g. --subnet /23"
                )
            }
            return IPv4Network(address: IPv4Address(198, 18, 0, 0), prefixLength: length)
        }
        guard let network = IPv4Network(text), let written = IPv4Address(text.prefix { $0 != "/" }) else {
            throw FixtureError(
                "--subnet '\(text)' is neither a prefix length nor a network",
                fix: "write a prefix length (--subnet /23) or a network (--subnet 198.18.0.0/23)"
            )
        }
        guard written == network.address else {
            throw FixtureError(
                "--subnet \(text) has host bits set",
                fix: "write the network address: --subnet \(network)"
            )
        }
        return network
    }

    /// The command that generates exactly this file: options in a fixed order, defaults written
    /// out, `--out` appended when given.
    public func commandLine(out: String? = nil) -> String {
        var words = [
            "scanbench", "fixture", "generate", "--seed", "\(seed)", "--devices", "\(devices)",
            "--subnet", subnet.address == IPv4Address(198, 18, 0, 0) ? "/\(subnet.prefixLength)" : "\(subnet)",
            "--profile", profile.rawValue,
        ]
        if let name { words += ["--name", name] }
        if wifi != .lateARP { words += ["--wifi", wifi.rawValue] }
        if arpOnlyPercent > 0 { words += ["--arp-only-percent", "\(arpOnlyPercent)"] }
        if let out { words += ["--out", out] }
        return words.joined(separator: " ")
    }
}
