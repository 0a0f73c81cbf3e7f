import Foundation
import Spawn
import Testing

/// `testbed down` removes everything of its state root, also after the controller was killed with
/// SIGKILL, and nothing of another's.
@Suite("Testbed clean-up", .tags(.integration), .serialized)
struct CleanupTests {
    /// Where the CLI keeps testbed state: `SCANBENCH_STATE_DIR`, else `/run/scanbench`.
    static let stateRoot = ProcessInfo.processInfo.environment["SCANBENCH_STATE_DIR"] ?? "/run/scanbench"

    static func leftovers(id: String, stateRoot: String = stateRoot) -> [String] {
        var found = ScanBenchCLI.ourNamespaces().filter { $0.contains("-\(id)-") }
        let links = (try? FileManager.default.contentsOfDirectory(atPath: "/sys/class/net")) ?? []
        found += links.filter { $0.hasPrefix("sb\(id)") }
        for path in ["\(stateRoot)/\(id)", "\(stateRoot)/controller-\(id).log"]
        where FileManager.default.fileExists(atPath: path) {
            found.append(path)
        }
        let ps = (try? ScanBenchCLI.run(["ps", "-eo", "args"]).stdout) ?? ""
        found += ps.split(separator: "\n").filter { $0.contains("scanbench-\(id)-") || $0.contains("--id \(id)") }.map(
            String.init
        )
        return found
    }

    /// The pid in a testbed's state.json.
    static func controllerPID(id: String, stateRoot: String) throws -> Int32 {
        let data = try Data(contentsOf: URL(fileURLWithPath: "\(stateRoot)/\(id)/state.json"))
        let state = try JSONSerialization.jsonObject(with: data) as? [String: Any]
        return Int32(try #require(state?["controllerPID"] as? Int))
    }

    /// Two state roots with a testbed each (A's with services, B's without): A's controller is
    /// killed with SIGKILL and `down` in A removes all of A's testbed and nothing of B's. Then B's
    /// testbed loses its controller and its state (a root deleted under it): `down` in B leaves the
    /// namespaces no state claims and says so; `down --id` removes them.
    @Test(
        "down removes its own state root's testbeds (also after kill -9 of the controller), not another's; --id removes an orphan"
    )
    func downKeepsToItsStateRoot() throws {
        let base = NSTemporaryDirectory() + "cleanup-\(UUID().uuidString)"
        let (rootA, rootB) = ("\(base)/a", "\(base)/b")
        let suffix = String(format: "%04x", UInt16.random(in: 0...UInt16.max))
        let (idA, idB) = ("ca" + suffix, "cb" + suffix)
        defer {
            for id in [idA, idB] { _ = try? ScanBenchCLI.scanbench(["testbed", "down", "--id", id]) }
            try? FileManager.default.removeItem(atPath: base)
        }
        let upA = try ScanBenchCLI.scanbench(["testbed", "up", "tiny", "--detach", "--id", idA], stateRoot: rootA)
        #expect(upA.status == 0, "\(upA.stderr)")
        let upB = try ScanBenchCLI.scanbench(
            ["testbed", "up", "tiny", "--detach", "--id", idB, "--no-services"],
            stateRoot: rootB
        )
        #expect(upB.status == 0, "\(upB.stderr)")
        let namespacesB = ScanBenchCLI.ourNamespaces().filter { $0.hasPrefix("scanbench-\(idB)-") }.sorted()
        #expect(!namespacesB.isEmpty)

        #expect(kill(try Self.controllerPID(id: idA, stateRoot: rootA), SIGKILL) == 0)
        usleep(200_000)
        #expect(!Self.leftovers(id: idA, stateRoot: rootA).isEmpty, "namespaces survive the controller")
        let downA = try ScanBenchCLI.scanbench(["testbed", "down"], stateRoot: rootA)
        #expect(downA.status == 0, "\(downA.stderr)")
        #expect(Self.leftovers(id: idA, stateRoot: rootA) == [])
        #expect(downA.stderr.contains("removed testbed \(idA)"), "\(downA.stderr)")
        #expect(
            downA.stdout.contains("belong to another state root or none: left alone") && downA.stdout.contains(idB),
            "\(downA.stdout)"
        )
        #expect(ScanBenchCLI.ourNamespaces().filter { $0.hasPrefix("scanbench-\(idB)-") }.sorted() == namespacesB)
        let pidB = try Self.controllerPID(id: idB, stateRoot: rootB)
        #expect(kill(pidB, 0) == 0, "B's controller is left running")
        let again = try ScanBenchCLI.scanbench(["testbed", "down"], stateRoot: rootA)
        #expect(
            again.status == 0 && again.stdout.contains("nothing to remove"),
            "down is idempotent: \(again.stdout)\(again.stderr)"
        )

