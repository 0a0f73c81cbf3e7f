import AppContract
import AppSession
import Fixture
import Foundation
import StrictYAML
import Testbed
import Testing
import Wire
@testable import Harness
import AppInputs

extension SessionScriptTests {
    @Test("wol, browse and detail actions: NetMonitor's defaults, variables, and mistakes refused at their line")
    func discoveryActions() throws {
        let script = try SessionScriptLoader.load(
            text: """
                name: x
                actions:
                  - {at_s: 0, wol: {target: $wol_target}}
                  - {at_s: 1, wol: {target: 8C-16-45-90-3D-5E, broadcast: 198.18.0.255, port: 7}}
                  - {at_s: 2, browse: {}}
                  - {at_s: 3, browse: {window_s: 4, types: [_ssh._tcp, _ipp._tcp]}}
                  - {at_s: 4, detail: {target: $detail_target}}
                """,
            file: "x.yaml"
        )
        // Spec §5.7: 255.255.255.255:9; §5.8: the tool and the detail screen browse for 10 s.
        #expect(script.actions[0].what == .wol(.init(target: "$wol_target", broadcast: "255.255.255.255", port: 9)))
        #expect(script.actions[1].what == .wol(.init(target: "8C-16-45-90-3D-5E", broadcast: "198.18.0.255", port: 7)))
        #expect(script.actions[2].what == .browse(.init(windowS: 10, types: nil)))
        #expect(script.actions[3].what == .browse(.init(windowS: 4, types: ["_ssh._tcp", "_ipp._tcp"])))
        #expect(script.actions[4].what == .detail(.init(target: "$detail_target", windowS: 10)))
        #expect(SessionScriptLoader.variables(in: script) == ["wol_target", "detail_target"])

        let mac = try Self.refusal("name: x\nactions:\n  - at_s: 1\n    wol: {target: zz:zz:zz:zz:zz:zz}\n")
        #expect(mac.line == 4 && mac.fix.contains("--target name=MAC"), "\(mac)")
        let broadcast = try Self.refusal(
            "name: x\nactions:\n  - at_s: 1\n    wol: {target: $wol_target, broadcast: everyone}\n"
        )
        #expect(broadcast.line == 4 && broadcast.fix.contains("255.255.255.255"), "\(broadcast)")
        let port = try Self.refusal("name: x\nactions:\n  - {at_s: 1, wol: {target: $wol_target, port: 70000}}\n")
        #expect(port.line == 3 && port.message.contains("70000"), "\(port)")
        let window = try Self.refusal("name: x\nactions:\n  - at_s: 1\n    browse: {window_s: 0}\n")
        #expect(window.line == 4 && window.fix.contains("120"), "\(window)")
        let type = try Self.refusal("name: x\nactions:\n  - at_s: 1\n    browse:\n      types: [ssh]\n")
        #expect(type.line == 5 && type.fix.contains("_ssh._tcp"), "\(type)")
        let host = try Self.refusal("name: x\nactions:\n  - at_s: 1\n    detail: {target: nas}\n")
        #expect(host.line == 4 && host.fix.contains("--target"), "\(host)")
        let typo = try Self.refusal(
            "name: x\nactions:\n  - {at_s: 1, detail: {target: $detail_target, windows_s: 3}}\n"
        )
        #expect(typo.line == 3 && typo.fix.contains("window_s"), "\(typo)")
    }

    @Test(
        "on home the harness wakes thinkpad-linux by its MAC and opens the detail of the device with the most mDNS services"
    )
    func discoveryBindings() throws {
        let fixture = try FixtureLoader.load(try FixtureLoader.resolve("home"))
        let truth = GroundTruth(
            fixture: fixture,
            fixturePath: "fixtures/lans/home.yaml",
            plan: TestbedPlan(fixture: fixture, names: TestbedNames(id: "x"))
        )
        let targets = SessionTargets(truth: truth)
        let wol = try #require(targets.device(named: "wol_target"))
        #expect(wol.device.name == "thinkpad-linux" && wol.device.wakeOnLAN == true)
        #expect(SessionTargets.binding("wol_target", wol) == "8c:16:45:90:3d:5e")
        let detail = try #require(targets.device(named: "detail_target"))
        let most = truth.devices.map { ($0.device.mdns ?? []).count }.max()
        #expect((detail.device.mdns ?? []).count == most)
        #expect(SessionTargets.binding("detail_target", detail) == detail.device.ip.description)
    }

    @Test(
        "the Wake-on-LAN scorer counts only the session's lines of the listener log, byte for byte, with their arrival times"
    )
    func wakeOnLANScoring() throws {
        let directory = NSTemporaryDirectory() + "wol-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let log = "\(directory)/pc.log"
        try "ff00\n".write(toFile: log, atomically: true, encoding: .utf8)  // an earlier run's packet
        var scorer = WakeOnLANScorer(testbed: "x", target: "pc")
        (scorer.logPath, scorer.linesBefore, scorer.missingBefore) = (log, 1, false)
        try "ff00\nffab\nffcd\n".write(toFile: log, atomically: true, encoding: .utf8)
        try "1000000000\n1005000000\n1009000000\n".write(
            toFile: "\(directory)/pc.times",
            atomically: true,
            encoding: .utf8
        )
        let sent = SessionReport.WakeOnLANRun(
            mac: "m",
            destination: "255.255.255.255",
            port: 9,
            startedS: 5,
            durationMs: 0.5,
            sentUnixNs: 1_003_000_000,
            packetHex: "ffab",
            error: nil
        )
        let score = scorer.score([sent], target: "pc")
        #expect(score.sent == 1 && score.received == 1 && score.mismatched == 1 && !score.agrees, "\(score)")
        #expect(abs((score.latencyMs ?? 0) - 2) < 1e-9)
        let lost = scorer.score(
            [
                SessionReport.WakeOnLANRun(
                    mac: "m",
                    destination: "x",
                    port: 9,
                    startedS: 5,
                    durationMs: 0.5,
                    sentUnixNs: 0,
                    packetHex: "ff00",
                    error: nil
                )
            ],
            target: "pc"
        )
        #expect(lost.received == 0, "the earlier run's identical line is not this session's")
    }

    @Test("avahi-browse's parsable lines become (instance, type, address, port), escapes decoded, IPv6 left out")
    func avahiParsing() {
        let output = """
            +;eth0;IPv4;Anna's\\032MacBook\\032Pro;_ssh._tcp;local
            =;eth0;IPv4;Anna's\\032MacBook\\032Pro;_ssh._tcp;local;annas-macbook-pro.local;198.18.0.20;22;
            =;eth0;IPv6;Anna's\\032MacBook\\032Pro;_ssh._tcp;local;annas-macbook-pro.local;fe80::1;22;
            """
        #expect(
            AvahiBrowse.entries(in: output) == [
                .init(instance: "Anna's MacBook Pro", type: "_ssh._tcp", address: "198.18.0.20", port: 22)
            ]
        )
    }
}
