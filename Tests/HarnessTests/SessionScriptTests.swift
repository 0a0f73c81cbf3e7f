import AppContract
import AppSession
import Capture
import Foundation
import StrictYAML
import Testing
import Wire
@testable import Harness

@Suite("Session scripts")
struct SessionScriptTests {
    /// The error `text` is refused with.
    static func refusal(_ text: String) throws -> YAMLInputError {
        do {
            _ = try SessionScriptLoader.load(text: text, file: "s.yaml")
        } catch let error as YAMLInputError {
            return error
        }
        throw LoadedAnyway()
    }
    struct LoadedAnyway: Error {}

    @Test("the built-in scenarios are scripts that load, and name only targets the harness binds")
    func builtins() throws {
        let names = SessionScriptLoader.builtinNames()
        for name in ["scan", "ping-during-scan", "ports-during-scan", "tools-then-scan", "thermal-mid-scan", "adr-016", "rescan"] {
            #expect(names.contains(name))
            let script = try SessionScriptLoader.load(name)
            #expect(script.name == name)
            #expect(SessionScriptLoader.variables(in: script).isSubset(of: Set(SessionTargets.names)))
            #expect(try Scenario.parse(name) == Scenario.builtin(name))
        }
        let adr = try SessionScriptLoader.load("adr-016")
        #expect(adr.actions.map(\.atSeconds) == [3, 4, 5, 8])
        #expect(adr.actions[1].what == .cancel(.ports))
        #expect(adr.actions[3].what == .thermal(.serious))
    }

    @Test("mistakes are refused with the line that holds them and a fix")
    func mistakes() throws {
        let two = try Self.refusal("name: x\nactions:\n  - {at_s: 0, scan: {}, thermal: serious}\n")
        #expect(two.line == 3 && "\(two)".contains("exactly one"), "\(two)")
        let typo = try Self.refusal("name: x\nactions:\n  - {at_s: 0, scna: {}}\n")
        #expect(typo.line == 3 && typo.fix.contains("scan"))
        let target = try Self.refusal("name: x\nactions:\n  - at_s: 1\n    ping: {target: router}\n")
        #expect(target.line == 4 && target.fix.contains("--target"))
        let twice = try Self.refusal("name: x\nactions:\n  - {at_s: 0, scan: {}}\n  - {at_s: 9, scan: {}}\n")
        #expect(twice.line == 4 && twice.message.contains("overlap") && twice.fix.contains("{at_s: 4.5, cancel: scan}"), "\(twice)")
        // Listed out of order, the overlap is still found at the later scan's line.
        let unsorted = try Self.refusal("name: x\nactions:\n  - {at_s: 9, scan: {}}\n  - {at_s: 0, scan: {}}\n")
        #expect(unsorted.line == 3 && unsorted.message.contains("started at 0 s"), "\(unsorted)")
        let sameSecond = try Self.refusal("name: x\nactions:\n  - {at_s: 0, scan: {}}\n  - {at_s: 2, cancel: scan}\n  - {at_s: 2, scan: {}}\n")
        #expect(sameSecond.line == 5 && sameSecond.fix.contains("2.05"), "\(sameSecond)")
        let late = try Self.refusal("name: x\nactions:\n  - {at_s: 5000, scan: {}}\n")
        #expect(late.line == 3)
        let state = try Self.refusal("name: x\nactions:\n  - {at_s: 1, scan: {}}\n  - {at_s: 2, thermal: hot}\n")
        #expect(state.line == 4 && state.fix.contains("serious"))
        #expect(throws: HarnessError.self) { try Scenario.parse("surf") }
    }

    @Test("a rescan after cancel: scan is accepted (rescan.yaml)")
    func rescan() throws {
        let script = try SessionScriptLoader.load("rescan")
        #expect(script.actions.filter { $0.what == .scan }.count == 2)
        _ = try SessionScriptLoader.load(text: "name: x\nactions:\n  - {at_s: 0, scan: {}}\n  - {at_s: 30, cancel: scan}\n  - {at_s: 31, scan: {}}\n", file: "x.yaml")
    }

    @Test("a user's script by path is named by its name: field")
    func userScript() throws {
        let path = NSTemporaryDirectory() + "session-\(UUID().uuidString).yaml"
        try "name: mine\nactions:\n  - {at_s: 0, ping: {target: $ping_target, count: 3}}\n  - {at_s: 1, scan: {}}\n"
            .write(toFile: path, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(atPath: path) }
        let scenario = try Scenario.parse(path)
        #expect(scenario.name == "mine" && scenario.script == path)
    }

    @Test("ping attempts are matched to the same attempt on the wire: echo by time, TCP by the port that answered")
    func wireMatching() {
        let target = IPv4Address("198.18.0.20")!
        let prober = IPv4Address("198.18.0.50")!
        let samples = [
            RTTSample(kind: .icmpEcho, prober: prober, target: target, sentAt: 1_000_000_000, rtt: 2_000_000, detail: 1),
            RTTSample(kind: .icmpEcho, prober: prober, target: target, sentAt: 1_200_000_000, rtt: 3_000_000, detail: 2),
            RTTSample(kind: .tcpSyn, prober: prober, target: target, sentAt: 1_200_000_500, rtt: 4_000_000, detail: 80),
        ]
        let echo = SessionReport.PingReply(sequence: 2, sentUnixNs: 1_199_999_000, method: "icmp")
        #expect(SessionTargets.wireSample(for: echo, in: samples)?.rtt == 3_000_000)
        let tcp = SessionReport.PingReply(sequence: 2, sentUnixNs: 1_199_999_000, method: "tcp:80")
        #expect(SessionTargets.wireSample(for: tcp, in: samples)?.rtt == 4_000_000)
        let early = SessionReport.PingReply(sequence: 9, sentUnixNs: 5_000_000_000, method: "icmp")
        #expect(SessionTargets.wireSample(for: early, in: samples) == nil)
    }
}
