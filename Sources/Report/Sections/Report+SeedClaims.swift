import Foundation
import Results
import Statistics

extension Report {
    /// One claim a seed makes about its own app (issue 43, item 6), measured on every LAN where the
    /// app's preset ran: the seed's words and line, the figures that measure it, the bar, and per LAN
    /// a verdict computed from the runs. The row's verdict across LANs is "holds", "does not hold",
    /// or "holds only when …" with the condition that separates the LANs where it held.
    struct SeedClaim: Sendable {
        /// The preset that stands for the seed's app (fixtures/strategies/).
        var preset: String
        /// "003:109": seed 003, line 109.
        var seedLine: String
        /// The claim in the seed's words.
        var words: String
        /// What measures it: catalogue metric ids (docs/METRICS.md) or results.json paths.
        var measuredAs: [String]
        var bar: String
        /// The condition a "holds only when" row names, in words.
        var condition: String
        /// Why, in one line: the mechanism in the app.
        var mechanism: String
        /// The verdict on one LAN where the preset ran (`.notMeasured` with the reason when the
        /// LAN's runs say nothing about the claim).
        var judge: @Sendable (LAN) -> Verdict

        /// The successful runs of one LAN (fixture and platform), every strategy's.
        struct LAN: Sendable {
            var fixture: String
            var platform: String?
            var runs: [RunResult]

            func of(_ strategy: String) -> [RunResult] { runs.filter { $0.strategy == strategy } }

            /// The addresses a scan of the LAN sweeps: the smallest block of /24 or larger that holds
            /// every fixture device, less its network and broadcast addresses (results.json carries
            /// the devices, not the prefix).
            var addresses: Int {
                let ips = runs.flatMap(\.devices).compactMap { Self.value($0.ip) }
                guard let low = ips.min(), let high = ips.max() else { return 0 }
                var bits = 8
                while bits < 32 && (low >> UInt32(bits)) != (high >> UInt32(bits)) { bits += 1 }
                return (1 << bits) - 2
            }

            static func value(_ ip: String) -> UInt32? {
                let parts = ip.split(separator: ".").compactMap { UInt32($0) }
                guard parts.count == 4, parts.allSatisfy({ $0 < 256 }) else { return nil }
                return parts.reduce(0) { $0 << 8 | $1 }
            }

            /// The median of a figure over a strategy's runs here.
            func median(_ strategy: String, _ value: (RunResult) -> Double?) -> Double? {
                SampleSummary(of(strategy).compactMap(value))?.median
            }
        }

        enum Verdict: Sendable, Equatable {
            case holds(String)
            case doesNotHold(String)
            /// Nothing to judge on this LAN (the reason is the cell).
            case notMeasured(String)

            var text: String {
                switch self {
                case .holds(let why): "holds: \(why)"
                case .doesNotHold(let why): "**does not hold**: \(why)"
                case .notMeasured(let why): "not measured: \(why)"
                }
            }

            var holds: Bool? {
                switch self {
                case .holds: true
                case .doesNotHold: false
                case .notMeasured: nil
                }
            }
        }
    }

    /// NetDiag+'s connect timeout (003:109 "500ms timeout"): an RST that reaches the app later is
    /// a timeout, whatever the wire shows.
    static let netdiagTimeoutMs = 500
    /// NetDiag+'s timing (the timeout, 003:82 "maxConcurrentProbes = 20"): the most silent
    /// addresses a /24 may hold for its TCP phase to end within the claim's 3 s.
    static let netdiagSilentMax = 3 * 20 * 1_000 / netdiagTimeoutMs
    /// HomeNet's scan as the preset models it: 25 addresses a batch (002:43), and — unstated in the
    /// seed, the preset's assumptions (fixtures/strategies/homenet.yaml) — 4 primary ports one at a
    /// time with a fixed 1 s timeout, so a batch with one silent address lasts 4 s.
    static let homenetBatch = 25
    static let homenetBatchSeconds = 4.0 * 1.0
    /// "Identify Batches of 8" (002:44) on the hosts the scan found, each batch 6 secondary ports
    /// one at a time × 1 s (the preset's assumptions again).
    static let homenetIdentifyBatch = 8
    static let homenetIdentifySeconds = 6.0 * 1.0
    /// 002:42 "8s window".
    static let homenetWindowMs = 8_000.0

