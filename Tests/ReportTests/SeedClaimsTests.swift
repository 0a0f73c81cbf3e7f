import Foundation
import Testing
@testable import Report
import Results
import SyntheticRuns

@Suite("the seeds' claims about their apps")
struct SeedClaimsTests {
    static let heading = "## The seeds' claims about their apps, measured"

    /// A device of a crafted run on a /24 at 198.18.0.`host`.
    static func device(
        _ name: String,
        host: Int,
        sources: [String] = [],
        mdnsMs: Double? = nil,
        ready: Int? = nil,
        refused: Int? = nil
    ) -> DeviceOutcome {
        var device = DeviceOutcome(
            name: name,
            ip: "198.18.0.\(host)",
            category: "iot",
            discoverable: true,
            found: !sources.isEmpty
        )
        device.sources = sources
        device.firstSource = sources.first
        device.mdnsFirstAnswerMs = mdnsMs
        device.tcpReady = ready
        device.tcpRefused = refused
        return device
    }

    /// Two LANs, `fast` and `slow`, each with homenet and netdiag-plus (two repetitions):
    /// - netdiag-plus's TCP phase: 2.4 s on `fast` (200 of 254 answered), 6.1 s on `slow` (20 answered);
    /// - an RST-only device is found by TCP on `fast`, missed on `slow`;
    /// - homenet's TCP phase: 56 s on both (11 batches × 4 s + 2 identify batches × 6 s);
    /// - mDNS first answers: all inside 8 s on `fast`, one at 8.4 s on `slow`.
    static func document(withNetMonitor: Bool = false) -> ResultsDocument {
        var runs: [RunResult] = []
        for repetition in 1...2 {
            for fixture in ["fast", "slow"] {
                let fast = fixture == "fast"
                var netdiag = RunMetrics()
                netdiag.phasesS = ["tcp_probe": fast ? 2.4 : 6.1, "bonjour": 3]
                netdiag.wire.tcpOpen = fast ? 150 : 10
                netdiag.wire.tcpClosed = fast ? 50 : 10
                var run = RunResult(
                    fixture: fixture,
                    strategy: "netdiag-plus",
                    scenario: "scan",
                    repetition: repetition,
                    sequence: runs.count,
                    status: .ok,
                    metrics: netdiag,
                    devices: [
                        device("gateway", host: 1, sources: ["tcp"], ready: 1, refused: 0),
                        device("plug", host: 30, sources: fast ? ["tcp"] : [], ready: 0, refused: 1),
                        device("far", host: 254),
                    ]
                )
                runs.append(run)
                var homenet = RunMetrics()
                homenet.phasesS = ["tcp_probe": 56.2, "bonjour": 10]
                run = RunResult(
                    fixture: fixture,
                    strategy: "homenet",
                    scenario: "scan",
                    repetition: repetition,
                    sequence: runs.count,
                    status: .ok,
                    metrics: homenet,
                    devices: [device("gateway", host: 1, sources: ["tcp", "bonjour"], mdnsMs: 120)]
                        + (1...10).map { device("cam-\($0)", host: 100 + $0, sources: ["tcp"]) }
                        + [device("homepod", host: 44, sources: ["bonjour"], mdnsMs: fast ? 7_080 : 8_400)]
                )
                runs.append(run)
                if withNetMonitor {
                    runs.append(
                        RunResult(
                            fixture: fixture,
                            strategy: "netmonitor-2.0",
                            scenario: "scan",
                            repetition: repetition,
                            sequence: runs.count,
                            status: .ok,
                            devices: [device("gateway", host: 1, sources: ["arp"])]
                        )
                    )
                }
            }
        }
        return ResultsDocument(
            generatedAt: Date(timeIntervalSince1970: 1_785_000_000),
            environment: SyntheticResults.environment,
            referenceStrategy: "homenet",
            runs: runs
        )
    }

    /// Per claim: app, seed, claim, the fast LAN's cell, the slow LAN's, the verdict, mechanism,
    /// measured as — read from the summary table and the per-LAN table.
    static func rows(_ document: ResultsDocument) -> [[String]] {
        let probe = MarkdownProbe(text: Report(document: document).allMarkdown())
        let summary = probe.table(after: heading, withColumn: "Verdict")
        let header = probe.header(after: heading, withColumn: "| LAN |")
        let perLAN = probe.table(after: heading, withColumn: "| LAN |")
        return summary.map { row in
            let column = header.firstIndex { $0.hasPrefix(row[1] + " ") } ?? 0
            let lanCells = ["fast", "slow"].map { lan in perLAN.first { $0[0] == lan }?[column] ?? "" }
            return Array(row[0...2]) + lanCells + Array(row[3...])
        }
    }

    static func row(_ rows: [[String]], seed: String) throws -> [String] {
        try #require(rows.first { $0[1] == seed })
    }

