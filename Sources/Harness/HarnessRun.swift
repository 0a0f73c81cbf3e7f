import Foundation
import Results
import Spawn
import Testbed

/// One `scanbench run`: runs the entries of the plan in the interleaved order, each on a LAN of
/// its own brought up with the run's seed and taken down after it, and writes results.json
/// after every run (so a killed run keeps what it measured). A fresh LAN per run means no run
/// inherits another's ARP caches, sockets in TIME_WAIT, agent state or position in the switch's
/// random stream, so a seed replays a run. Testbeds are taken down after each run, on error,
/// and — if this process is killed — by the next `scanbench testbed down`.
public struct HarnessRun: Sendable {
    public var plan: RunPlan
    public var outputDirectory: String
    public var referenceStrategy: String
    public var executable: String
    public var shard = ShardSpec(index: 1, count: 1)
    public var repetitions: Int
    public var peers = false
    /// Lanes: copies of each fixture's LAN that run entries side by side (1 = one at a time).
    public var jobs = 1
    /// The seed of every run (`--seed`); nil draws one per run. Either way each run records its own.
    public var seed: UInt64?
    /// How the devices each scan found are probed and classified after it; nil: not at all.
    public var categoryProbe: CategoryProbeSettings? = .harnessDefault
    public var progress: @Sendable (String) -> Void
    /// Called with each testbed id just before the run brings that LAN up (so that an
    /// interrupted run can remove exactly its own testbeds).
    public var testbedStarting: @Sendable (String) -> Void = { _ in }

    public init(plan: RunPlan, outputDirectory: String, referenceStrategy: String, executable: String,
                repetitions: Int, progress: @escaping @Sendable (String) -> Void) {
        self.plan = plan
        self.outputDirectory = outputDirectory
        self.referenceStrategy = referenceStrategy
        self.executable = executable
        self.repetitions = repetitions
        self.progress = progress
    }

    public var resultsPath: String { "\(outputDirectory)/results.json" }

    /// Runs everything.
    /// - Returns: the results document (also written to `resultsPath`).
    /// - Throws: `HarnessError`/`TestbedError`/`YAMLInputError` for bad input or a LAN that
    ///   cannot be built; a scan that fails is recorded as a failed run instead.
    public func execute() async throws -> ResultsDocument {
        try FileManager.default.createDirectory(atPath: "\(outputDirectory)/strategies", withIntermediateDirectories: true)
        var strategyFiles: [String: String] = [:]
        var strategyPaths: [String: String] = [:]
        for entry in plan.entries where strategyFiles[entry.strategy.name] == nil {
            strategyFiles[entry.strategy.name] = try entry.strategy.materialize(in: "\(outputDirectory)/strategies")
            strategyPaths[entry.strategy.name] = strategyFiles[entry.strategy.name]
        }
        var fixturePaths: [String: String] = [:]
        var fixtures: [String: Fixture] = [:]
        for name in plan.fixtures {
            let path = try FixtureLoader.resolve(name)
            fixturePaths[name] = path
            fixtures[name] = try FixtureLoader.load(path)
        }
        let probed = EnvironmentProbe.read(fixtures: fixturePaths, strategies: strategyPaths,
                                                repetitions: repetitions, shard: shard)
        var environment = probed
        environment.lanes = jobs
        environment.seed = seed
        environment.categoryProbe = categoryProbe
        let sink = ResultsSink(document: ResultsDocument(environment: environment, referenceStrategy: referenceStrategy),
                               path: resultsPath, total: plan.entries.count, progress: progress)
        if jobs > 1 {
            // The kernel's neighbour table is shared by every namespace: make room for each lane's sweep.
            let hosts = fixtures.values.map { $0.network.subnet.hosts.count }.max() ?? 254
            if let note = try NeighbourLimits.raise(toFit: hosts * jobs) { progress(note) }
        }
        for fixtureName in plan.fixtures {
            let fixture = fixtures[fixtureName]!
            let path = fixturePaths[fixtureName]!
            // Ids are at most 6 characters: "run", two hex digits (one no testbed on this machine
            // uses, so concurrent runs never share a LAN), a digit: two per lane, used in turn, so
            // that a run's LAN is taken down while the next one comes up.
            let inUse = TestbedNames.idsInUse()
            var stem = ""
            repeat { stem = "run" + String(format: "%02x", UInt8.random(in: 0...0xFF)) }
            while inUse.contains { $0.hasPrefix(stem) }
            let ids = (0..<2 * max(1, jobs)).map { "\(stem)\($0)" }
            defer { for id in ids { TestbedCleaner.remove(id: id, log: { _ in }) } }
            let entries = plan.entries.filter { $0.fixture == fixtureName }
            let files = strategyFiles
            let fixedSeed = seed
            let categoryProbe = self.categoryProbe
            try await withThrowingTaskGroup(of: Void.self) { group in
                let lanes = max(1, jobs)
                for lane in 0..<lanes {
                    let mine = entries.enumerated().filter { $0.offset % lanes == lane }.map(\.element)
                    let laneIDs = [ids[2 * lane], ids[2 * lane + 1]]
                    group.addTask {
                        // The last run's LAN goes down while the next one comes up and settles
                        // (about 2.5 s against 4 s), and is gone before the next capture starts.
                        var teardown: Task<Void, Never>?
                        for (index, entry) in mine.enumerated() {
                            let started = Date()
                            let id = laneIDs[index % 2]
                            let seed = fixedSeed ?? UInt64.random(in: 0...UInt64.max)
                            let truth = try await bringUp(fixture: fixture, name: fixtureName, path: path, id: id, seed: seed)
                            await teardown?.value
                            var executor = RunExecutor(truth: truth, executable: executable, outputDirectory: outputDirectory, seed: seed)
                            executor.categoryProbe = categoryProbe
                            var result = await executor.run(entry, strategyFile: files[entry.strategy.name]!)
                            result.seed = seed
                            teardown = Task { await Self.offThePool { TestbedCleaner.remove(id: id, log: { _ in }) } }
                            try await sink.add(result, seconds: Date().timeIntervalSince(started))
                        }
                        await teardown?.value
                    }
                }
                try await group.waitForAll()
            }
            if peers {
                let peerSeed = fixedSeed ?? UInt64.random(in: 0...UInt64.max)
                let truth = try await bringUp(fixture: fixture, name: fixtureName, path: path, id: ids[0], seed: peerSeed)
                let results = PeerRunner(truth: truth, fixture: fixtureName).runAll(repetitions: repetitions, progress: progress)
                try await sink.addPeers(results)
            }
        }
        let document = await sink.document
        return document
    }

