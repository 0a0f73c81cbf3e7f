/// An ordered list of steps; the phases of a step run concurrently or one after another.
public struct ScanPipeline: Sendable {
    /// One step of the pipeline.
    public struct Step: Sendable {
        public var phases: [any ScanPhase]
        /// Start every phase at once (NetMonitor: ARP + Bonjour, TCP + SSDP) or run them in order.
        public var concurrent: Bool

        public init(_ phases: [any ScanPhase], concurrent: Bool) {
            self.phases = phases
            self.concurrent = concurrent
        }
    }

    public var steps: [Step]

    public init(steps: [Step]) { self.steps = steps }

    /// Sum of every phase's weight.
    public var totalWeight: Double { steps.reduce(0) { $0 + $1.phases.reduce(0) { $0 + $1.weight } } }

    /// Every phase, in step order.
    public var phases: [any ScanPhase] { steps.flatMap(\.phases) }
}
