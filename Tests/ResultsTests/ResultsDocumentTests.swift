import Foundation
import Testing
@testable import Results

@Suite("results.json")
struct ResultsDocumentTests {
    static func sample() -> ResultsDocument {
        var metrics = RunMetrics()
        metrics.yield.found = 27
        metrics.yield.discoverable = 28
        metrics.wire.tcpSyn = 1200
        metrics.ui.worstHitchMs = 41.5
        metrics.names.categoryCorrect = 24
        metrics.names.categoryTotal = 28
        metrics.names.categoryProbeS = 3.5
        var device = DeviceOutcome(
            name: "gateway",
            ip: "198.18.0.1",
            category: "router",
            discoverable: true,
            found: true
        )
        (device.categoryPredicted, device.categoryRule, device.categoryEvidence) = ("router", "gateway", "198.18.0.1")
        var run = RunResult(
            fixture: "home",
            strategy: "netmonitor-2.0",
            scenario: "scan",
            repetition: 1,
            sequence: 0,
            status: .ok,
            pcap: "pcaps/home-netmonitor-2.0-1.pcap",
            metrics: metrics,
            devices: [device]
        )
        run.probe = "probes/home-netmonitor-2.0-scan-r1.json"
        var environment = RunEnvironment(
            kernel: "6.18",
            cpu: "x86_64",
            cores: 2,
            memoryGiB: 24,
            swiftVersion: "6.3.1",
            scanbenchVersion: "abc",
            fixtureHashes: ["home": "00"],
            strategyHashes: [:],
            repetitions: 3,
            shard: "1/1"
        )
        environment.categoryProbe = .harnessDefault
        return ResultsDocument(
            generatedAt: Date(timeIntervalSince1970: 1_800_000_000),
            environment: environment,
            referenceStrategy: "netmonitor-2.0",
            runs: [run]
        )
    }

    @Test("the documented snake_case keys are what is written, and a round trip loses nothing")
    func keysAndRoundTrip() throws {
        let path = NSTemporaryDirectory() + "results-\(UUID().uuidString).json"
        defer { try? FileManager.default.removeItem(atPath: path) }
        try Self.sample().write(to: path)
        let text = try String(contentsOfFile: path, encoding: .utf8)
        for key in [
            "\"schema_version\" : \(ResultsDocument.currentSchemaVersion)", "\"runs\"", "\"tcp_syn\" : 1200",
            "\"worst_hitch_ms\" : 41.5", "\"peak_rss_mb\"",
            "\"stack_vs_wire_abs_ms_median\" : null", "\"connections_created\"", "\"capture_drops\"",
            "\"false_positives\"",
            "\"category_correct\" : 24", "\"category_total\" : 28", "\"category_probe_s\" : 3.5",
            "\"category_predicted\" : \"router\"", "\"category_rule\" : \"gateway\"", "\"category_evidence\"",
            "\"probe\" : \"probes/", "\"category_probe\" : {", "\"top_ports\" : 40", "\"bonjour_window_s\"",
            "\"ssdp_window_s\" : 1.5",
            "\"timeout_s\"",
        ] {
            #expect(text.contains(key), "missing \(key)")
        }
        #expect(try ResultsDocument.load(path) == Self.sample())
    }

