import Fixture
import Foundation
import Platform
import Results
import Spawn
import Testbed
import AppInputs

/// One `scanbench run`, the whole job: prepares its inputs once (`JobInputs`), then runs the
/// entries of the plan in the interleaved order, dealt over the lanes, each on a LAN of its own brought up with the
/// run's seed and taken down after it, handing each entry to an `EntryRunner`, and writes
/// results.json after every run (`ResultsSink`, so a killed job keeps what it measured).
///
/// A fresh LAN per run means no run inherits another's ARP caches, sockets in TIME_WAIT, agent
/// state or position in the switch's random stream, so a seed replays a run. Testbeds are taken
/// down after each run and on error; if this process is killed, even by SIGKILL, each controller
/// sees its owner end and takes its LAN down itself (`testbed up --owner`), and what a controller
/// killed too left is removed by the next job's start or `scanbench testbed down`.
public struct HarnessJob: Sendable {
    public var plan: RunPlan
    public var outputDirectory: String
    public var referenceStrategy: String
    public var executable: String
    public var shard = ShardSpec(index: 1, count: 1)
    public var repetitions: Int
    public var peers = false
    /// With `peers`, nmap -O -sV as a category peer too (`--peer-os`).
    public var peerOS = false
    /// Lanes: copies of each fixture's LAN that run entries side by side (1 = one at a time).
    public var jobs = 1
    /// The base seed (`--seed`): repetition k of every strategy runs with seed + k − 1
    /// (`RunPlan.Entry.seed(base:)`), so strategies are paired on the same draws of each LAN and
    /// repetitions cover several draws. Nil draws a base for the job. Each run records its own seed.
    public var seed: UInt64?
    /// How the devices each scan found are probed and classified after it; nil: not at all.
    public var categoryProbe: CategoryProbeSettings? = .harnessDefault
    /// The platform profile the app runs on (`--platform`: a built-in name or a path); `linux`
    /// adds nothing and is not passed to the app (docs/PLATFORMS.md).
    public var platform = PlatformProfileLoader.defaultName
    /// What `scanbench ablate` measures, written into results.json with the first run; nil for `run`.
    public var ablation: Ablation?
    /// The grid of a `--sweep` run (kept in results.json, and each run marked with its control
    /// and overrides); nil otherwise.
    public var sweep: SweepDescription?
    /// The whole plan as `scanbench run` was given it (every shard records the same), kept in
    /// results.json so that it runs again; nil for `ablate` and `tune`.
    public var recordedPlan: RecordedPlan?
    /// Runs measured before (a resumed `scanbench tune`): results.json starts from this document,
    /// its records kept, and the new runs are added to it; nil starts a new document.
    public var prior: ResultsDocument?
    /// The prior document is an interrupted run of this same job (`scanbench run --resume`): its
    /// fixtures, strategies and platform must hash as they do now, or the runs would mix two LANs.
    public var priorMustMatch = false
    /// No run starts after this moment (`tune`'s budget); runs under way finish. Nil: no limit.
    public var deadline: Date?
    /// Applied to the document before each write of results.json (`tune` keeps its time spent there).
    public var stamp: @Sendable (inout ResultsDocument) -> Void = { _ in }
    public var progress: @Sendable (String) -> Void
    /// Called with each testbed id just before the run brings that LAN up (so that an
    /// interrupted run can remove exactly its own testbeds).
    public var testbedStarting: @Sendable (String) -> Void = { _ in }

    public init(
        plan: RunPlan,
        outputDirectory: String,
        referenceStrategy: String,
        executable: String,
        repetitions: Int,
        progress: @escaping @Sendable (String) -> Void
    ) {
        self.plan = plan
        self.outputDirectory = outputDirectory
        self.referenceStrategy = referenceStrategy
        self.executable = executable
        self.repetitions = repetitions
        self.progress = progress
    }

    public var resultsPath: String { "\(outputDirectory)/results.json" }

    /// Prepares every input of `plan` exactly as `execute()` does — each strategy file parsed and
    /// validated (sweep variants written and parsed too), the platform profile and every fixture
    /// loaded — in a scratch directory it removes afterwards: what `scanbench run --dry-run` checks.
    /// - Throws: the first input's error, as the run would throw it (file, line and fix).
    public static func validateInputs(of plan: RunPlan, platform: String) throws {
        let scratch = NSTemporaryDirectory() + "scanbench-dry-run-\(UUID().uuidString)"
        defer { try? FileManager.default.removeItem(atPath: scratch) }
        _ = try JobInputs.prepare(plan, outputDirectory: scratch, platform: platform)
    }

