/// What `--process NAME` kept and left out, so a filtered analysis never hides what it dropped.
///
/// Packets that carry no process information (ARP, most multicast, anything the kernel sent on
/// its own) are left out of the analysis — they cannot be shown to be the process's — and
/// counted here, as are packets of every other process by name. A packet counts as the process's
/// when it owns it or when it is the packet's effective process (see `ProcessFilter`).
public struct ProcessFilterSummary: Sendable, Codable, Equatable {
    /// The name asked for (matched ignoring case).
    public var process: String
    /// Packets of that process: the ones analysed, whether it owned them or they were sent or
    /// received on its behalf (effective process).
    public var matched = 0
    /// Of `matched`, the packets kept only because their effective process is the one asked
    /// for: another process (a daemon) owned the socket and acted for it.
    public var matchedByEffectiveOnly = 0
    /// Packets of other processes, by the owning process's name.
    public var otherProcesses: [String: Int] = [:]
    /// Packets that say nothing about their process.
    public var withoutProcess = 0

    enum CodingKeys: String, CodingKey {
        case process, matched
        case matchedByEffectiveOnly = "matched_by_effective_only"
        case otherProcesses = "other_processes"
        case withoutProcess = "without_process"
    }
}