        // B's testbed without controller and state: no state root claims it.
        #expect(kill(pidB, SIGKILL) == 0)
        try FileManager.default.removeItem(atPath: "\(rootB)/\(idB)")
        let downB = try ScanBenchCLI.scanbench(["testbed", "down"], stateRoot: rootB)
        #expect(downB.status == 0 && downB.stdout.contains("nothing to remove"), "\(downB.stdout)\(downB.stderr)")
        #expect(ScanBenchCLI.ourNamespaces().filter { $0.hasPrefix("scanbench-\(idB)-") }.sorted() == namespacesB)
        let status = try ScanBenchCLI.scanbench(["testbed", "status"], stateRoot: rootB)
        #expect(status.stdout.contains(idB) && status.stdout.contains("--id ID removes one"), "\(status.stdout)")
        let orphan = try ScanBenchCLI.scanbench(["testbed", "down", "--id", idB], stateRoot: rootB)
        #expect(orphan.status == 0, "\(orphan.stderr)")
        #expect(Self.leftovers(id: idB, stateRoot: rootB) == [])
    }

    /// A LAN a running job owns (`up --owner`, as `scanbench run` starts its LANs) is not `down`'s to
    /// take on a shared state root: two reference jobs died together when a clean-up removed their
    /// LANs underneath them (issue 47). It goes down with its owner instead. The owner here is a
    /// foreground `testbed up` in another state root: a live scanbench process, ended with Ctrl-C.
    @Test("down leaves a LAN whose owning job still runs; the LAN goes down when the job ends")
    func downLeavesARunningJobsLAN() throws {
        let base = NSTemporaryDirectory() + "cleanup-\(UUID().uuidString)"
        let (ownerRoot, jobRoot) = ("\(base)/owner", "\(base)/job")
        let suffix = String(format: "%04x", UInt16.random(in: 0...UInt16.max))
        let (ownerID, jobID) = ("co" + suffix, "cj" + suffix)
        let owner = try ChildProcess.spawn([
            "env", "SCANBENCH_STATE_DIR=\(ownerRoot)", ScanBenchCLI.binary, "testbed", "up", "tiny", "--no-services",
            "--id", ownerID,
        ])
        defer {
            kill(owner.pid, SIGKILL)
            for id in [ownerID, jobID] { _ = try? ScanBenchCLI.scanbench(["testbed", "down", "--id", id]) }
            try? FileManager.default.removeItem(atPath: base)
        }
        let up = try ScanBenchCLI.scanbench(
            ["testbed", "up", "tiny", "--detach", "--no-services", "--id", jobID, "--owner", String(owner.pid)],
            stateRoot: jobRoot
        )
        #expect(up.status == 0, "\(up.stderr)")

        let down = try ScanBenchCLI.scanbench(["testbed", "down"], stateRoot: jobRoot)
        #expect(down.status == 0, "\(down.stderr)")
        #expect(
            down.stdout.contains("testbed \(jobID) is in use by the running job pid \(owner.pid): left alone"),
            "\(down.stdout)"
        )
        #expect(ScanBenchCLI.ourNamespaces().contains { $0.hasPrefix("scanbench-\(jobID)-") }, "the job's LAN is up")

        kill(owner.pid, SIGINT)
        owner.wait()
        let deadline = Date().addingTimeInterval(15)
        while !Self.leftovers(id: jobID, stateRoot: jobRoot).isEmpty, Date() < deadline { usleep(100_000) }
        #expect(Self.leftovers(id: jobID, stateRoot: jobRoot) == [], "the LAN went down with its owner")
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
