import Fixable
import Foundation

/// `results.json`: everything one `scanbench run` measured, the input of reports and of
/// `scanbench compare`. Keys are stable snake_case; `schema_version` changes when a key's meaning
/// changes. Every metric is defined in docs/METRICS.md and traceable to a pcap, an event log or a
/// fixture.
public struct ResultsDocument: Codable, Sendable, Equatable {
    /// 2 added the optional `ablation` and `sweep` records and each run's `control` and
    /// `overrides`; 3 the optional `tune` record; 4 changed two meanings: `time_to_100_percent_s`
    /// is null for a run that missed a discoverable device (it was the time of the run's own last
    /// find), and `stack.agrees_with_wire` checks both ways
    /// (`wire_check.connects_answered_to_present` and `connects_started_to_present` are new). Older
    /// files still load: `load` drops their untrustworthy times (the rest is what schema 4 would
    /// have written), and their wire checks say they were one-sided. Also new in 4: the optional
    /// `plan` that made the file.
    public static let currentSchemaVersion = 4
    /// The versions `load` reads.
    public static let readableSchemaVersions = 1...currentSchemaVersion

    public var schemaVersion: Int
    public var generatedAt: Date
    public var environment: RunEnvironment
    /// The strategy deltas are computed against (default `netmonitor-2.0`).
    public var referenceStrategy: String
    public var runs: [RunResult]
    /// Reference rows measured in the same testbeds (nmap, arp-scan, avahi-browse).
    public var peers: [PeerResult]
    /// Set by `scanbench ablate`: the knobs and the variants that measured them; nil otherwise
    /// (optional, so files without it decode).
    public var ablation: Ablation?
    /// The grid a `--sweep` run measured; nil for a run without `--sweep` (and in older files).
    public var sweep: SweepDescription?
    /// Set by `scanbench tune`: its settings, candidates and front; nil otherwise.
    public var tune: TuneRecord?
    /// What `scanbench run` executed, to run it again (`scanbench run --plan FILE`, the CI
    /// gate); nil for `ablate` and `tune`, and in files from before it was recorded.
    public var plan: RecordedPlan?

    public init(
        generatedAt: Date = Date(),
        environment: RunEnvironment,
        referenceStrategy: String,
        runs: [RunResult] = [],
        peers: [PeerResult] = []
    ) {
        schemaVersion = Self.currentSchemaVersion
        self.generatedAt = generatedAt
        self.environment = environment
        self.referenceStrategy = referenceStrategy
        self.runs = runs
        self.peers = peers
    }

    enum CodingKeys: String, CodingKey {
        case environment, runs, peers, ablation, sweep, tune, plan
        case schemaVersion = "schema_version"
        case generatedAt = "generated_at"
        case referenceStrategy = "reference_strategy"
    }

    /// Reads a results file.
    /// - Throws: `ResultsError` naming the file and what is wrong.
    public static func load(_ path: String) throws -> ResultsDocument {
        guard let data = FileManager.default.contents(atPath: path) else {
            throw ResultsError(
                "cannot read \(path)",
                fix: "check the path; `scanbench run` writes results.json under its --out directory"
            )
        }
        let decoder = Self.decoder()
        let version = (try? decoder.decode(VersionProbe.self, from: data))?.schemaVersion
        guard let version, readableSchemaVersions.contains(version) else {
            throw ResultsError(
                "\(path) has schema_version \(version.map(String.init) ?? "none"), this scanbench reads \(readableSchemaVersions.lowerBound) to \(readableSchemaVersions.upperBound)",
                fix: "regenerate it with this version of scanbench (`scanbench run`)"
            )
        }
        var document: ResultsDocument
        do {
            document = try decoder.decode(ResultsDocument.self, from: data)
        } catch {
            throw ResultsError(
                "\(path) is not a valid results file: \(error)",
                fix: "regenerate it with `scanbench run`"
            )
        }
        document.dropIncompleteTimesTo100()
        return document
    }

    /// Clears `time_to_100_percent_s` of every run that missed a discoverable device. Before
    /// schema 4 it held the time of such a run's own last find, which made missing the slowest
    /// device look fast; a run that missed one has no time to 100 %. A complete run's old value
    /// was already the time of its k-th discoverable device and stays.
    mutating func dropIncompleteTimesTo100() {
        for index in runs.indices where runs[index].metrics.isIncomplete {
            runs[index].metrics.timeTo100PercentS = nil
        }
    }

    /// Writes the document as pretty, key-sorted JSON.
    public func write(to path: String) throws {
        try encoded().write(to: URL(fileURLWithPath: path), options: .atomic)
    }

    /// The document as results.json holds it.
    public func encoded() throws -> Data { try Self.encoder().encode(self) }

    /// The encoder of results.json (and of each run in `EncodedResults`): pretty, key-sorted.
    static func encoder() -> JSONEncoder {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        encoder.dateEncodingStrategy = .iso8601
        return encoder
    }

    /// The decoder of results.json.
    static func decoder() -> JSONDecoder {
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .iso8601
        return decoder
    }

    private struct VersionProbe: Decodable {
        var schemaVersion: Int
        enum CodingKeys: String, CodingKey { case schemaVersion = "schema_version" }
    }
}

/// A results file that cannot be used, with what to do.
public typealias ResultsError = FixableError