    @Test(
        "UI metrics from before issue 9 still read: the per-publish distribution and list publishes are absent, not zero"
    )
    func uiFromBeforeIssue9Reads() throws {
        let old = #"{"publishes": 254, "main_busy_ms": 80.5, "late_frames": 3, "worst_hitch_ms": 41.5}"#
        let ui = try JSONDecoder().decode(RunMetrics.UI.self, from: Data(old.utf8))
        #expect(ui.publishes == 254 && ui.lateFrames == 3 && ui.worstHitchMs == 41.5)
        #expect(
            ui.mainBusyP50Ms == nil && ui.mainBusyP95Ms == nil && ui.mainBusyMaxMs == nil
                && ui.deviceListPublishes == nil
        )
        var now = ui
        (now.mainBusyP50Ms, now.mainBusyP95Ms, now.mainBusyMaxMs, now.deviceListPublishes) = (0.2, 0.9, 1.5, 40)
        let text = String(decoding: try JSONEncoder().encode(now), as: UTF8.self)
        for key in [
            "\"main_busy_p50_ms\":0.2", "\"main_busy_p95_ms\":0.9", "\"main_busy_max_ms\":1.5",
            "\"device_list_publishes\":40",
        ] {
            #expect(text.contains(key), "missing \(key) in \(text)")
        }
        #expect(try JSONDecoder().decode(RunMetrics.UI.self, from: Data(text.utf8)) == now)
    }

    @Test("a version 1 file (before ablate and sweep grids) still loads; it has none of their records")
    func versionOneLoads() throws {
        let path = NSTemporaryDirectory() + "results-\(UUID().uuidString).json"
        defer { try? FileManager.default.removeItem(atPath: path) }
        try Self.sample().write(to: path)
        let text = try String(contentsOfFile: path, encoding: .utf8)
        try text.replacingOccurrences(
            of: "\"schema_version\" : \(ResultsDocument.currentSchemaVersion)",
            with: "\"schema_version\" : 1"
        ).write(toFile: path, atomically: true, encoding: .utf8)
        let loaded = try ResultsDocument.load(path)
        #expect(
            loaded.schemaVersion == 1 && loaded.sweep == nil && loaded.ablation == nil && loaded.tune == nil
                && loaded.plan == nil
        )
        #expect(loaded.runs == Self.sample().runs)
    }

    @Test(
        "a file from before schema 4: an incomplete run's time to 100 % (its own last find) is dropped, a complete run's kept; its wire check was one-sided"
    )
    func schemaThreeTimesAndWireCheck() throws {
        var document = Self.sample()
        document.runs[0].metrics.timeTo100PercentS = 5.1  // found 27 of 28: the time of the 27th
        var complete = document.runs[0]
        complete.strategy = "scanbench-best"
        complete.metrics.yield.found = 28
        complete.metrics.timeTo100PercentS = 11.5
        document.runs.append(complete)
        let path = NSTemporaryDirectory() + "results-\(UUID().uuidString).json"
        defer { try? FileManager.default.removeItem(atPath: path) }
        try document.write(to: path)
        // As schema 3 wrote them: version 3, and a wire check without the two-sided counts.
        var text = try String(contentsOfFile: path, encoding: .utf8)
        text = text.replacingOccurrences(of: "\"schema_version\" : 4", with: "\"schema_version\" : 3")
        text = text.replacingOccurrences(
            of: "\"agrees_with_wire\" : false,",
            with: """
                "agrees_with_wire" : true, "wire_check" : {"arp_requests_to_absent" : 9, "connects_to_absent" : 20, "connects_to_present" : 48,
                "disagreements" : [], "excluded" : [], "syn_attempts_to_absent" : 0, "syn_attempts_to_present" : 31},
                """
        )
        try text.write(toFile: path, atomically: true, encoding: .utf8)
        let loaded = try ResultsDocument.load(path)
        #expect(loaded.schemaVersion == 3)
        #expect(
            loaded.runs[0].metrics.timeTo100PercentS == nil,
            "5.1 s was of the run's own yield, not of every device"
        )
        #expect(
            loaded.runs[1].metrics.timeTo100PercentS == 11.5,
            "a complete run's last find is its k-th discoverable device"
        )
        #expect(Metric.timeTo100.value(in: loaded.runs[0].metrics) == .infinity)
        let check = try #require(loaded.runs[0].metrics.stack.wireCheck)
        #expect(loaded.runs[0].metrics.stack.agreesWithWire && !check.isTwoSided && check.connectsToPresent == 48)
        #expect(check.connectsAnsweredToPresent == nil && check.connectsStartedToPresent == nil)
    }

    @Test("a file of another schema version is refused with the fix")
    func otherVersionRefused() throws {
        let path = NSTemporaryDirectory() + "results-\(UUID().uuidString).json"
        defer { try? FileManager.default.removeItem(atPath: path) }
        try #"{"schema_version": 99, "runs": []}"#.write(toFile: path, atomically: true, encoding: .utf8)
        #expect(throws: ResultsError.self) { try ResultsDocument.load(path) }
        do { _ = try ResultsDocument.load(path) } catch let error as ResultsError {
            #expect(error.message.contains("schema_version 99"))
            #expect(error.fix.contains("scanbench run"))
        }
    }
}

@Suite("results.json of a sweep")
struct SweepResultsTests {
    @Test(
        "the sweep object and each run's control and overrides round-trip in snake_case; a file without them still decodes"
    )
    func optionalSweepFields() throws {
        var document = ResultsDocumentTests.sample()
        document.sweep = SweepDescription(
            knobs: [.init(key: "tcp.host_concurrency", values: ["12", "24"])],
            controls: ["netmonitor-2.0"]
        )
        document.runs[0].control = "netmonitor-2.0"
        document.runs[0].overrides = ["tcp.host_concurrency": "12"]
        let path = NSTemporaryDirectory() + "sweep-\(UUID().uuidString).json"
        defer { try? FileManager.default.removeItem(atPath: path) }
        try document.write(to: path)
        let text = try String(contentsOfFile: path, encoding: .utf8)
        #expect(text.contains("\"schema_version\" : \(ResultsDocument.currentSchemaVersion)"))
        #expect(text.contains("\"sweep\" : {") && text.contains("\"controls\" : [") && text.contains("\"knobs\" : ["))
        #expect(text.contains("\"overrides\" : {\n        \"tcp.host_concurrency\" : \"12\""), "\(text)")
        #expect(try ResultsDocument.load(path) == document)

        // Without a sweep nothing new is written, and such a file (as every older one) loads.
        let plain = ResultsDocumentTests.sample()
        try plain.write(to: path)
        let old = try String(contentsOfFile: path, encoding: .utf8)
        #expect(!old.contains("\"sweep\"") && !old.contains("\"overrides\"") && !old.contains("\"control\""))
        let loaded = try ResultsDocument.load(path)
        #expect(loaded.sweep == nil && loaded.runs[0].control == nil && loaded.runs[0].overrides == nil)
    }
}
