extension [RunResult] {
    /// The distinct values `key` gives the runs (nil: skipped), in the order the schedule first
    /// meets them, so tables list strategies and platforms as they ran.
    public func firstSeen(_ key: (RunResult) -> String?) -> [String] {
        var seen: [String] = []
        for run in sorted(by: { $0.sequence < $1.sequence }) {
            if let value = key(run), !seen.contains(value) { seen.append(value) }
        }
        return seen
    }
}