    /// Starts the LAN in its own controller process (as `testbed up --detach` does), so scans
    /// never share a process with the switch and the device agents.
    private func bringUp(fixture: Fixture, name: String, path: String, id: String, seed: UInt64) async throws -> GroundTruth {
        testbedStarting(id)
        let command = [executable, "testbed", "up", path, "--detach", "--id", id, "--seed", String(seed)]
        let up = try await Self.offThePool { try ChildProcess.run(command, timeout: 180) }
        guard up.status == 0, let state = TestbedState.load(id: id), state.fixture == fixture else {
            throw HarnessError("the \(name) LAN did not come up:\n\(up.stderr)\(up.stdout)",
                               fix: "try 'scanbench testbed up \(name)' by hand and read its errors")
        }
        // Let the LAN's start-up chatter end before the capture starts, as on a LAN that has been
        // up for a while: two mDNS announcements 1 s apart (RFC 6762 §8.3) and the kernel's
        // IGMPv3 unsolicited reports, sent within 1 s of each join (RFC 3376 §8.11).
        try await Task.sleep(for: Self.settle)
        return GroundTruth(state: state)
    }

    /// Runs blocking work (a child process, a teardown) on a thread of its own, so that lanes
    /// waiting on it never hold the cooperative pool the other lanes need.
    static func offThePool<T: Sendable>(_ work: @escaping @Sendable () throws -> T) async throws -> T {
        try await withCheckedThrowingContinuation { continuation in
            Thread { continuation.resume(with: Result { try work() }) }.start()
        }
    }

    /// `offThePool` for work that cannot fail.
    static func offThePool(_ work: @escaping @Sendable () -> Void) async {
        await withCheckedContinuation { continuation in
            Thread { work(); continuation.resume() }.start()
        }
    }

    /// How long a fresh LAN is left alone before its run starts.
    static let settle = Duration.milliseconds(2_000)



    static func line(_ result: RunResult, done: Int, total: Int, seconds: Double) -> String {
        let m = result.metrics
        let seed = result.seed.map { " seed \($0)" } ?? ""
        let head = "[\(done)/\(total)] \(result.fixture) \(result.strategy) \(result.scenario) r\(result.repetition)\(seed): "
        guard result.status == .ok else { return head + "\(result.status.rawValue) — \(result.error ?? "")" }
        var categories = ""
        if let correct = m.names.categoryCorrect, let total = m.names.categoryTotal {
            categories = ", \(correct)/\(total) categories" + (m.names.categoryProbeS.map { String(format: " (probe %.1f s)", $0) } ?? "")
        }
        return head + "\(m.yield.found)/\(m.yield.discoverable) devices, \(m.wire.tcpAttempts) TCP attempts, "
            + "peak \(m.wire.tcpPeakInFlight) in flight, \(String(format: "%.1f", m.durationS)) s scan\(categories)"
            + String(format: " (%.0f s with capture)", seconds)
    }
}
