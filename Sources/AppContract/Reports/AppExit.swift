/// Exit statuses of `scanbench-app` the harness tells apart (part of the contract: the harness reads them).
public enum AppExit {
    /// The session's scan hung (the report was printed first).
    public static let hung: Int32 = 3
}
