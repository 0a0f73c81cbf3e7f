import AppContract
@testable import Harness
import Fixture
import Foundation
import Results
import Testbed
import Testing

/// A reference that failed, or a measurement that could not be read, is recorded as such: never
/// as the app disagreeing, never as a measured zero.
@Suite("Failed references and unread measurements")
struct FailedReferenceTests {
    @Test(
        "a reference tool that cannot run is 'reference failed', not a disagreement: its agreement metric is unmeasured"
    )
    func lookupReferenceFailed() throws {
        // `ip netns exec` into a namespace that does not exist: every reference tool fails.
        let scorer = SessionLookupScorer(namespace: "no-such-namespace-\(UUID().uuidString.prefix(8))")
        var trace = SessionReport.TraceRun(target: "198.18.0.1", method: "icmp", startedS: 2, durationMs: 40)
        trace.hops = [SessionReport.Hop(ttl: 1, address: "198.18.0.1", name: nil, rttMs: 0.2, reachedDestination: true)]
        var dns = SessionReport.DNSLookupRun(name: "router.home.arpa", type: "A", startedS: 3, durationMs: 5)
        dns.answers = ["198.18.0.1"]
        var lookups = RunMetrics.Lookups(trace: scorer.score(trace), dns: scorer.score(dns))
        for agreement in [lookups.trace, lookups.dns] {
            let failed = try #require(agreement)
            #expect(failed.referenceError != nil && failed.reference == nil, "\(failed)")
        }
        var metrics = RunMetrics()
        metrics.lookups = lookups
        #expect(Metric.traceAgrees.value(in: metrics) == nil && Metric.dnsAgrees.value(in: metrics) == nil)
        #expect(Metric.traceDuration.value(in: metrics) == 40, "the app's duration is still measured")
        // The same run with a reference that answered is scored: 0 when it differs.
        lookups.trace?.referenceError = nil
        metrics.lookups = lookups
        #expect(Metric.traceAgrees.value(in: metrics) == 0)
    }

    @Test("a missing Wake-on-LAN listener log is a failed reference, not a lost packet")
    func wakeOnLANListenerMissing() {
        var scorer = WakeOnLANScorer(testbed: "x", target: "pc")
        scorer.logPath = NSTemporaryDirectory() + "no-wol-\(UUID().uuidString).log"
        #expect(scorer.missingBefore, "no log at the testbed's path before the session")
        let sent = SessionReport.WakeOnLANRun(
            mac: "m",
            destination: "255.255.255.255",
            port: 9,
            startedS: 5,
            durationMs: 0.5,
            sentUnixNs: 1,
            packetHex: "ffab",
            error: nil
        )
        var metrics = RunMetrics()
        metrics.wakeOnLAN = scorer.score([sent], target: "pc")
        #expect(metrics.wakeOnLAN?.referenceError?.contains("listener log") == true)
        #expect(Metric.wolAgrees.value(in: metrics) == nil)
    }

    @Test("avahi-browse that failed leaves the avahi agreement unmeasured and the fixture agreement scored")
    func avahiFailed() throws {
        let fixture = try FixtureLoader.load(try FixtureLoader.resolve("home"))
        let truth = GroundTruth(
            fixture: fixture,
            fixturePath: "fixtures/lans/home.yaml",
            plan: TestbedPlan(fixture: fixture, names: TestbedNames(id: "x"))
        )
        let failed = ServiceAgreementScorer(truth: truth, avahi: nil, avahiError: "avahi-browse could not run")
        let browse = SessionReport.BonjourBrowse(
            startedS: 5,
            durationMs: 1000,
            types: ["_ssh._tcp"],
            service: "own",
            generation: nil,
            services: [],
            error: nil
        )
        var metrics = RunMetrics()
        metrics.bonjourBrowse = failed.score(browse)
        #expect(Metric.browseAgrees.value(in: metrics) == nil)
        #expect(Metric.browseAgreesFixture.value(in: metrics) == 0)
        metrics.bonjourBrowse = ServiceAgreementScorer(truth: truth, avahi: [], avahiError: nil).score(browse)
        #expect(Metric.browseAgrees.value(in: metrics) == 0, "avahi ran: an empty browse disagrees")
    }

    @Test("an unread event log fails the run and says its stack and UI figures are unmeasured")
    func unreadEventLog() {
        var ok = RunResult(fixture: "home", strategy: "s", scenario: "scan", repetition: 1, sequence: 0, status: .ok)
        EntryRunner.recordUnreadEventLog("no such file", into: &ok)
        #expect(ok.status == .failed && ok.eventLogError == "no such file")
        #expect(ok.error?.contains("event log could not be read (no such file)") == true)
        var hung = RunResult(
            fixture: "home",
            strategy: "s",
            scenario: "scan",
            repetition: 1,
            sequence: 0,
            status: .hung,
            error: "the scan hung"
        )
        EntryRunner.recordUnreadEventLog("truncated", into: &hung)
        #expect(hung.status == .hung && hung.error?.hasPrefix("the scan hung; ") == true)
    }
}
