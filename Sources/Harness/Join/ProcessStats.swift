/// What the system under test cost, measured from outside its process.
public struct ProcessStats: Sendable, Equatable {
    public var cpuSeconds: Double = 0
    public var peakRSSMegabytes: Double = 0
    public var peakFileDescriptors = 0
    public var peakThreads = 0
    public var wallSeconds: Double = 0
    public var exitStatus: Int32 = 0

    public init() {}
}
