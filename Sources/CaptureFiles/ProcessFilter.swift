/// `--process NAME` as analysis applies it: which packets to keep, counted in a
/// `ProcessFilterSummary` as it goes.
///
/// A packet is kept when its process *or* its effective process is NAME (ignoring case): a
/// scan the app hands to a system daemon (`mDNSResponder` resolving for it, `networkd`
/// connecting for it) is still the app's traffic, and the capture says so only through the
/// effective process. Those packets are counted apart (`matchedByEffectiveOnly`), so the
/// summary shows how much of the analysis rests on delegation.
package struct ProcessFilter {
    /// What was kept and left out so far.
    package private(set) var summary: ProcessFilterSummary
    private let wanted: String
    /// Process name → whether it is NAME, so each name is lowercased once, not per packet.
    private var verdicts: [String: Bool] = [:]

    package init(process: String) {
        summary = ProcessFilterSummary(process: process)
        wanted = process.lowercased()
    }

    /// Whether to analyse a packet owned by `process` on behalf of `effective`; counts it either way.
    package mutating func keeps(process: PacketProcess?, effective: PacketProcess?) -> Bool {
        guard let owner = process ?? effective else {
            summary.withoutProcess += 1
            return false
        }
        if let process, matches(process.name) {
            summary.matched += 1
            return true
        }
        if let effective, matches(effective.name) {
            summary.matched += 1
            summary.matchedByEffectiveOnly += 1
            return true
        }
        summary.otherProcesses[owner.name, default: 0] += 1
        return false
    }

    private mutating func matches(_ name: String) -> Bool {
        if let verdict = verdicts[name] { return verdict }
        let verdict = name.lowercased() == wanted
        verdicts[name] = verdict
        return verdict
    }
}