    static let seedClaims: [SeedClaim] = [
        SeedClaim(
            preset: "netdiag-plus",
            seedLine: "003:109",
            words: "With maxConcurrentProbes = 20 the whole /24 finishes in 2-3 seconds",
            measuredAs: [Metric.tcpProbePhase.id, "wire.tcp_open + wire.tcp_closed"],
            bar: "TCP probe phase ≤ 3 s on a /24",
            condition: "at most \(netdiagSilentMax) of the /24's addresses are silent to port 80 (3 s × 20 / 500 ms)",
            mechanism:
                "each silent address holds one of the 20 slots for the full 500 ms timeout, so the phase lasts about silent × 0.5 s / 20",
            judge: { lan in
                let addresses = lan.addresses
                guard addresses <= 254 else { return .notMeasured("not a /24 (\(addresses) addresses)") }
                guard let phase = lan.median("netdiag-plus", { Metric.tcpProbePhase.value(in: $0.metrics) }),
                    let answered = lan.median(
                        "netdiag-plus",
                        { Double($0.metrics.wire.tcpOpen + $0.metrics.wire.tcpClosed) }
                    )
                else { return .notMeasured("no TCP probe phase") }
                let silent = max(0, addresses - Int(answered))
                let measured =
                    "TCP phase \(NumberFormat.decimal(phase, digits: 2)) s; at least \(silent) of \(addresses) addresses silent"
                return phase <= 3 ? .holds(measured) : .doesNotHold("\(measured) (> \(Self.netdiagSilentMax) allowed)")
            }
        ),
        SeedClaim(
            preset: "netdiag-plus",
            seedLine: "003:76, 003:109",
            words: "RST (alive but port closed, also counts as alive)",
            measuredAs: ["runs[].devices[].tcp_refused", "runs[].devices[].tcp_ready", "runs[].devices[].sources"],
            bar: "every device that answered only with an RST is found by TCP",
            condition:
                "every RST-only device's refusal reaches the app inside its \(netdiagTimeoutMs) ms timeout, address resolution included",
            mechanism:
                "a BSD connect's ECONNREFUSED ends the probe at once and marks the host alive (`tcp.connection_api: bsd_socket`)",
            judge: { lan in
                // Per run, the devices whose answered connects were all refusals (RST, no SYN-ACK).
                let refusedOnly = lan.of("netdiag-plus").map { $0.devices.filter(Self.answeredOnlyByRST) }
                guard refusedOnly.contains(where: { !$0.isEmpty }) else {
                    return .notMeasured("no device answered only with an RST")
                }
                let found = refusedOnly.map { $0.filter { $0.found && $0.sources.contains("tcp") }.count }
                let total = SampleSummary(refusedOnly.map { Double($0.count) })?.median ?? 0
                let byTCP = SampleSummary(found.map(Double.init))?.median ?? 0
                let others = Self.foundOnlyByRST(lan)
                let measured =
                    "\(NumberFormat.decimal(byTCP, digits: 0)) of \(NumberFormat.decimal(total, digits: 0)) devices that answered only with an RST found by TCP"
                    + (others.map { "; netmonitor-2.0 missed \($0)" } ?? "")
                return byTCP >= total ? .holds(measured) : .doesNotHold(measured + Self.lateRefusals(refusedOnly))
            }
        ),
        SeedClaim(
            preset: "homenet",
            seedLine: "002:43",
            words: "Batches of 25",
            measuredAs: [Metric.tcpProbePhase.id],
            bar: "each run's TCP phase within 10 % of ⌈addresses / 25⌉ × 4 s + ⌈found by TCP / 8⌉ × 6 s",
            condition: "every batch holds a silent address, so each lasts its full 4 s",
            mechanism:
                "a batch ends with its slowest address: one silent address in 25 holds the batch for 4 ports × 1 s, so the scan is batches × 4 s",
            judge: { lan in
                // Per run: its TCP phase against the batches its own finds imply.
                let batches = (lan.addresses + Self.homenetBatch - 1) / Self.homenetBatch
                let pairs = lan.of("homenet").compactMap { run -> (phase: Double, identify: Int)? in
                    guard let phase = Metric.tcpProbePhase.value(in: run.metrics) else { return nil }
                    let found = run.devices.filter { $0.sources.contains("tcp") }.count
                    return (phase, (found + Self.homenetIdentifyBatch - 1) / Self.homenetIdentifyBatch)
                }
                guard !pairs.isEmpty else { return .notMeasured("no TCP probe phase") }
                let models = pairs.map {
                    Double(batches) * Self.homenetBatchSeconds + Double($0.identify) * Self.homenetIdentifySeconds
                }
                let phases = Self.range(pairs.map(\.phase), digits: 1)
                let identify = Self.range(pairs.map { Double($0.identify) }, digits: 0)
                let measured =
                    "TCP phase \(phases) s vs \(batches) × 4 s + \(identify) × 6 s = \(Self.range(models, digits: 0)) s"
                let within = zip(pairs, models).allSatisfy { abs($0.phase - $1) <= $1 * 0.1 }
                return within ? .holds(measured) : .doesNotHold(measured)
            }
        ),
        SeedClaim(
            preset: "homenet",
            seedLine: "002:42",
            words: "8s window",
            measuredAs: ["runs[].devices[].mdns_first_answer_ms"],
            bar: "no responder first heard after 8 s",
            condition: "every responder first answers within 8 s",
            mechanism:
                "the 24 browsers listen a fixed 8 s: a responder whose first answer comes later is not heard by the scan",
            judge: { lan in
                let runs = lan.of("homenet")
                // The earliest first answer per responder over HomeNet's runs (its browse starts with
                // the scan; another preset's may start later, so its times are not comparable).
                let first = Dictionary(
                    runs.flatMap(\.devices).compactMap { d in d.mdnsFirstAnswerMs.map { (d.name, $0) } },
                    uniquingKeysWith: min
                )
                guard !first.isEmpty else { return .notMeasured("no mDNS answer recorded") }
                let late = first.filter { $0.value > Self.homenetWindowMs }.sorted { $0.value < $1.value }
                let last = first.filter { $0.value <= Self.homenetWindowMs }.values.max()
                let measured =
                    "\(first.count) responders, the last inside the window first heard at \(last.map { NumberFormat.decimal($0 / 1000, digits: 1) } ?? "—") s"
                if late.isEmpty { return .holds(measured) }
                let names = late.map { "\($0.key) at \(NumberFormat.decimal($0.value / 1000, digits: 1)) s" }
                return .doesNotHold("\(measured); first heard after 8 s: \(names.joined(separator: ", "))")
            }
        ),
    ]