    /// Runs everything.
    /// - Returns: the results document (also written to `resultsPath`).
    /// - Throws: `HarnessError`/`TestbedError`/`YAMLInputError` for bad input, a missing
    ///   `scanbench-app` or a LAN that cannot be built; a scan that fails is recorded as a failed run instead.
    public func execute() async throws -> ResultsDocument {
        _ = try AppExecutable.locate(beside: executable)
        let inputs = try JobInputs.prepare(plan, outputDirectory: outputDirectory, platform: platform)
        for prepared in inputs.strategies.values.sorted(by: { $0.name < $1.name }) {
            if let excess = FlowLimitCheck.excess(prepared.strategy, name: prepared.name, on: prepared.platform.profile)
            {
                progress("warning: \(excess)")
            }
        }
        let base = seed ?? UInt64.random(in: 0...UInt64(UInt32.max))
        if seed == nil {
            progress("base seed \(base) (drawn; repetition k runs with \(base) + k − 1; --seed \(base) replays them)")
        }
        var document = ResultsDocument(environment: environment(inputs), referenceStrategy: referenceStrategy)
        document.ablation = ablation
        document.sweep = sweep
        document.plan = recordedPlan
        if var prior {
            if priorMustMatch { try Self.checkSameInputs(prior.environment, document.environment) }
            prior.environment.fixtureHashes.merge(document.environment.fixtureHashes) { $1 }
            prior.environment.strategyHashes.merge(document.environment.strategyHashes) { $1 }
            document = prior
        }
        let sink = try ResultsSink(
            document: document,
            path: resultsPath,
            total: plan.entries.count,
            stamp: stamp,
            progress: progress
        )
        try await sink.save()
        // What an earlier job killed with its controllers left (they take their LANs down when the
        // job dies, unless they died too): removed, and the neighbour limits restored, before this
        // job raises them again.
        TestbedCleaner.removeAbandoned(log: progress)
        if jobs > 1 {
            // The kernel's neighbour table is shared by every namespace: make room for each lane's sweep.
            let hosts = inputs.fixtures.map { $0.fixture.network.subnet.hosts.count }.max() ?? 254
            if let note = try NeighbourLimits.raise(toFit: hosts * jobs) { progress(note) }
        }
        try await runLanes(inputs, base: base, sink: sink)
        if peers {
            for fixture in inputs.fixtures { try await runPeers(fixture, seed: base, sink: sink) }
        }
        return try await sink.document()
    }

    /// Refuses to continue a run whose fixtures, strategies or platform profile changed since.
    static func checkSameInputs(_ before: RunEnvironment, _ now: RunEnvironment) throws {
        var changed: [String] = []
        for (name, hash) in now.fixtureHashes.sorted(by: { $0.key < $1.key })
        where before.fixtureHashes[name].map({ $0 != hash }) ?? false {
            changed.append("fixture \(name)")
        }
        for (name, hash) in now.strategyHashes.sorted(by: { $0.key < $1.key })
        where before.strategyHashes[name].map({ $0 != hash }) ?? false {
            changed.append("strategy \(name)")
        }
        if let was = before.platform?.sha256, let current = now.platform?.sha256, was != current {
            changed.append("platform \(now.platform?.name ?? "")")
        }
        guard changed.isEmpty else {
            throw HarnessError(
                "the interrupted run's inputs changed since it ran: \(changed.joined(separator: ", ")) (sha256 differs from its results.json)",
                fix:
                    "put the files back as they were (git stash / checkout), or run into another --out without --resume"
            )
        }
    }

    /// The machine, the inputs' hashes and the job's settings, for results.json.
    private func environment(_ inputs: JobInputs) -> RunEnvironment {
        var environment = EnvironmentProbe.read(
            fixtures: inputs.fixtureFiles,
            strategies: inputs.strategyFiles,
            repetitions: repetitions,
            shard: shard
        )
        environment.lanes = jobs
        environment.seed = seed
        environment.categoryProbe = categoryProbe
        environment.platform = EnvironmentProbe.record(inputs.platform)
        return environment
    }

    /// Every entry, in schedule order, to whichever lane is free (`EntryQueue`): a lane brings up
    /// the LAN of whichever fixture its next entry needs, so a job of several fixtures keeps every
    /// lane busy until the work runs out.
    private func runLanes(_ inputs: JobInputs, base: UInt64, sink: ResultsSink) async throws {
        let lanes = max(1, jobs)
        let ids = Self.testbedIDs(lanes: lanes)
        defer { for id in ids { TestbedCleaner.remove(id: id, log: { _ in }) } }
        let fixtures = Dictionary(uniqueKeysWithValues: inputs.fixtures.map { ($0.name, $0) })
        let queue = EntryQueue(plan.entries)
        try await withThrowingTaskGroup(of: Void.self) { group in
            for lane in 0..<lanes {
                let laneIDs = [ids[2 * lane], ids[2 * lane + 1]]
                group.addTask {
                    try await runLane(
                        queue,
                        testbedIDs: laneIDs,
                        fixtures: fixtures,
                        strategies: inputs.strategies,
                        base: base,
                        sink: sink
                    )
                }
            }
            try await group.waitForAll()
        }
    }

