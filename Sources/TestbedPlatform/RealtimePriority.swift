import CTestbedShims

/// Real-time scheduling for the calling thread: the switch's, which stands in for hardware that
/// has a CPU of its own.
public enum RealtimePriority {
    /// Puts the calling thread under SCHED_FIFO at `priority` (1-99): it runs whenever it is
    /// runnable, ahead of every normal thread, and the kernel's RT throttling
    /// (`kernel.sched_rt_runtime_us`, 95 % by default) keeps a busy one from starving the machine.
    /// Needs root or CAP_SYS_NICE, and an RT budget in the cgroup.
    /// - Returns: the errno when the kernel refused, nil on success.
    @discardableResult
    public static func setFIFOForCurrentThread(priority: Int32) -> Int32? {
        let result = scanbench_set_thread_fifo(priority)
        return result == 0 ? nil : -result
    }
}