    /// Whether every connect of the app's to the device that was answered was refused: an RST, no SYN-ACK.
    static func answeredOnlyByRST(_ device: DeviceOutcome) -> Bool {
        (device.tcpRefused ?? 0) > 0 && (device.tcpReady ?? 0) == 0
    }

    /// "; missed: `phone-07` (answers after ≥ 398 ms asleep: …)": the RST-only devices the app missed
    /// although the wire carried their RST, with the power-save floor that explains it where the LAN
    /// has one (address resolution waits for the device before the SYN leaves, so the RST can come
    /// after the timeout though the SYN-to-RST time is short).
    static func lateRefusals(_ refusedOnlyPerRun: [[DeviceOutcome]]) -> String {
        // Each missed device's largest power-save floor over the runs (0: none).
        var missed: [String: Double] = [:]
        for device in refusedOnlyPerRun.joined() where !(device.found && device.sources.contains("tcp")) {
            missed[device.name] = max(missed[device.name] ?? 0, device.floorMs ?? 0)
        }
        guard !missed.isEmpty else { return "" }
        let named = missed.keys.sorted().map { name -> String in
            guard let floor = missed[name], floor > 0 else { return Inline.code(name) }
            return Inline.code(name)
                + " (power save: answers after ≥ \(NumberFormat.decimal(floor, digits: 0)) ms, ARP included, so its RST can land past the \(netdiagTimeoutMs) ms timeout)"
        }
        return "; missed: " + named.joined(separator: ", ")
    }

    /// "50.3" or "50.3–56.4": the values' span.
    static func range(_ values: [Double], digits: Int) -> String {
        guard let low = values.min(), let high = values.max() else { return "—" }
        let a = NumberFormat.decimal(low, digits: digits), b = NumberFormat.decimal(high, digits: digits)
        return a == b ? a : "\(a)–\(b)"
    }

    /// The devices netdiag-plus found by TCP after only RSTs on a LAN that netmonitor-2.0 found in
    /// none of its runs there, by name; nil when netmonitor-2.0 did not run there or found them all.
    static func foundOnlyByRST(_ lan: SeedClaim.LAN) -> String? {
        let other = lan.of(reviewCurrent)
        guard !other.isEmpty else { return nil }
        let theirs = Set(other.flatMap(\.devices).filter(\.found).map(\.name))
        let ours = Set(
            lan.of("netdiag-plus").flatMap(\.devices).filter { $0.sources.contains("tcp") && answeredOnlyByRST($0) }
                .map(\.name)
        )
        let only = ours.subtracting(theirs).sorted()
        return only.isEmpty ? nil : only.map { Inline.code($0) }.joined(separator: ", ")
    }

