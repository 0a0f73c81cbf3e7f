import Wire

/// Draws the generator's Wi-Fi behaviours (`--wifi full`, docs/FIXTURES.md "Wi-Fi behaviours")
/// onto an existing fixture: `scanbench fixture wifi`. A hand-written LAN then carries power save,
/// deep sleep and the scanner's path events at the same sourced rates as a generated one, and its
/// devices, addresses and services stay exactly as written.
///
/// The generator decides per device from its kind, its wired draw and its dozing draw; a
/// hand-written device has none of these, so they are read from what the file says:
///
/// | generator draw | read from the fixture |
/// |---|---|
/// | wired | `link.delay_ms` below 1 ms, or no `link` (the generator's wired links are 0.1-0.5 ms one way, its Wi-Fi links at least 1 ms) |
/// | dozing | an `arp` rule with `reply_delay_ms` above 0 and `reply_probability` above 0 (late ARP: the generator's asleep rule) |
/// | ESP-based kind | the MAC is in an Espressif Inc. block (`WiFiOverlayVendors.espressif`) |
/// | battery kind (`ring`, `arlo`, `nest-thermostat`) | a Ring LLC or Arlo Technology block, or a Nest Labs block on an `iot` device |
///
/// Device *i* draws from the generator's Wi-Fi stream for device *i* and the scanner from the
/// scanner's (`WiFiDraw`), so the same seed, profile and file give byte-identical output.
public enum WiFiOverlay {
    /// What `scanbench fixture wifi` was asked for.
    public struct Options: Sendable, Equatable {
        public var seed: UInt64
        public var profile: LANProfile
        /// The fixture drawn onto, as given on the command line.
        public var source: String
        /// The new fixture's `name:`; default `<source name>-wifi`.
        public var name: String?

        public init(seed: UInt64, profile: LANProfile, source: String, name: String? = nil) {
            self.seed = seed
            self.profile = profile
            self.source = source
            self.name = name
        }

        /// The command that writes exactly this file: options in a fixed order, `--out` last.
        public func commandLine(out: String? = nil) -> String {
            var words = ["scanbench", "fixture", "wifi", "--seed", "\(seed)", "--profile", profile.rawValue]
            if let name { words += ["--name", name] }
            words.append(source)
            if let out { words += ["--out", out] }
            return words.joined(separator: " ")
        }
    }

    /// `base` with the Wi-Fi behaviours drawn.
    /// - Parameters:
    ///   - base: the fixture drawn onto; it must have no `power_save`, `deep_sleep` or scanner `wifi` yet.
    ///   - options: seed, profile and the new name.
    /// - Throws: `FixtureError` when `base` already has Wi-Fi behaviours or the name is no fixture name.
    public static func fixture(_ base: Fixture, options: Options) throws -> Fixture {
        let already = base.devices.filter { $0.powerSave != nil || $0.deepSleep != nil }.map(\.name)
        guard already.isEmpty, base.network.scanner.wifi == nil else {
            let what =
                already.isEmpty
                ? "its scanner has `wifi` events"
                : "\(already.prefix(3).joined(separator: ", ")) already have power_save or deep_sleep"
            throw FixtureError(
                "\(options.source) already carries Wi-Fi behaviours: \(what)",
                fix: "draw onto the fixture without them (remove power_save, deep_sleep and network.scanner.wifi)"
            )
        }
        let name = options.name ?? "\(base.name)-wifi"
        guard (1...40).contains(name.count), name.first != "-",
            name.allSatisfy({ ("a"..."z").contains($0) || ("0"..."9").contains($0) || $0 == "-" })
        else {
            throw FixtureError(
                "--name '\(name)' is not a fixture name",
                fix: "use 1-40 lower-case letters, digits and '-', e.g. --name home-wifi"
            )
        }
        var fixture = base
        fixture.name = name
        fixture.description =
            (base.description.map { $0 + " " } ?? "")
            + "With the generator's Wi-Fi behaviours (profile \(options.profile.rawValue), seed \(options.seed))."
        var scannerRandom = RandomSource.stream(seed: options.seed, WiFiDraw.scannerStreamNumber)
        fixture.network.scanner.wifi = WiFiDraw.scanner(profile: options.profile, random: &scannerRandom)
        for index in fixture.devices.indices {
            var random = WiFiDraw.stream(seed: options.seed, device: index)
            let device = fixture.devices[index]
            let drawn = WiFiDraw.draw(
                modemSleep: isESPBased(device),
                deepSleepKind: isBatteryKind(device),
                wired: isWired(device),
                dozing: isDozing(device),
                profile: options.profile,
                random: &random
            )
            guard !drawn.summary.isEmpty else { continue }
            fixture.devices[index].powerSave = drawn.powerSave
            fixture.devices[index].deepSleep = drawn.deepSleep
            let drawnNote = "Wi-Fi drawn: " + drawn.summary.joined(separator: "; ") + "."
            fixture.devices[index].notes = device.notes.map { $0 + " " + drawnNote } ?? drawnNote
        }
        return fixture
    }

    /// The new fixture as YAML, headed by the command that writes it and a summary.
    public static func yaml(_ base: Fixture, options: Options, out: String? = nil) throws -> String {
        let fixture = try fixture(base, options: options)
        let dozing = fixture.devices.filter { $0.powerSave != nil && isDozing($0) }.count
        let modem = fixture.devices.filter { $0.powerSave != nil && !isDozing($0) }.count
        let sleepers = fixture.devices.filter { $0.deepSleep != nil }.map(\.name)
        let profile = options.profile
        let header = [
            "Drawn by ScanBench's Wi-Fi overlay (LAN generator version \(LANGenerator.version)) onto \(options.source); do not edit, regenerate with:",
            "  \(options.commandLine(out: out))",
            "The devices are \(base.name)'s as written there, plus power_save, deep_sleep and the scanner's wifi events drawn at the",
            "'\(profile.rawValue)' profile's rates (docs/FIXTURES.md \"Wi-Fi behaviours\", \"Drawing them onto a hand-written fixture\").",
            "\(fixture.devices.count) devices: \(dozing) dozing with power save, \(modem) ESP-based with modem sleep, "
                + "\(sleepers.count) deep sleepers\(sleepers.isEmpty ? "" : " (\(sleepers.joined(separator: ", ")))"),",
            "scanner path events per hour: roam \(NumberText.decimal(profile.roamsPerHour)), association loss "
                + "\(NumberText.decimal(profile.associationLossesPerHour)), congestion burst \(NumberText.decimal(profile.congestionBurstsPerHour)).",
        ]
        return FixtureYAMLWriter.yaml(fixture, header: header)
    }

    static func isWired(_ device: Fixture.Device) -> Bool { (device.link?.delayMs ?? 0) < 1 }

    static func isDozing(_ device: Fixture.Device) -> Bool {
        guard let arp = device.arp else { return false }
        return (arp.replyDelayMs ?? 0) > 0 && (arp.replyProbability ?? 1) > 0
    }

    static func prefix(_ device: Fixture.Device) -> String { String(device.mac.description.lowercased().prefix(8)) }

    static func isESPBased(_ device: Fixture.Device) -> Bool { WiFiOverlayVendors.espressif.contains(prefix(device)) }

    static func isBatteryKind(_ device: Fixture.Device) -> Bool {
        let block = prefix(device)
        return WiFiOverlayVendors.ring.contains(block) || WiFiOverlayVendors.arlo.contains(block)
            || (WiFiOverlayVendors.nestLabs.contains(block) && device.category == .iot)
    }
}
