import CPlatform

/// The calling thread's scheduling.
public enum CurrentThread {
    /// Sets the calling thread's nice value (Linux schedules threads one by one, so this does not
    /// touch the rest of the process). Lowering it needs root or CAP_SYS_NICE.
    /// - Returns: the errno when the kernel refused, nil on success.
    @discardableResult
    public static func setNice(_ nice: Int32) -> Errno? {
        let result = scanbench_set_thread_nice(nice)
        return result == 0 ? nil : Errno(rawValue: -result)
    }
}
