/// What probing one port group of one host produced.
public struct PortGroupResult: Sendable, Equatable {
    /// The first port that answered (reachable or refused) and how; nil when none did.
    public var answer: (port: Int, outcome: PortProbeOutcome)? {
        guard let port = answerPort, let outcome = outcomes[port] else { return nil }
        return (port, outcome)
    }
    /// The port whose answer ended the group.
    public var answerPort: Int?
    /// Every probe that ran, by port (cancelled ones included).
    public var outcomes: [Int: PortProbeOutcome]

    public init(answerPort: Int? = nil, outcomes: [Int: PortProbeOutcome] = [:]) {
        self.answerPort = answerPort
        self.outcomes = outcomes
    }

    public static func == (lhs: PortGroupResult, rhs: PortGroupResult) -> Bool {
        lhs.answerPort == rhs.answerPort && lhs.outcomes == rhs.outcomes
    }
}
