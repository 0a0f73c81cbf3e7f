import Foundation
import Results
import Testbed

/// One `scanbench run`: brings each fixture's LAN up once, runs its entries of the plan in the
/// interleaved order, and writes results.json after every run (so a killed run keeps what it
/// measured). Testbeds are taken down at the end, on error, and — if this process is killed —
/// by the next `scanbench testbed down`.
public struct HarnessRun: Sendable {
    public var plan: RunPlan
    public var outputDirectory: String
    public var referenceStrategy: String
    public var executable: String
    public var shard = ShardSpec(index: 1, count: 1)
    public var repetitions: Int
    public var peers = false
    public var progress: @Sendable (String) -> Void

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
        let environment = EnvironmentProbe.read(fixtures: fixturePaths, strategies: strategyPaths,
                                                repetitions: repetitions, shard: shard)
        var document = ResultsDocument(environment: environment, referenceStrategy: referenceStrategy)
        let total = plan.entries.count
        var done = 0
        for fixtureName in plan.fixtures {
            let fixture = fixtures[fixtureName]!
            let id = "run" + String(format: "%03x", UInt16.random(in: 0...0xFFF))
            progress("bringing up \(fixtureName) (testbed \(id))")
            // The LAN runs in its own controller process (as `testbed up --detach` starts it), so
            // the scans never share a process with the switch and its device agents.
            let up = try ChildProcess.run([executable, "testbed", "up", fixturePaths[fixtureName]!, "--detach", "--id", id], timeout: 180)
            defer { TestbedCleaner.remove(id: id, log: { _ in }) }
            guard up.status == 0, let state = TestbedState.load(id: id), state.fixture == fixture else {
                throw HarnessError("the \(fixtureName) LAN did not come up:\n\(up.stderr)\(up.stdout)",
                                   fix: "try 'scanbench testbed up \(fixtureName)' by hand and read its errors")
            }
            let truth = GroundTruth(state: state)
            let executor = RunExecutor(truth: truth, executable: executable, outputDirectory: outputDirectory)
            for entry in plan.entries where entry.fixture == fixtureName {
                done += 1
                let started = Date()
                let result = await executor.run(entry, strategyFile: strategyFiles[entry.strategy.name]!)
                document.runs.append(result)
                try document.write(to: resultsPath)
                progress(Self.line(result, done: done, total: total, seconds: Date().timeIntervalSince(started)))
            }
            if peers {
                document.peers += PeerRunner(truth: truth, fixture: fixtureName).runAll(repetitions: repetitions, progress: progress)
                try document.write(to: resultsPath)
            }
        }
        return document
    }

    static func line(_ result: RunResult, done: Int, total: Int, seconds: Double) -> String {
        let m = result.metrics
        let head = "[\(done)/\(total)] \(result.fixture) \(result.strategy) \(result.scenario) r\(result.repetition): "
        guard result.status == .ok else { return head + "\(result.status.rawValue) — \(result.error ?? "")" }
        return head + "\(m.yield.found)/\(m.yield.discoverable) devices, \(m.wire.tcpAttempts) TCP attempts, "
            + "peak \(m.wire.tcpPeakInFlight) in flight, \(String(format: "%.1f", m.durationS)) s scan"
            + String(format: " (%.0f s with capture)", seconds)
    }
}
