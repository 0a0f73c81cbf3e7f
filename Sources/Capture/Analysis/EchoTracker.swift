import Wire

/// Matches ICMP echo requests to replies by (requester, target, identifier, sequence).
///
/// The first reply after a request is its answer; a second reply to the same request is a
/// duplicate and is only counted. A new request with the same key replaces an unanswered one
/// (ping wraps its 16-bit sequence).
struct EchoTracker {
    private struct Key: Hashable {
        var requester: UInt32
        var target: UInt32
        var identifier: UInt16
        var sequence: UInt16

        /// Two combines instead of four (every echo request and reply hashes its key twice).
        func hash(into hasher: inout Hasher) {
            hasher.combine(UInt64(requester) << 32 | UInt64(target))
            hasher.combine(UInt32(identifier) << 16 | UInt32(sequence))
        }
    }

    private var pending: [Key: Int64] = [:]
    /// Every matched round trip, when kept (`WireAnalysis.rttSamples`).
    private(set) var samples: [RTTSample]?
    /// Round-trip times by prober, then by target: what the per-target summaries need.
    private(set) var rttByProber: [UInt32: [UInt32: RTTValues]] = [:]
    private(set) var duplicateReplies = 0
    private(set) var unmatchedReplies = 0
    private var answered: Set<Key> = []

    init(keepsSamples: Bool) {
        samples = keepsSamples ? [] : nil
    }

    mutating func request(time: Int64, source: IPv4Address, destination: IPv4Address, identifier: UInt16, sequence: UInt16) {
        let key = Key(requester: source.value, target: destination.value, identifier: identifier, sequence: sequence)
        pending[key] = time
        answered.remove(key)
    }

    mutating func reply(time: Int64, source: IPv4Address, destination: IPv4Address, identifier: UInt16, sequence: UInt16) {
        let key = Key(requester: destination.value, target: source.value, identifier: identifier, sequence: sequence)
        if let sent = pending.removeValue(forKey: key) {
            answered.insert(key)
            rttByProber[key.requester, default: [:]][key.target, default: RTTValues()].append(time &- sent)
            samples?.append(RTTSample(kind: .icmpEcho, prober: destination, target: source,
                                      sentAt: sent, rtt: time &- sent, detail: sequence))
        } else if answered.contains(key) {
            duplicateReplies += 1
        } else {
            unmatchedReplies += 1
        }
    }
}
