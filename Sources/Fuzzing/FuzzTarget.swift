/// One parser under fuzzing: a name (what `scanbench fuzz` takes), the valid samples that
/// mutations start from, and how to run the parser on bytes.
///
/// `parse` must call the parser the way production code does (the same entry point, the same
/// follow-up reads of the parsed value), so that a trap found here is a trap in the product.
public struct FuzzTarget: Sendable {
    /// Short name, e.g. `dns`, `pcap-file`, `link-sll2`.
    public let name: String
    /// What is parsed and through which entry point (shown by `scanbench fuzz --list`).
    public let summary: String
    /// Valid inputs, as real senders write them; most fuzz inputs are mutations of these.
    public let seeds: [[UInt8]]
    /// Runs the parser on one input.
    public let parse: @Sendable ([UInt8]) -> FuzzOutcome

    public init(name: String, summary: String, seeds: [[UInt8]], parse: @escaping @Sendable ([UInt8]) -> FuzzOutcome) {
        precondition(!seeds.isEmpty, "a fuzz target needs at least one valid sample")
        self.name = name
        self.summary = summary
        self.seeds = seeds
        self.parse = parse
    }

    /// A text parser: the bytes are decoded as UTF-8 (invalid sequences replaced, as the
    /// product's `String(decoding:as:)` does) and `read` returns whether anything was parsed.
    public static func text(
        name: String,
        summary: String,
        seeds: [String],
        read: @escaping @Sendable (String) -> Bool
    ) -> FuzzTarget {
        FuzzTarget(name: name, summary: summary, seeds: seeds.map { Array($0.utf8) }) { bytes in
            read(String(decoding: bytes, as: UTF8.self)) ? .accepted : .rejected
        }
    }
}