    /// The reference tools on one fixture's LAN (repetition 1's draw), `repetitions` times.
    private func runPeers(_ fixture: JobInputs.FixtureInput, seed: UInt64, sink: ResultsSink) async throws {
        let id = Self.testbedIDs(lanes: 1)[0]
        defer { TestbedCleaner.remove(id: id, log: { _ in }) }
        let truth = try await bringUp(fixture, id: id, seed: seed)
        let results = PeerRunner(truth: truth, fixture: fixture.name, osDetection: peerOS).runAll(
            repetitions: repetitions,
            progress: progress
        )
        try await sink.addPeers(results)
    }

    /// One lane: entries from the queue, one after another, alternating between the lane's two
    /// testbed ids: the last run's LAN goes down while the next one comes up and settles (about
    /// 2.5 s against 4 s), and is gone before the next capture starts.
    private func runLane(
        _ queue: EntryQueue,
        testbedIDs ids: [String],
        fixtures: [String: JobInputs.FixtureInput],
        strategies: [String: PreparedStrategy],
        base: UInt64,
        sink: ResultsSink
    ) async throws {
        var teardown: Task<Void, Never>?
        var index = 0
        while deadline.map({ Date() < $0 }) ?? true, let entry = await queue.take() {
            defer { index += 1 }
            let started = MonotonicClock.now()
            let id = ids[index % 2]
            let seed = entry.seed(base: base)
            let truth = try await bringUp(fixtures[entry.fixture]!, id: id, seed: seed)
            await teardown?.value
            var runner = EntryRunner(truth: truth, executable: executable, outputDirectory: outputDirectory, seed: seed)
            runner.categoryProbe = categoryProbe
            var result = await runner.run(entry, strategy: strategies[entry.strategy.name]!)
            result.seed = seed
            if sweep != nil {
                result.control = StrategyVariant(base: entry.strategy.base).name
                result.overrides = Dictionary(
                    entry.strategy.overrides.map { ($0.key, $0.value) },
                    uniquingKeysWith: { $1 }
                )
            }
            teardown = Task { await OffThePool.run { TestbedCleaner.remove(id: id, log: { _ in }) } }
            try await sink.add(result, seconds: MonotonicClock.seconds(since: started))
        }
        await teardown?.value
    }

    /// Two testbed ids per lane, used in turn. Ids are at most 6 characters: "run", two hex
    /// digits (a pair no testbed on this machine uses, so concurrent jobs never share a LAN), a hex
    /// digit (16 ids: the 8 lanes `LaneOption.range` allows).
    private static func testbedIDs(lanes: Int) -> [String] {
        let inUse = TestbedNames.idsInUse()
        var stem = ""
        repeat {
            stem = "run" + String(format: "%02x", UInt8.random(in: 0...0xFF))
        } while inUse.contains { $0.hasPrefix(stem) }
        return (0..<2 * lanes).map { "\(stem)\(String($0, radix: 16))" }
    }

    /// Starts the LAN in its own controller process (as `testbed up --detach` does), so scans
    /// never share a process with the switch and the device agents.
    private func bringUp(_ input: JobInputs.FixtureInput, id: String, seed: UInt64) async throws -> GroundTruth {
        testbedStarting(id)
        // Owned by this process: if it dies, even by SIGKILL, the controller takes the LAN down itself.
        let command = [
            executable, "testbed", "up", input.path, "--detach", "--id", id, "--seed", String(seed),
            "--owner", String(ProcessInfo.processInfo.processIdentifier),
        ]
        let up = try await OffThePool.run { try ChildProcess.run(command, timeout: 180) }
        guard up.status == 0, let state = TestbedState.load(id: id), state.fixture == input.fixture else {
            throw HarnessError(
                "the \(input.name) LAN did not come up:\n\(up.stderr)\(up.stdout)",
                fix: "try 'scanbench testbed up \(input.name)' by hand and read its errors"
            )
        }
        // Let the LAN's start-up chatter end before the capture starts, as on a LAN that has been
        // up for a while: two mDNS announcements 1 s apart (RFC 6762 §8.3) and the kernel's
        // IGMPv3 unsolicited reports, sent within 1 s of each join (RFC 3376 §8.11).
        try await Task.sleep(for: Self.settle)
        return GroundTruth(state: state)
    }

    /// How long a fresh LAN is left alone before its run starts.
    static let settle = Duration.milliseconds(2_000)
}
