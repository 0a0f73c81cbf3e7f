import Foundation

/// A results document whose runs are kept as their encoded JSON, for a job that rewrites
/// results.json after every run: a run costs its bytes in memory (about 15 KB for a `home` scan),
/// not its decoded form, and a rewrite encodes only the head (environment, plan, peers) and splices
/// the runs in. `data()` is byte for byte what `ResultsDocument.encoded()` gives for the same
/// document with its runs in sequence order.
public struct EncodedResults: Sendable {
    /// The document without its runs.
    public var head: ResultsDocument
    /// Each run's encoded JSON (indented to its place in the file), in sequence order.
    private var runs: [(sequence: Int, json: Data)] = []

    /// - Throws: an `EncodingError` if a run of `document` cannot be encoded.
    public init(_ document: ResultsDocument) throws {
        head = document
        head.runs = []
        for run in document.runs { try append(run) }
    }

    /// The runs held.
    public var count: Int { runs.count }

    /// Adds a run in its place by sequence (after any run of the same sequence).
    /// - Throws: an `EncodingError` if the run cannot be encoded.
    public mutating func append(_ run: RunResult) throws {
        let json = Self.indented(try ResultsDocument.encoder().encode(run))
        let place = runs.lastIndex { $0.sequence <= run.sequence }.map { $0 + 1 } ?? 0
        runs.insert((run.sequence, json), at: place)
    }

    /// The file: the head encoded with the runs spliced into its empty `"runs"` array.
    /// - Throws: an `EncodingError` if the head cannot be encoded.
    public func data() throws -> Data {
        let encoded = try head.encoded()
        guard !runs.isEmpty else { return encoded }
        guard let empty = encoded.firstRange(of: Self.emptyRuns) else {
            preconditionFailure("the encoded head has no empty top-level \"runs\" array")
        }
        var file = Data(capacity: encoded.count + runs.reduce(0) { $0 + $1.json.count + 2 })
        file.append(encoded[..<empty.lowerBound])
        file.append(contentsOf: Array("\n  \"runs\" : [\n".utf8))
        for (index, run) in runs.enumerated() {
            if index > 0 { file.append(contentsOf: Array(",\n".utf8)) }
            file.append(run.json)
        }
        file.append(contentsOf: Array("\n  ]".utf8))
        file.append(encoded[empty.upperBound...])
        return file
    }

    /// Writes the file atomically (a failed write leaves the file as it was).
    public func write(to path: String) throws {
        try data().write(to: URL(fileURLWithPath: path), options: .atomic)
    }

    /// The whole document, its runs decoded (for the report at the end of a job).
    /// - Throws: a `DecodingError` if a run does not decode (it was encoded here, so it does).
    public func document() throws -> ResultsDocument {
        var document = head
        let decoder = ResultsDocument.decoder()
        document.runs = try runs.map { try decoder.decode(RunResult.self, from: $0.json) }
        return document
    }

    /// How the pretty encoder writes an empty `runs` at the top level: top-level keys are the only
    /// ones indented by exactly two spaces, and a string never holds a raw newline.
    private static let emptyRuns = Data("\n  \"runs\" : [\n\n  ]".utf8)

    /// A run's JSON indented by four spaces, as it stands inside the document's `runs` array
    /// (the encoder leaves the empty line inside an empty array unindented).
    private static func indented(_ json: Data) -> Data {
        var out = Data(capacity: json.count + json.count / 8)
        let indent = Array("    ".utf8)
        var atLineStart = true
        for byte in json {
            if atLineStart && byte != UInt8(ascii: "\n") { out.append(contentsOf: indent) }
            out.append(byte)
            atLineStart = byte == UInt8(ascii: "\n")
        }
        return out
    }
}