    @Test("/24 in 2-3 s: holds on the LAN with few silent addresses, not on the other, so 'holds only when'")
    func twoToThreeSeconds() throws {
        let row = try Self.row(Self.rows(Self.document()), seed: "003:109")
        #expect(row[3].hasPrefix("holds: TCP phase 2.40 s; at least 54 of 254 addresses silent"))
        #expect(row[4].hasPrefix("**does not hold**: TCP phase 6.10 s; at least 234 of 254 addresses silent (> 120"))
        #expect(row[5].hasPrefix("holds only when at most 120 of the /24's addresses are silent"))
        #expect(row[5].hasSuffix("on fast, not on slow"))
        #expect(row[7].contains("`phases_s.tcp_probe`"))
    }

    @Test("RST counts as alive: holds where the RST-only device was found by TCP, not where it was missed")
    func resetCountsAsAlive() throws {
        let row = try Self.row(Self.rows(Self.document(withNetMonitor: true)), seed: "003:76, 003:109")
        #expect(
            row[3] == "holds: 1 of 1 devices that answered only with an RST found by TCP; netmonitor-2.0 missed `plug`"
        )
        #expect(
            row[4] == "**does not hold**: 0 of 1 devices that answered only with an RST found by TCP; missed: `plug`"
        )
        #expect(
            row[5].hasPrefix(
                "holds only when every RST-only device's refusal reaches the app inside its 500 ms timeout"
            )
        )
    }

    @Test("an RST-only device missed behind power save is named with the floor that explains it")
    func lateRefusalNamesPowerSave() throws {
        var document = Self.document()
        for index in document.runs.indices where document.runs[index].fixture == "slow" {
            for device in document.runs[index].devices.indices where document.runs[index].devices[device].name == "plug"
            {
                document.runs[index].devices[device].floorMs = 398.2
            }
        }
        let row = try Self.row(Self.rows(document), seed: "003:76, 003:109")
        #expect(
            row[4]
                == "**does not hold**: 0 of 1 devices that answered only with an RST found by TCP; missed: `plug` (power save: answers after ≥ 398 ms, ARP included, so its RST can land past the 500 ms timeout)"
        )
    }

    @Test("batches of 25: the TCP phase is what barrier batches predict, so it holds on both LANs")
    func batches() throws {
        let rows = Self.rows(Self.document())
        let row = try Self.row(rows, seed: "002:43")
        #expect(row[3] == "holds: TCP phase 56.2 s vs 11 × 4 s + 2 × 6 s = 56 s")
        #expect(row[5] == "holds")
        // A phase far from the model does not hold.
        var document = Self.document()
        for index in document.runs.indices where document.runs[index].strategy == "homenet" {
            document.runs[index].metrics.phasesS["tcp_probe"] = 12
        }
        let slower = try Self.row(Self.rows(document), seed: "002:43")
        #expect(slower[3].hasPrefix("**does not hold**: TCP phase 12.0 s"))
        #expect(
            slower[5]
                == "**does not hold** on any LAN here (it needs: every batch holds a silent address, so each lasts its full 4 s)"
        )
    }

    @Test("8 s window: a responder first heard after 8 s makes it fail on that LAN only")
    func window() throws {
        let row = try Self.row(Self.rows(Self.document()), seed: "002:42")
        #expect(row[3] == "holds: 2 responders, the last inside the window first heard at 7.1 s")
        #expect(row[4].hasPrefix("**does not hold**") && row[4].hasSuffix("first heard after 8 s: homepod at 8.4 s"))
        #expect(row[5] == "holds only when every responder first answers within 8 s: on fast, not on slow")
    }

    @Test("rows only for the presets that ran; no table when neither did")
    func onlyPresentPresets() throws {
        var document = Self.document()
        document.runs.removeAll { $0.strategy == "netdiag-plus" }
        let rows = Self.rows(document)
        #expect(rows.map { $0[1] } == ["002:43", "002:42"])
        let none = SyntheticResults.document(strategies: ["review-baseline", "review-phase2"])
        #expect(!Report(document: none).allMarkdown().contains(Self.heading))
    }
}

extension SeedClaimsTests {
    @Test("two platforms: a row per LAN and platform, each judged on its own runs")
    func perPlatform() throws {
        var document = Self.document()
        let linux = document.runs.map { run -> RunResult in
            var copy = run
            copy.platform = "linux"
            return copy
        }
        // On the phone the fast LAN's NetDiag+ phase is slow too.
        let phone = linux.map { run -> RunResult in
            var copy = run
            copy.platform = "iphone-a16"
            copy.sequence += 100
            if copy.strategy == "netdiag-plus" { copy.metrics.phasesS["tcp_probe"] = 6.5 }
            return copy
        }
        document.runs = linux + phone
        let probe = MarkdownProbe(text: Report(document: document).allMarkdown())
        let perLAN = probe.table(after: Self.heading, withColumn: "| LAN |")
        #expect(perLAN.map { $0[0] } == ["fast · linux", "slow · linux", "fast · iphone-a16", "slow · iphone-a16"])
        #expect(
            perLAN[0][1].hasPrefix("holds: TCP phase 2.40 s")
                && perLAN[2][1].hasPrefix("**does not hold**: TCP phase 6.50 s")
        )
        let verdict = try #require(
            probe.table(after: Self.heading, withColumn: "Verdict").first { $0[1] == "003:109" }
        )[3]
        #expect(verdict.hasSuffix("on fast · linux, not on slow · linux, fast · iphone-a16, slow · iphone-a16"))
    }
}