    /// The LANs (fixture · platform) where a preset ran, in schedule order, with their successful runs.
    func seedClaimLANs() -> [SeedClaim.LAN] {
        let ok = document.runs.filter { $0.status == .ok && $0.control == nil }
        let keys = ok.firstSeen { "\($0.fixture)\u{1F}\($0.platform ?? "")" }
        return keys.map { key in
            let runs = ok.filter { "\($0.fixture)\u{1F}\($0.platform ?? "")" == key }
            return SeedClaim.LAN(fixture: runs[0].fixture, platform: runs[0].platform, runs: runs)
        }
    }

    /// The row's verdict across the LANs: "holds" when every measured LAN held, "does not hold"
    /// (with what it needs) when none did, else "holds only when" the claim's condition, naming the
    /// LANs where it held and where it did not.
    static func seedClaimVerdict(_ claim: SeedClaim, _ cells: [(lan: String, verdict: SeedClaim.Verdict)]) -> String {
        let held = cells.filter { $0.verdict.holds == true }.map(\.lan)
        let failed = cells.filter { $0.verdict.holds == false }.map(\.lan)
        switch (held.isEmpty, failed.isEmpty) {
        case (true, true): return "not measured"
        case (false, true): return "holds"
        case (true, false): return "**does not hold** on any LAN here (it needs: \(claim.condition))"
        case (false, false):
            return
                "holds only when \(claim.condition): on \(held.joined(separator: ", ")), not on \(failed.joined(separator: ", "))"
        }
    }

    /// The seeds' claims about their apps, measured per LAN; empty when neither preset ran. Two
    /// tables, so a suite of many LANs and platforms stays readable: the claims with their verdict
    /// across the LANs, then a row per LAN with each claim's cell.
    func seedClaimsSection() -> String {
        let presets = Set(document.runs.map(\.strategy))
        let claims = Self.seedClaims.filter { presets.contains($0.preset) }
        guard !claims.isEmpty else { return "" }
        let lans = seedClaimLANs()
        let cells = claims.map { claim in
            lans.map { lan -> (lan: String, verdict: SeedClaim.Verdict) in
                let verdict =
                    lan.of(claim.preset).isEmpty ? SeedClaim.Verdict.notMeasured("did not run") : claim.judge(lan)
                return (Self.seedClaimLANName(lan), verdict)
            }
        }
        var text = "## The seeds' claims about their apps, measured\n\n"
        text +=
            "Seed 002 (HomeNet) and seed 003 (NetDiag+) each claim something about their own app; the presets "
        text +=
            "`homenet` and `netdiag-plus` model them (docs/STRATEGIES.md, which cites every knob). The verdict says "
        text +=
            "\"holds only when\" the condition that separates the LANs where the claim held from those where it did "
        text +=
            "not; the second table gives each LAN's verdict from the medians over its successful runs. A LAN's size "
        text += "is the smallest /24 or larger block holding the fixture's devices.\n\n"
        var summary = MarkdownTable(
            [("App", .left), ("Seed", .left), ("Claim", .left), ("Verdict", .left), ("Mechanism", .left)]
                + [("Measured as", .left)]
        )
        for (claim, lanCells) in zip(claims, cells) {
            summary.add([
                Inline.code(claim.preset), claim.seedLine, "\"\(claim.words)\"", Self.seedClaimVerdict(claim, lanCells),
                claim.mechanism,
                claim.measuredAs.map { Inline.code($0) }.joined(separator: ", ") + "; bar: \(claim.bar)",
            ])
        }
        var perLAN = MarkdownTable(
            [("LAN", .left)] + claims.map { ("\($0.seedLine) \"\($0.words)\"", .left) }
        )
        for (index, lan) in lans.enumerated() {
            perLAN.add([Self.seedClaimLANName(lan)] + cells.map { $0[index].verdict.text })
        }
        return text + summary.render() + "\n" + perLAN.render()
    }

    static func seedClaimLANName(_ lan: SeedClaim.LAN) -> String {
        lan.platform.map { "\(lan.fixture) · \($0)" } ?? lan.fixture
    }
}
