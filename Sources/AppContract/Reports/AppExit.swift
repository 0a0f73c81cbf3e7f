/// Exit statuses of `scanbench app` the harness tells apart.
public enum AppExit {
    /// The session's scan hung (the report was printed first).
    public static let hung: Int32 = 3
}
