import AppInputs

/// A strategy held against its platform's Network.framework flow limit (`max_flows`,
/// docs/PLATFORMS.md) before it runs: `Strategy.maxFlowsInFlight`, the most connection objects its
/// knobs let it hold at once, above the limit means connections past it will sit in
/// `waiting(ENOMEM)` on that device. `scanbench run` (a `--sweep` variant included) says so before
/// the runs; `scanbench tune --platform` does not run such a candidate.
public enum FlowLimitCheck {
    /// What is wrong, nil when `strategy` stays within `profile`'s flow limit (or it has none).
    /// - Parameter name: the strategy's (or variant's) name, for the message.
    public static func excess(_ strategy: Strategy, name: String, on profile: PlatformProfile) -> String? {
        guard let limit = profile.flowLimit else { return nil }
        let flows = strategy.maxFlowsInFlight
        guard flows > limit else { return nil }
        let budget = strategy.budget.limit.value.map(String.init) ?? "none"
        return
            "\(name) can hold up to \(flows) connections at once on \(profile.name) (tcp.host_concurrency \(strategy.tcp.hostConcurrency) × tcp.ports_in_flight \(strategy.tcp.portsInFlight), budget.limit \(budget); Strategy.maxFlowsInFlight), above its flow limit max_flows \(limit): connections started past it wait in waiting(ENOMEM) until cancelled (docs/PLATFORMS.md)"
    }
}
