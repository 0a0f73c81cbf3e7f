import AppContract
import Fixture
import Foundation
import Results
import Spawn
import Testbed
import Testing
@testable import Harness

/// A tool the session ended before leaves an entry that says so (`finished: false`), scored as a
/// disagreement with no duration — never an absent row that reads as a tool not scripted.
@Suite("Tools the session ended before")
struct UnfinishedToolTests {
    /// The app in a private network namespace with only loopback, where nothing answers an echo:
    /// its traceroute to 127.0.0.1 waits out every probe (30 hops × 3 × 2 s), far past a 1 s
    /// deadline, and its WHOIS is due at 30 s. Nothing leaves the namespace.
    @Test(
        "a traceroute still running at the deadline and a WHOIS whose time never came leave entries that say so",
        .enabled(if: AppBinaryTests.isBuilt && getuid() == 0, "needs root (unshare --net) and the built scanbench-app")
    )
    func appLeavesEntries() throws {
        let script = NSTemporaryDirectory() + "unfinished-\(UUID().uuidString).yaml"
        try """
        name: unfinished
        actions:
          - {at_s: 0, trace: {target: 127.0.0.1}}
          - {at_s: 30, whois: {query: example.test, server: 127.0.0.1}}
        """.write(toFile: script, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(atPath: script) }
        let setup =
            "ip link set lo up && echo '0 2147483647' > /proc/sys/net/ipv4/ping_group_range"
            + " && echo 1 > /proc/sys/net/ipv4/icmp_echo_ignore_all"
        let run = try ChildProcess.run(
            [
                "unshare", "--net", "sh", "-c",
                "\(setup) && exec \(AppBinaryTests.binary) --script \(script) --interface lo --deadline 1 --json",
            ],
            timeout: 30
        )
        #expect(run.status == 0, "\(run.stderr)")
        let report = try JSONDecoder().decode(SessionReport.self, from: Data(run.stdout.utf8))
        let trace = try #require(report.traces.first, "the running traceroute left no entry")
        #expect(
            !trace.finished && trace.error == SessionReport.didNotFinish && trace.target == "127.0.0.1"
                && trace.hops.isEmpty
        )
        #expect(
            trace.durationMs >= 900 && trace.durationMs < 5000,
            "it ran until the session ended: \(trace.durationMs) ms"
        )
        let whois = try #require(report.whoisLookups.first, "the WHOIS due after the deadline left no entry")
        #expect(
            !whois.finished && whois.error == SessionReport.didNotStart && whois.startedS == 30 && whois.durationMs == 0
        )
    }

    @Test(
        "the harness scores an unfinished lookup as a disagreement with no duration, without running the reference tool"
    )
    func lookupScoring() {
        // A namespace that does not exist: running a reference tool there would leave its failure as `reference`.
        let scorer = SessionLookupScorer(namespace: "no-such-namespace")
        var trace = SessionReport.TraceRun(target: "198.18.0.1", method: "icmp", startedS: 2, durationMs: 1000)
        (trace.error, trace.finished) = (SessionReport.didNotFinish, false)
        var dns = SessionReport.DNSLookupRun(name: "x.home.arpa", type: "A", startedS: 3, durationMs: 900)
        (dns.error, dns.finished) = (SessionReport.didNotFinish, false)
        var whois = SessionReport.WhoisLookupRun(query: "example.test", startedS: 30)
        (whois.error, whois.finished) = (SessionReport.didNotStart, false)
        let expected = RunMetrics.Agreement(
            agrees: false,
            durationMs: nil,
            ours: SessionReport.didNotFinish,
            reference: nil
        )
        #expect(scorer.score(trace) == expected && scorer.score(dns) == expected)
        #expect(
            scorer.score(whois)
                == RunMetrics.Agreement(agrees: false, durationMs: nil, ours: SessionReport.didNotStart, reference: nil)
        )
    }

    @Test(
        "an unfinished Wake-on-LAN, browse or detail discovery is a disagreement that carries the tool's error and no duration"
    )
    func discoveryScoring() throws {
        let wol = SessionReport.WakeOnLANRun(
            mac: "8c:16:45:90:3d:5e",
            destination: "255.255.255.255",
            port: 9,
            startedS: 5,
            durationMs: 0,
            sentUnixNs: 0,
            packetHex: nil,
            error: SessionReport.didNotStart
        )
        var unsent = wol
        unsent.finished = false
        var scorer = WakeOnLANScorer(testbed: "x", target: "pc")
        (scorer.logPath, scorer.linesBefore) = (NSTemporaryDirectory() + "no-wol-\(UUID().uuidString).log", 0)
        let delivery = scorer.score([unsent], target: "pc")
        #expect(
            !delivery.agrees && delivery.sent == 0 && delivery.error == SessionReport.didNotStart
                && delivery.durationMs == nil
        )

        let fixture = try FixtureLoader.load(try FixtureLoader.resolve("home"))
        let truth = GroundTruth(
            fixture: fixture,
            fixturePath: "fixtures/lans/home.yaml",
            plan: TestbedPlan(fixture: fixture, names: TestbedNames(id: "x"))
        )
        let services = ServiceAgreementScorer(truth: truth, avahi: [], avahiError: nil)
        var browse = SessionReport.BonjourBrowse(
            startedS: 5,
            durationMs: 1000,
            types: ["_ssh._tcp"],
            service: "own",
            generation: nil,
            services: [],
            error: SessionReport.didNotFinish
        )
        browse.finished = false
        let browsed = services.score(browse)
        #expect(
            !browsed.agrees && !browsed.agreesFixture && browsed.error == SessionReport.didNotFinish
                && browsed.durationMs == nil
        )
        let target = try #require(SessionTargets(truth: truth).detailTarget)
        var detail = SessionReport.DetailDiscovery(
            target: target.device.ip.description,
            startedS: 6,
            durationMs: 1000,
            service: "own",
            generation: nil,
            types: ["_ssh._tcp"],
            heard: 0,
            services: [],
            error: SessionReport.didNotFinish
        )
        detail.finished = false
        let detailed = try #require(services.score(detail, types: detail.types))
        #expect(!detailed.agrees && detailed.error == SessionReport.didNotFinish && detailed.durationMs == nil)
    }
}
