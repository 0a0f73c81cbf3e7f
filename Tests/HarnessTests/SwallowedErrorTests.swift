import AppSession
import Foundation
import Results
import ScanKit
import Testing
@testable import Harness
import AppInputs

/// The measurement points that used to drop an error (issue 33): each either fails the run with
/// its fix or records the failure as a measured outcome.
@Suite("No swallowed errors")
struct SwallowedErrorTests {
    /// A session on an interface that does not exist. The deadline is long: the scan fails at once,
    /// and a short one would call it hung when parallel tests keep the pool busy.
    static func session(_ script: String, interface: String = "sb-nosuch0") throws -> AppSession {
        AppSession(
            strategy: try StrategyLoader.load("netmonitor-2.0"),
            script: try SessionScriptLoader.load(text: script, file: "s.yaml"),
            interface: interface,
            targets: [:],
            events: nil,
            seed: 1,
            deadline: 600
        )
    }

    @Test("a scan whose setup fails is the session's scan_error, and the run fails with its fix")
    func scanSetupError() async throws {
        let report = try await Self.session("name: s\nactions:\n  - {at_s: 0, scan: {}}\n").run()
        #expect(report.scan == nil && report.hang == nil)
        let error = try #require(report.scanError)
        #expect(error.contains("sb-nosuch0 has no IPv4 address") && error.contains("fix:"))
        let json = String(decoding: try JSONEncoder().encode(report), as: UTF8.self)
        #expect(json.contains(#""scan_error":"#))
        let (status, message) = EntryRunner.status(.reported(report), probeFailure: nil)
        #expect(status == .failed)
        #expect(message?.hasPrefix("the scan could not start: ") == true)
    }

    @Test("a ping or port scan whose target cannot be resolved stops the session before anything runs")
    func unresolvableToolTarget() async throws {
        for action in ["ping: {target: $nobody}", "ports: {target: $elsewhere, ports: common}"] {
            let session = try Self.session("name: s\nactions:\n  - {at_s: 0, \(action)}\n")
            await #expect(throws: SessionError.self) { _ = try await session.run() }
            do { _ = try await session.run() } catch let error as SessionError { #expect(!error.fix.isEmpty) }
        }
    }

    @Test("a session whose event log lost events fails the run")
    func eventsLost() async throws {
        var report = try await Self.session("name: s\nactions:\n  - {at_s: 0, scan: {}}\n").run()
        report.scanError = nil
        #expect(EntryRunner.status(.reported(report), probeFailure: nil).0 == .ok)
        (report.eventsLost, report.eventLogError) = (3, "write failed")
        let (status, message) = EntryRunner.status(.reported(report), probeFailure: nil)
        #expect(status == .failed)
        #expect(message?.contains("lost 3 events (write failed)") == true)
    }

    @Test("a peer tool that is missing or fails is not measured, with the reason, never 0 found")
    func peerToolFailure() throws {
        #expect(try PeerRunner.output(of: ["sh", "-c", "echo 198.18.0.2"]).get() == "198.18.0.2\n")
        guard case .failure(let missing) = PeerRunner.output(of: ["/nonexistent/scanbench-peer"]) else {
            Issue.record("ran"); return
        }
        #expect(missing.reason.contains("could not start"))
        guard case .failure(let failing) = PeerRunner.output(of: ["sh", "-c", "echo no such interface >&2; exit 3"])
        else {
            Issue.record("ran"); return
        }
        #expect(failing.reason == "sh exited with status 3: no such interface")
        var row = PeerResult(
            fixture: "home",
            tool: "arp-scan",
            repetition: 1,
            found: nil,
            discoverable: 20,
            durationS: 0.1
        )
        row.notMeasured = failing.reason
        let json = String(decoding: try JSONEncoder().encode(row), as: UTF8.self)
        #expect(json.contains(#""not_measured":"sh exited with status 3"#) && !json.contains(#""found""#))
        #expect(PeerRunner.describe(row) == "not measured (sh exited with status 3: no such interface)")
    }
}
