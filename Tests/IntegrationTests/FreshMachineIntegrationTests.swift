import Foundation
import Testing

/// The CLI as a new user's first commands meet it: a state root that does not exist yet (as
/// `/run/scanbench` after every reboot) and the kernel's default neighbour-table limits.
///
/// The main job once failed on exactly this (it wrote into a state directory only `testbed up`
/// had ever created) while every test passed, because earlier tests had created it.
@Suite("A fresh machine", .tags(.integration), .serialized)
struct FreshMachineIntegrationTests {
    static let limits = "/proc/sys/net/ipv4/neigh/default/gc_thresh"
    /// Linux's defaults for gc_thresh1/2/3.
    static let kernelDefaults = [128, 512, 1024]

    static func currentLimits() -> [Int] {
        (1...3).map {
            Int(
                (try? String(contentsOfFile: "\(limits)\($0)", encoding: .utf8))?.trimmingCharacters(
                    in: .whitespacesAndNewlines
                ) ?? ""
            ) ?? -1
        }
    }

    static func setLimits(_ values: [Int]) {
        for (index, value) in values.enumerated() {
            try? "\(value)\n".write(toFile: "\(limits)\(index + 1)", atomically: false, encoding: .utf8)
        }
    }

    /// `scanbench ARGS` with the state root moved to `root`.
    static func scanbench(_ arguments: [String], root: String, timeout: Double = 120) throws -> ScanBenchCLI.Output {
        try ScanBenchCLI.scanbench(arguments, stateRoot: root, timeout: timeout)
    }

    /// What is left in `root` (the saved neighbour limits live outside it, machine-wide).
    static func contents(_ root: String) -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: root)) ?? []).sorted()
    }

    @Test(
        "run --lanes 3 on tiny with no state root and default neighbour limits succeeds, restores the limits and leaves the root empty"
    )
    func firstRunWithLanes() throws {
        let base = NSTemporaryDirectory() + "fresh-\(UUID().uuidString)"
        let root = "\(base)/state"
        defer { try? FileManager.default.removeItem(atPath: base) }
        // Lower the limits to the kernel's defaults only when no testbed of ours needs them raised.
        let before = Self.currentLimits()
        let alone = ScanBenchCLI.ourNamespaces().isEmpty
        if alone { Self.setLimits(Self.kernelDefaults) }
        defer { if alone { Self.setLimits(before) } }
        #expect(!FileManager.default.fileExists(atPath: root))

        let run = try Self.scanbench(
            [
                "run", "--lanes", "3", "--fixture", "tiny", "--strategy", "netmonitor-2.0", "--repeat", "1",
                "--seed", "5", "--out", "\(base)/out",
            ],
            root: root,
            timeout: 300
        )
        #expect(run.status == 0, "\(run.stderr)")
        #expect(!run.stderr.contains("NSCocoaErrorDomain"), "\(run.stderr)")
        let data = try Data(contentsOf: URL(fileURLWithPath: "\(base)/out/results.json"))
        let results = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        let runs = try #require(results["runs"] as? [[String: Any]])
        #expect(runs.count == 1)
        #expect(runs.first?["status"] as? String == "ok")
        #expect(runs.first?["seed"] as? Int == 5)
        #expect((results["environment"] as? [String: Any])?["seed"] as? Int == 5)
        if alone {
            #expect(
                run.stderr.contains("raised the kernel's neighbour table limits"),
                "three lanes raise the limits: \(run.stderr)"
            )
            #expect(Self.currentLimits() == Self.kernelDefaults, "the run restores the limits it raised")
            #expect(
                !FileManager.default.fileExists(atPath: "/run/scanbench-neighbour-limits.json"),
                "and drops the machine's record of them"
            )
        }
        #expect(Self.contents(root) == [], "the run removes its LANs: \(Self.contents(root))")

        // testbed up and down in the same fresh root leave it empty too.
        let up = try Self.scanbench(
            ["testbed", "up", "tiny", "--detach", "--id", "fresh1", "--no-services"],
            root: root
        )
        #expect(up.status == 0, "\(up.stderr)")
        #expect(FileManager.default.fileExists(atPath: "\(root)/fresh1/state.json"))
        let status = try Self.scanbench(["testbed", "status"], root: root)
        #expect(status.stdout.contains("fresh1"), "\(status.stdout)\(status.stderr)")
        let down = try Self.scanbench(["testbed", "down", "--id", "fresh1"], root: root)
        #expect(down.status == 0, "\(down.stderr)")
        #expect(Self.contents(root) == [], "\(Self.contents(root))")
        #expect(!ScanBenchCLI.ourNamespaces().contains { $0.hasPrefix("scanbench-fresh1-") })
    }

    @Test("a state root that cannot be created is a clear error with a fix, not a Foundation dump")
    func unwritableStateRoot() throws {
        let blocker = NSTemporaryDirectory() + "fresh-file-\(UUID().uuidString)"
        #expect(FileManager.default.createFile(atPath: blocker, contents: Data("not a directory".utf8)))
        defer { try? FileManager.default.removeItem(atPath: blocker) }
        let run = try Self.scanbench(
            [
                "run", "--fixture", "tiny", "--strategy", "netmonitor-2.0", "--repeat", "1",
                "--out", NSTemporaryDirectory() + "fresh-never",
            ],
            root: "\(blocker)/state"
        )
        #expect(run.status == 1)
        #expect(run.stderr.contains("cannot create the state directory \(blocker)/state"), "\(run.stderr)")
        #expect(run.stderr.contains("SCANBENCH_STATE_DIR"), "\(run.stderr)")
        #expect(!run.stderr.contains("NSCocoaErrorDomain"), "\(run.stderr)")
    }
}
