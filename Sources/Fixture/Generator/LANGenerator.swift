import Wire

/// Draws a realistic LAN from a seed: `scanbench fixture generate`.
///
/// A pure function of `LANGeneratorOptions`. The LAN's own stream places the scanner and the
/// devices (`AddressPlan`) and deals out the categories (`categoryCounts`, then a shuffle over the
/// addresses); device *i* (0 is the gateway) draws its kind and everything else from stream
/// *i + 1*, so one device's draws never shift another's. The distributions are stated, with
/// sources, in docs/FIXTURES.md ("Generated LANs").
public enum LANGenerator {
    /// Changes whenever the same options would give a different file; printed in its header.
    public static let version = 4  // 2: identity signals (HAP ci, Cast ca, AirPlay model/am, rpMd, IPP product; issue 35); 3: ip_stack per OS family; 4: the Nest speakers' Cast md/ca as real devices send them

    /// The generated fixture.
    /// - Throws: `FixtureError` for options out of range (with the fix).
    public static func fixture(_ options: LANGeneratorOptions) throws -> Fixture { try generate(options).fixture }

    /// The fixture and, per device, the catalog kind it was drawn as.
    static func generate(_ options: LANGeneratorOptions) throws -> (fixture: Fixture, kinds: [DeviceKind]) {
        let options = try options.validated()
        let profile = options.profile
        var lan = RandomSource.stream(seed: options.seed, 0)
        let plan = AddressPlan(subnet: options.subnet, deviceCount: options.devices, random: &lan)
        var scannerBytes = (0..<6).map { _ in UInt8(truncatingIfNeeded: lan.next()) }
        scannerBytes[0] = 0x02
        var scanner = Fixture.Scanner(ip: plan.scanner, mac: MACAddress(bytes: scannerBytes)!, link: nil)
        if options.wifi == .full {
            var wifi = RandomSource.stream(seed: options.seed, WiFiDraw.scannerStreamNumber)
            scanner.wifi = WiFiDraw.scanner(profile: profile, random: &wifi)
        }

        var categories = categoryCounts(profile.categoryShares, total: options.devices - 1, random: &lan)
            .flatMap { Array(repeating: $0.category, count: $0.count) }
        for index in categories.indices.reversed() where index > 0 {
            categories.swapAt(index, lan.below(index + 1))
        }
        var factory = DeviceFactory(profile: profile, reservedMACs: [scanner.mac])
        var drawn: [(kind: DeviceKind, ip: IPv4Address, random: RandomSource)] = []
        for (index, ip) in ([plan.gateway] + plan.devices).enumerated() {
            var random = RandomSource.stream(seed: options.seed, UInt64(index + 1))
            let kind =
                index == 0
                ? random.weighted(DeviceCatalog.choices(.router, profile: profile, role: .gateway))
                : random.weighted(DeviceCatalog.choices(categories[index - 1], profile: profile))
            drawn.append((kind, ip, random))
        }
        let names = deviceNames(drawn.map(\.kind.category))
        var devices: [Fixture.Device] = []
        for (index, entry) in drawn.enumerated() {
            var random = entry.random
            let wifi = options.wifi == .full ? WiFiDraw.stream(seed: options.seed, device: index) : nil
            devices.append(factory.make(entry.kind, name: names[index], ip: entry.ip, random: &random, wifi: wifi))
        }
        for index in ARPOnlyDraw.chosen(seed: options.seed, devices: devices.count, percent: options.arpOnlyPercent) {
            devices[index] = ARPOnlyDraw.stripped(devices[index])
        }
        renameConflictingInstances(&devices)
        let network = Fixture.Network(
            subnet: options.subnet,
            gateway: plan.gateway,
            domain: profile.domain,
            scanner: scanner
        )
        let fixture = Fixture(
            name: options.fixtureName,
            description:
                "Generated \(profile.rawValue) LAN: \(options.devices) devices on \(options.subnet) (seed \(options.seed)).",
            allowNonBenchmarkAddresses: nil,
            network: network,
            upstream: nil,
            devices: devices
        )
        return (fixture, drawn.map(\.kind))
    }

