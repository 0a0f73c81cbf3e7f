/// Probes a group of ports of one host with at most `inFlight` probes at a time; the first port
/// that answers (handshake or RST) ends the group and the remaining probes are cancelled
/// (spec §2.4 step 2: "whenever one finishes, the next port starts").
public enum PortGroupRunner {
    /// - Parameters:
    ///   - ports: in probing order.
    ///   - inFlight: probes in flight (at least 1).
    ///   - untilFirstAnswer: stop at the first answer (true) or probe every port (false, to
    ///     identify a found host's open ports); `answerPort` is the first answer either way.
    ///   - probe: runs one port probe; must return `.cancelled` promptly when its task is cancelled.
    public static func run(
        ports: [Int],
        inFlight: Int,
        untilFirstAnswer: Bool = true,
        probe: @escaping @Sendable (Int) async -> PortProbeOutcome
    ) async -> PortGroupResult {
        var result = PortGroupResult()
        guard !ports.isEmpty else { return result }
        await withTaskGroup(of: (Int, PortProbeOutcome).self) { group in
            var next = 0
            func startNext() {
                guard next < ports.count else { return }
                let port = ports[next]
                next += 1
                group.addTask { (port, await probe(port)) }
            }
            for _ in 0..<min(max(inFlight, 1), ports.count) { startNext() }
            while let (port, outcome) = await group.next() {
                result.outcomes[port] = outcome
                if result.answerPort == nil && outcome.isAnswer {
                    result.answerPort = port
                    if untilFirstAnswer {
                        group.cancelAll()
                        continue
                    }
                }
                if (result.answerPort == nil || !untilFirstAnswer) && !Task.isCancelled { startNext() }
            }
        }
        return result
    }
}
