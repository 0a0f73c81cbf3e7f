import CTestbedShims

/// The kernel's timer slack of the calling thread: how late it may fire a sleep or poll timeout
/// to batch wake-ups (50 µs by default), which would add to the switch's modelled link delay.
public enum TimerSlack {
    /// Sets the calling thread's timer slack (1 ns: as precise as the kernel allows).
    /// - Returns: false when the kernel refused it.
    @discardableResult
    public static func setForCurrentThread(nanoseconds: UInt) -> Bool {
        scanbench_set_timer_slack(nanoseconds) == 0
    }
}