    /// The fixture as YAML, headed by the command that regenerates it and a summary.
    public static func yaml(_ options: LANGeneratorOptions, out: String? = nil) throws -> String {
        let fixture = try fixture(options)
        return FixtureYAMLWriter.yaml(fixture, header: header(fixture, options: options, out: out))
    }

    /// How many of `total` devices each category gets: its expected count `percent × total / 100`
    /// rounded down or up at random, by systematic sampling over the fractional parts (one
    /// uniform start, then every 100th point of their cumulative sum). The expected count of every
    /// category is exact, the total is `total`, and no count strays more than one from its
    /// expectation. Integer arithmetic throughout.
    static func categoryCounts(
        _ shares: [(category: Fixture.DeviceCategory, percent: Int)],
        total: Int,
        random: inout RandomSource
    ) -> [(category: Fixture.DeviceCategory, count: Int)] {
        var point = random.below(100)
        var cumulative = 0
        return shares.map { share in
            let scaled = share.percent * total
            cumulative += scaled % 100
            var count = scaled / 100
            while point < cumulative {
                count += 1
                point += 100
            }
            return (share.category, count)
        }
    }

    /// `gateway`, then `<category>-<nn>` numbered per category in address order (three digits
    /// when a category has 100 or more).
    static func deviceNames(_ categories: [Fixture.DeviceCategory]) -> [String] {
        var counts: [Fixture.DeviceCategory: Int] = [:]
        for category in categories.dropFirst() { counts[category, default: 0] += 1 }
        var numbered: [Fixture.DeviceCategory: Int] = [:]
        return categories.enumerated().map { index, category in
            guard index > 0 else { return "gateway" }
            numbered[category, default: 0] += 1
            let width = counts[category, default: 0] >= 100 ? 3 : 2
            return "\(category.rawValue)-" + NumberText.zeroPadded(String(numbered[category]!), to: width)
        }
    }

    /// mDNS conflict resolution (RFC 6762 §9): a second device announcing an instance name of a
    /// type already taken on the link renames it `Name (2)`, then `(3)`.
    static func renameConflictingInstances(_ devices: inout [Fixture.Device]) {
        var taken = Set<String>()
        for index in devices.indices {
            guard var services = devices[index].mdns else { continue }
            for position in services.indices {
                let base = services[position].instance
                var candidate = base
                var suffix = 2
                while !taken.insert("\(services[position].type)|\(candidate.lowercased())").inserted {
                    candidate = "\(base) (\(suffix))"
                    suffix += 1
                }
                services[position].instance = candidate
            }
            devices[index].mdns = services
        }
    }

    static func header(_ fixture: Fixture, options: LANGeneratorOptions, out: String?) -> [String] {
        let counts = Fixture.DeviceCategory.allCases.compactMap { category -> String? in
            let count = fixture.devices.filter { $0.category == category }.count
            return count == 0 ? nil : "\(count) \(category.rawValue)"
        }
        var lines = [
            "Generated by ScanBench's LAN generator (version \(version)); do not edit, regenerate with:",
            "  \(options.commandLine(out: out))",
            "Profile '\(options.profile.rawValue)': distributions and their sources in docs/FIXTURES.md (\"Generated LANs\")."
                + (options.wifi == .full
                    ? " Wi-Fi: power save, deep sleep, scanner path events (\"Wi-Fi behaviours\")." : "")
                + (options.arpOnlyPercent > 0
                    ? " \(options.arpOnlyPercent) % of the devices besides the gateway answer ARP only." : ""),
            "\(fixture.devices.count) devices (gateway included, scanner extra): \(counts.joined(separator: ", ")).",
        ]
        if options.subnet.prefixLength < 24 {
            let scanner24 = IPv4Network(address: fixture.network.scanner.ip, prefixLength: 24)
            let outside = fixture.devices.filter { !scanner24.contains($0.ip) }.count
            lines.append("\(outside) of them outside \(scanner24), the /24 around the scanner.")
        }
        return lines
    }
}
