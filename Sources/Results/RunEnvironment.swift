/// Where and with what a set of runs was measured.
public struct RunEnvironment: Codable, Sendable, Equatable {
    public var kernel: String
    public var cpu: String
    public var cores: Int
    public var memoryGiB: Double
    public var swiftVersion: String
    /// `git describe --always --dirty` of the scanbench checkout, if known.
    public var scanbenchVersion: String
    /// SHA-256 of each fixture file used, by fixture name.
    public var fixtureHashes: [String: String]
    /// SHA-256 of each strategy file used, by strategy name.
    public var strategyHashes: [String: String]
    public var repetitions: Int
    /// Shard of the matrix this file holds ("1/1" for a whole run).
    public var shard: String
    /// Copies of each LAN that ran entries side by side (`scanbench run --lanes`); nil or 1: one at a time.
    public var lanes: Int?
    /// The base seed given with `scanbench run --seed`: repetition k ran with seed + k − 1 (each
    /// run records its own as `runs[].seed`); nil when the job drew its base. In files of older
    /// versions, every repetition ran with this one seed (their runs' `runs[].seed` all equal it).
    public var seed: UInt64?
    /// How each scan's devices were probed and classified afterwards; nil when they were not
    /// (`--no-classify`, or a file from before categories were measured).
    public var categoryProbe: CategoryProbeSettings?
    /// The platform profile the app ran on (`--platform`, default `linux`); nil in files written
    /// before profiles existed, which ran on `linux`. A `--sweep platform.KEY=…` variant's value
    /// is in its runs' `overrides`.
    public var platform: PlatformRecord?
    /// The public tables the category probe's classifier reads, as found on this machine, by
    /// path; nil in files written before they were recorded.
    public var publicTables: [PublicTableRecord]?

    public init(
        kernel: String,
        cpu: String,
        cores: Int,
        memoryGiB: Double,
        swiftVersion: String,
        scanbenchVersion: String,
        fixtureHashes: [String: String],
        strategyHashes: [String: String],
        repetitions: Int,
        shard: String
    ) {
        self.kernel = kernel
        self.cpu = cpu
        self.cores = cores
        self.memoryGiB = memoryGiB
        self.swiftVersion = swiftVersion
        self.scanbenchVersion = scanbenchVersion
        self.fixtureHashes = fixtureHashes
        self.strategyHashes = strategyHashes
        self.repetitions = repetitions
        self.shard = shard
    }

    enum CodingKeys: String, CodingKey {
        case kernel, cpu, cores, repetitions, shard, lanes, seed, platform
        case memoryGiB = "memory_gib"
        case swiftVersion = "swift_version"
        case scanbenchVersion = "scanbench_version"
        case categoryProbe = "category_probe"
        case publicTables = "public_tables"
        case fixtureHashes = "fixture_hashes"
        case strategyHashes = "strategy_hashes"
    }
}
