/// What `--process NAME` kept and left out, so a filtered analysis never hides what it dropped.
///
/// Packets that carry no process information (ARP, most multicast, anything the kernel sent on
/// its own) are left out of the analysis — they cannot be shown to be the process's — and
/// counted here, as are packets of every other process by name.
public struct ProcessFilterSummary: Sendable, Codable, Equatable {
    /// The name asked for (matched ignoring case).
    public var process: String
    /// Packets of that process: the ones analysed.
    public var matched = 0
    /// Packets of other processes, by process name.
    public var otherProcesses: [String: Int] = [:]
    /// Packets that say nothing about their process.
    public var withoutProcess = 0

    enum CodingKeys: String, CodingKey {
        case process, matched
        case otherProcesses = "other_processes"
        case withoutProcess = "without_process"
    }
}
