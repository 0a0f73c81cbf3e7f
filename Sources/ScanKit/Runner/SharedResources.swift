import AppContract
import AppInputs

/// What a scan shares with the rest of the app it runs in (`scanbench app`): the thermal state,
/// the one connection budget the tools also take slots from (spec §3 "Users"), and an event
/// route that sends budget and thermal events through whichever scan is running, so that its
/// counters (budget waits) include the waits the tools caused, and the long-lived Bonjour
/// browser service whose sessions outlive a cancelled scan (ADR-007). A plain `scanbench scan`
/// has none and makes its own.
public final class SharedResources: Sendable {
    public let thermal: ThermalThrottle
    public let budget: any ConnectionBudget
    /// Where budget and thermal events go.
    public let events: EventRoute
    /// The app's Bonjour browser service: one session per scan (`bonjour.generation_check`).
    public let bonjour: BonjourDiscoveryService

    /// - Parameters:
    ///   - strategy: the budget's style and limit.
    ///   - log: the app's event log, used while no scan runs.
    public init(strategy: Strategy, log: (any EventSink)?) {
        events = EventRoute(fallback: log)
        thermal = ThermalThrottle(events: events)
        bonjour = BonjourDiscoveryService(generationCheck: strategy.bonjour.generationCheck, events: events)
        budget = makeConnectionBudget(
            style: strategy.budget.style,
            limit: strategy.budget.limit,
            thermal: thermal,
            events: events
        )
    }
}
