/// The counts of one fuzz campaign: how many inputs each outcome had, and the first failures.
public struct FuzzTally: Sendable, Equatable {
    /// Inputs run.
    public var inputs = 0
    public var accepted = 0
    public var rejected = 0
    /// Failed inputs (`FuzzOutcome.failed`), counted even past the ones kept below.
    public var failedCount = 0
    /// The first few failures: input index, what went wrong, and the input's bytes.
    public var failures: [Failure] = []

    public struct Failure: Sendable, Equatable {
        public var index: Int
        public var reason: String
        public var bytes: [UInt8]
    }

    /// How many failures keep their bytes (the count goes on).
    static let keptFailures = 5

    public init() {}

    mutating func record(_ outcome: FuzzOutcome, index: Int, bytes: [UInt8]) {
        inputs += 1
        switch outcome {
        case .accepted: accepted += 1
        case .rejected: rejected += 1
        case .failed(let reason):
            failedCount += 1
            if failures.count < Self.keptFailures {
                failures.append(Failure(index: index, reason: reason, bytes: bytes))
            }
        }
    }
}
