/// The plan's entries in schedule order, handed to whichever lane is free next.
///
/// Lanes used to take fixed shares (entry i to lane i mod lanes), so a lane dealt more of the
/// slow runs (a 50 s review-baseline scan against a 20 s scanbench-best one) kept the job going
/// after the others had emptied. Taking the next entry when a lane frees ends the job when the
/// work does (docs/HARNESS.md, "Lanes"). Which lane runs an entry changes nothing in it: its seed
/// and its LAN come from the entry, never from the lane.
actor EntryQueue {
    private var entries: [RunPlan.Entry]
    private var next = 0

    init(_ entries: [RunPlan.Entry]) {
        self.entries = entries
    }

    /// The next entry no lane has taken, or nil when every one has been handed out.
    func take() -> RunPlan.Entry? {
        guard next < entries.count else { return nil }
        defer { next += 1 }
        return entries[next]
    }
}
