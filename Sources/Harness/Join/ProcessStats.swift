/// What the system under test cost, measured from outside its process.
public struct ProcessStats: Sendable, Equatable {
    public var cpuSeconds: Double = 0
    public var peakRSSMegabytes: Double = 0
    public var peakFileDescriptors = 0
    public var peakThreads = 0
    public var wallSeconds: Double = 0
    public var exitStatus: Int32 = 0
    /// Context switches over the whole process (wait4): it blocked / it was preempted.
    public var voluntaryContextSwitches = 0
    public var involuntaryContextSwitches = 0
    /// Kernel tracepoint counts over the whole process (`ProcessEventCounters`); nil when the
    /// counters could not be opened.
    public var wakeups: Int?
    public var syscalls: Int?

    public init() {}
}
