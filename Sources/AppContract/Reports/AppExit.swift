/// Exit statuses of `scanbench-app` the harness tells apart (part of the contract: the harness reads them).
public enum AppExit {
    /// The session's scan hung (the report was printed first).
    public static let hung: Int32 = 3
    /// The session's scan could not start (the report, with its `scan_error`, was printed first).
    public static let scanFailed: Int32 = 4
    /// The statuses after which the report on stdout is still the session's.
    public static let reported: Set<Int32> = [0, hung, scanFailed]
}
