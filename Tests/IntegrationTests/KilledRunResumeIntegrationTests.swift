import Foundation
import Spawn
import Testbed
import Testing
import Wire

/// Issue 47: a run killed at any moment (SIGKILL or SIGTERM to its whole process group: the harness,
/// the app it measures, a `testbed up` under way) or stopped by a full disk leaves nothing, and
/// `run --resume` then measures what an uninterrupted run of the same seed measures.
@Suite(
    "a killed run resumes to the same counters",
    .tags(.integration),
    .serialized,
    .enabled(if: LongTests.enabled, Comment(rawValue: LongTests.reason))
)
struct KilledRunResumeIntegrationTests {
    /// Two strategies whose counters are exact under one seed (docs/METRICS.md, "Repeatability"),
    /// on two lanes, so the job raises the neighbour-table limits itself. About 45 s.
    static let plan = [
        "run", "--fixture", "tiny", "--strategy", "scanbench-best", "--strategy", "review-phase2", "--repeat", "1",
        "--seed", "1", "--no-classify", "--lanes", "2",
    ]

    /// The counters a seed fixes, per run: devices found, TCP attempts on the wire, connections the stack created.
    static func counters(_ directory: String) throws -> [String: [Int]] {
        let data = try Data(contentsOf: URL(fileURLWithPath: "\(directory)/results.json"))
        let document = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        var counters: [String: [Int]] = [:]
        for run in try #require(document["runs"] as? [[String: Any]]) {
            #expect(run["status"] as? String == "ok", "\(run["strategy"] ?? "") \(run["error"] ?? "")")
            let metrics = try #require(run["metrics"] as? [String: Any])
            let found = (metrics["yield"] as? [String: Any])?["found"] as? Int
            let attempts = (metrics["wire"] as? [String: Any])?["tcp_attempts"] as? Int
            let connections = (metrics["stack"] as? [String: Any])?["connections_created"] as? Int
            counters["\(run["strategy"] ?? "")-r\(run["repetition"] ?? "")"] = [found, attempts, connections].map {
                $0 ?? -1
            }
        }
        return counters
    }

    /// SIGKILL leaves the job no say: its controllers see it gone (`--owner`). SIGTERM is caught: the
    /// job removes its LANs itself and exits 130, as on Ctrl-C.
    @Test(
        "SIGKILL or SIGTERM to the run's process group at a random moment: the LANs go, --resume gives the same counters",
        arguments: [SIGKILL, SIGTERM]
    )
    func killedAndResumed(signal: Int32) throws {
        let limitsBefore = NeighbourLimits.current()
        // A state root of its own: what the killed run leaves is exactly what is in it.
        let root = NSTemporaryDirectory() + "killed-\(UUID().uuidString.prefix(8))"
        let whole = root + "/whole", killed = root + "/killed", state = root + "/state"
        try FileManager.default.createDirectory(atPath: state, withIntermediateDirectories: true)
        defer {
            _ = try? ScanBenchCLI.scanbench(["testbed", "down"], stateRoot: state)
            try? FileManager.default.removeItem(atPath: root)
        }

        let uninterrupted = try ScanBenchCLI.scanbench(Self.plan + ["--out", whole], stateRoot: state, timeout: 300)
        #expect(uninterrupted.status == 0, "\(uninterrupted.stderr)")

        // Anywhere in the run's ~45 s: before results.json exists, while a LAN comes up, mid-scan,
        // between runs. The seed is printed so that a failure replays with SCANBENCH_KILL_SEED.
        let seed =
            ProcessInfo.processInfo.environment["SCANBENCH_KILL_SEED"].flatMap { UInt64($0) }
            ?? UInt64.random(in: 0...UInt64(UInt32.max))
        var random = RandomSource(seed: seed)
        let delay = random.unit() * 38
        print(
            "signal \(signal) to the run \(String(format: "%.2f", delay)) s after its start (SCANBENCH_KILL_SEED=\(seed))"
        )
        let child = try ChildProcess.spawn(
            ["env", "SCANBENCH_STATE_DIR=\(state)", ScanBenchCLI.binary] + Self.plan + ["--out", killed],
            newSession: true
        )
        // The testbed ids the run used, as its controllers create their state directories.
        var seen = Set<String>()
        func look() {
            let entries = (try? FileManager.default.contentsOfDirectory(atPath: state)) ?? []
            seen.formUnion(entries.filter(TestbedNames.isValidID))
        }
        let killAt = Date().addingTimeInterval(delay)
        while Date() < killAt {
            look()
            usleep(20_000)
        }
        kill(-child.pid, signal)
        let status = child.wait()
        // SIGTERM before the handler is installed (the first moments) ends the process as SIGKILL does.
        #expect(status == 128 + signal || (signal == SIGTERM && status == 130), "exit status \(status)")
        // Each controller sees its owner gone and takes its LAN down (one still coming up does so once up).
        func leftovers() -> [String] {
            look()
            let namespaces = ScanBenchCLI.ourNamespaces().filter { namespace in
                seen.contains { namespace.hasPrefix("scanbench-\($0)-") }
            }
            return namespaces + ((try? FileManager.default.contentsOfDirectory(atPath: state)) ?? [])
        }
        let deadline = Date().addingTimeInterval(30)
        while !leftovers().isEmpty, Date() < deadline { usleep(200_000) }
        #expect(leftovers().isEmpty, "left by the killed run (testbeds \(seen.sorted())): \(leftovers())")

        let resumed = try ScanBenchCLI.scanbench(
            Self.plan + ["--out", killed, "--resume"],
            stateRoot: state,
            timeout: 300
        )
        #expect(resumed.status == 0, "\(resumed.stderr)")
        let expected = try Self.counters(whole)
        #expect(expected.count == 2)
        #expect(try Self.counters(killed) == expected, "killed at \(delay) s, seed \(seed): \(resumed.stderr)")
        #expect(((try? FileManager.default.contentsOfDirectory(atPath: state)) ?? []).isEmpty)
        #expect(
            !ScanBenchCLI.ourNamespaces().contains { namespace in
                seen.contains { namespace.hasPrefix("scanbench-\($0)-") }
            }
        )

        // The limits are the kernel's, shared with every LAN on the machine: they are back as they
        // were unless another LAN (not this test's) still needs them raised, and then its last
        // 'down' restores the values recorded before the first raise.
        if ScanBenchCLI.ourNamespaces().isEmpty {
            #expect(NeighbourLimits.current() == limitsBefore)
        } else {
            let recorded = FileManager.default.contents(atPath: NeighbourLimits.savedPath).flatMap {
                try? JSONDecoder().decode([Int].self, from: $0)
            }
            #expect(
                NeighbourLimits.current() == limitsBefore || recorded == limitsBefore,
                "limits \(NeighbourLimits.current()), recorded \(recorded ?? []), before \(limitsBefore)"
            )
        }
    }

    /// A disk that fills while the job writes (a tmpfs of 1.3 MB as `--out`: the pcaps fill it):
    /// the job stops with the file, the reason and a fix, results.json stays readable with the runs
    /// of its last write, no LAN is left; with room again, `--resume` gives the same counters.
    @Test("a full disk stops the job cleanly; with room again --resume gives the same counters")
    func fullDiskResumed() throws {
        let root = NSTemporaryDirectory() + "fulldisk-\(UUID().uuidString.prefix(8))"
        let whole = root + "/whole", small = root + "/small", state = root + "/state"
        try FileManager.default.createDirectory(atPath: state, withIntermediateDirectories: true)
        try FileManager.default.createDirectory(atPath: small, withIntermediateDirectories: true)
        let mount = try ScanBenchCLI.run(["mount", "-t", "tmpfs", "-o", "size=1300k", "tmpfs", small])
        try #require(mount.status == 0, "\(mount.stderr)")
        defer {
            _ = try? ScanBenchCLI.run(["umount", small])
            _ = try? ScanBenchCLI.scanbench(["testbed", "down"], stateRoot: state)
            try? FileManager.default.removeItem(atPath: root)
        }

        let uninterrupted = try ScanBenchCLI.scanbench(Self.plan + ["--out", whole], stateRoot: state, timeout: 300)
        #expect(uninterrupted.status == 0, "\(uninterrupted.stderr)")

        let full = try ScanBenchCLI.scanbench(Self.plan + ["--out", small], stateRoot: state, timeout: 300)
        #expect(full.status == 1, "exit \(full.status): \(full.stderr)")
        #expect(full.stderr.contains("No space left on device") && full.stderr.contains("fix:"), "\(full.stderr)")
        let kept = try Data(contentsOf: URL(fileURLWithPath: "\(small)/results.json"))
        #expect((try? JSONSerialization.jsonObject(with: kept)) != nil, "results.json is whole after the failed write")
        #expect(((try? FileManager.default.contentsOfDirectory(atPath: state)) ?? []).isEmpty, "no LAN left")

        let remount = try ScanBenchCLI.run(["mount", "-o", "remount,size=64m", small])
        try #require(remount.status == 0, "\(remount.stderr)")
        let resumed = try ScanBenchCLI.scanbench(
            Self.plan + ["--out", small, "--resume"],
            stateRoot: state,
            timeout: 300
        )
        #expect(resumed.status == 0, "\(resumed.stderr)")
        #expect(try Self.counters(small) == Self.counters(whole), "\(resumed.stderr)")
    }
}
