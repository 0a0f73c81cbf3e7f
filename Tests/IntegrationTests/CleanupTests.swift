import Foundation
import Testing

/// `testbed down` removes everything, also after the controller was killed with SIGKILL.
@Suite("Testbed clean-up", .tags(.integration), .serialized)
struct CleanupTests {
    /// Where the CLI keeps testbed state: `SCANBENCH_STATE_DIR`, else `/run/scanbench`.
    static let stateRoot = ProcessInfo.processInfo.environment["SCANBENCH_STATE_DIR"] ?? "/run/scanbench"

    static func leftovers(id: String) -> [String] {
        var found = ScanBenchCLI.ourNamespaces().filter { $0.contains("-\(id)-") }
        let links = (try? FileManager.default.contentsOfDirectory(atPath: "/sys/class/net")) ?? []
        found += links.filter { $0.hasPrefix("sb\(id)") }
        for path in ["\(stateRoot)/\(id)", "\(stateRoot)/controller-\(id).log"] where FileManager.default.fileExists(atPath: path) {
            found.append(path)
        }
        let ps = (try? ScanBenchCLI.run(["ps", "-eo", "args"]).stdout) ?? ""
        found += ps.split(separator: "\n").filter { $0.contains("scanbench-\(id)-") || $0.contains("--id \(id)") }.map(String.init)
        return found
    }

    @Test("kill -9 of the controller, then down: no namespace, TAP, process or state is left")
    func killNineThenDown() throws {
        let testbed = try LiveTestbed.up("tiny")
        let state = try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: "\(Self.stateRoot)/\(testbed.id)/state.json"))) as? [String: Any]
        let pid = try #require(state?["controllerPID"] as? Int)
        #expect(kill(Int32(pid), SIGKILL) == 0)
        usleep(200_000)
        #expect(!Self.leftovers(id: testbed.id).isEmpty, "namespaces survive the controller")
        let down = try ScanBenchCLI.scanbench(["testbed", "down", "--id", testbed.id])
        #expect(down.status == 0)
        #expect(Self.leftovers(id: testbed.id) == [])
        let again = try ScanBenchCLI.scanbench(["testbed", "down", "--id", testbed.id])
        #expect(again.status == 0, "down is idempotent")
    }

    /// Five cycles, 2 s each: a leak per cycle shows in the first; ten cost the suite 10 s more.
    @Test("five up/down cycles leave nothing behind")
    func fiveCycles() throws {
        for _ in 0..<5 {
            let testbed = try LiveTestbed.up("tiny", extra: ["--no-services"])
            testbed.down()
            #expect(Self.leftovers(id: testbed.id) == [])
        }
    }

    @Test("a fixture with a mistake is refused with file, line and fix, and builds nothing")
    func badFixtureBuildsNothing() throws {
        let path = NSTemporaryDirectory() + "bad-\(UUID().uuidString).yaml"
        try """
            name: bad
            network:
              subnet: 10.0.0.0/24
              gateway: 10.0.0.1
              scanner: {ip: 10.0.0.50, mac: "02:00:00:00:00:32"}
            devices:
              - {name: gateway, ip: 10.0.0.1, mac: "02:00:00:00:00:01", category: router}
            """.write(toFile: path, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(atPath: path) }
        let before = ScanBenchCLI.ourNamespaces()
        let up = try ScanBenchCLI.scanbench(["testbed", "up", path, "--detach"])
        #expect(up.status != 0)
        #expect(up.stderr.contains("\(path):3"))
        #expect(up.stderr.contains("198.18.0.0/15"))
        #expect(ScanBenchCLI.ourNamespaces() == before)
    }
}
