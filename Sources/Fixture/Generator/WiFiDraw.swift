import Wire

/// Which Wi-Fi behaviours `scanbench fixture generate` draws (`--wifi`).
public enum WiFiModelling: String, Sendable, CaseIterable, Codable {
    /// Today's rule only: dozing devices answer broadcast ARP late (the committed LANs).
    case lateARP = "late-arp"
    /// Also unicast buffered for dozing stations (`power_save`), deep sleepers (`deep_sleep`) and
    /// the scanner's path events (`network.scanner.wifi`), at the profile's rates.
    case full
}

/// The draws of `--wifi full`. They come from streams of their own (`stream(device:)`,
/// `scannerStream`), so a LAN drawn with `--wifi full` has exactly the devices, addresses and
/// behaviours of the same LAN without it, plus these keys. Every rate and range is in
/// docs/FIXTURES.md ("Wi-Fi behaviours"), with its source or marked as an assumption.
enum WiFiDraw {
    /// Device *i*'s Wi-Fi stream (its other draws use stream *i* + 1 < 2⁴⁰).
    static func stream(seed: UInt64, device index: Int) -> RandomSource {
        .stream(seed: seed, (1 << 40) | UInt64(index))
    }
    /// The scanner's Wi-Fi stream.
    static let scannerStreamNumber: UInt64 = 1 << 41

    /// Kinds built on Espressif's ESP-IDF/Arduino stacks, whose default Wi-Fi power save is modem
    /// sleep (wake at every DTIM beacon): ESP-IDF `esp_wifi_set_ps` ("Default power save type is
    /// WIFI_PS_MIN_MODEM").
    static let modemSleepKinds: Set<String> = ["esp-device", "shelly", "tasmota", "esphome"]
    /// Battery cameras and thermostats that may sleep deeply (radio off between events).
    static let deepSleepKinds: Set<String> = ["ring", "arlo", "nest-thermostat"]

    /// What was drawn for one device.
    struct Drawn: Sendable {
        var powerSave: Fixture.PowerSave?
        var deepSleep: Fixture.DeepSleep?
        var summary: [String] = []
    }

    /// Draws `power_save` for a dozing device (its `arp` rule applies) or an ESP-based one on
    /// Wi-Fi, and `deep_sleep` for a battery kind, at the profile's share.
    static func draw(
        kind: DeviceKind,
        wired: Bool,
        dozing: Bool,
        profile: LANProfile,
        random: inout RandomSource
    ) -> Drawn {
        draw(
            modemSleep: modemSleepKinds.contains(kind.id),
            deepSleepKind: deepSleepKinds.contains(kind.id),
            wired: wired,
            dozing: dozing,
            profile: profile,
            random: &random
        )
    }

    /// The same draws, for a device whose kind is known only by what it is: ESP-based
    /// (`modemSleepKinds`) or a battery kind (`deepSleepKinds`). `WiFiOverlay` uses it on
    /// hand-written fixtures.
    /// - Parameters:
    ///   - modemSleep: the device is ESP-based: when not dozing it gets DTIM power save.
    ///   - deepSleepKind: the device may sleep deeply, at the profile's share.
    ///   - wired: a wired device draws nothing.
    ///   - dozing: the device answers ARP late (its `arp` rule): it gets power save.
    static func draw(
        modemSleep: Bool,
        deepSleepKind: Bool,
        wired: Bool,
        dozing: Bool,
        profile: LANProfile,
        random: inout RandomSource
    ) -> Drawn {
        var drawn = Drawn()
        guard !wired else { return drawn }
        // DTIM period 1-3 (hostapd default 2; consumer APs 1-3); a dozing phone wakes at every
        // DTIM or every second one (Android bcmdhd's suspend setting), capped at 600 ms.
        let dtim = random.integer(in: 1...3)
        let skip = random.integer(in: 1...2)
        let awake = Double(random.integer(in: 5...30) * 10)
        if dozing {
            let beacons = min(dtim * skip, 5)
            drawn.powerSave = Fixture.PowerSave(listenInterval: beacons, awakeMs: awake)
            drawn.summary.append(
                "power save: unicast waits up to \(NumberText.decimal(Double(beacons) * 102.4)) ms, awake \(NumberText.decimal(awake)) ms after traffic"
            )
        } else if modemSleep {
            drawn.powerSave = Fixture.PowerSave(listenInterval: dtim, awakeMs: awake)
            drawn.summary.append(
                "modem sleep: unicast waits up to \(NumberText.decimal(Double(dtim) * 102.4)) ms, awake \(NumberText.decimal(awake)) ms after traffic"
            )
        }
        let sleeps = random.chance(profile.deepSleepShare)
        let sleep = Double(random.integer(in: 5...30))
        let up = Double(random.integer(in: 2...10))
        if deepSleepKind, sleeps {
            drawn.deepSleep = Fixture.DeepSleep(sleepS: sleep, awakeS: up)
            drawn.summary.append(
                "deep sleep: silent \(NumberText.decimal(sleep)) s, then awake \(NumberText.decimal(up)) s"
            )
        }
        return drawn
    }

    /// The scanner's path events at the profile's rates; the congestion's delay and loss drawn.
    static func scanner(profile: LANProfile, random: inout RandomSource) -> Fixture.ScannerWiFi {
        let delay = Double(random.integer(in: 20...100))
        let jitter = Double(random.integer(in: 0...Int(delay) / 2))
        let loss = random.fraction(10...50, over: 10)
        return Fixture.ScannerWiFi(
            roam: Fixture.PathGap(perHour: profile.roamsPerHour, gapMs: [50, 300]),
            associationLoss: Fixture.PathGap(perHour: profile.associationLossesPerHour, gapMs: [1_000, 10_000]),
            congestion: Fixture.Congestion(
                perHour: profile.congestionBurstsPerHour,
                durationMs: [2_000, 10_000],
                delayMs: delay,
                jitterMs: jitter == 0 ? nil : jitter,
                lossPercent: loss
            )
        )
    }
}

extension LANProfile {
    /// Share of the battery kinds (`WiFiDraw.deepSleepKinds`) that sleep deeply. Assumption.
    public var deepSleepShare: Double { 0.5 }

    /// The scanner's roams per hour. Assumption (no public rate; a phone roams only below
    /// −70 dBm, and a single-AP home never): 1 at home, 2 in an office of several APs.
    public var roamsPerHour: Double { self == .office ? 2 : 1 }

    /// The scanner's losses of association per hour. Assumption (0–0.5 per hour).
    public var associationLossesPerHour: Double { 0.25 }

    /// Congestion bursts per hour: Patro et al. (MobiCom 2013) saw poor home Wi-Fi 2.1 % of the
    /// time; with bursts of 2–10 s (mean 6 s, an assumption) that is 0.021 × 3600 / 6 = 12.6 per
    /// hour. The office and dense-iot values reuse the home figure (assumption).
    public var congestionBurstsPerHour: Double { 12.6 }
}
