import Wire

/// Matches ICMP echo requests to replies by (requester, target, identifier, sequence).
///
/// The first reply after a request is its answer; a second reply to the same request within
/// `duplicateWindow` of the answer is a duplicate and is only counted. A new request with the same
/// key replaces an unanswered one (ping wraps its 16-bit sequence).
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
    /// When each answered request was answered, for `duplicateWindow`: duplicates come within
    /// milliseconds of the answer (a broadcast ping, a frame seen twice), so older answers are
    /// forgotten in answer order and memory holds the last few seconds' answers, not a capture's.
    private var answered: [Key: Int64] = [:]
    private var answerOrder: [(key: Key, time: Int64)] = []
    private var answerHead = 0
    /// How long after its answer a reply to the same request still counts as a duplicate, ns.
    let duplicateWindow: Int64

    /// Answers still remembered (bounded by the answers within `duplicateWindow`).
    var rememberedAnswers: Int { answered.count }

    init(keepsSamples: Bool, duplicateWindow: Int64) {
        samples = keepsSamples ? [] : nil
        self.duplicateWindow = duplicateWindow
    }

    mutating func request(time: Int64, source: IPv4Address, destination: IPv4Address, identifier: UInt16, sequence: UInt16) {
        let key = Key(requester: source.value, target: destination.value, identifier: identifier, sequence: sequence)
        pending[key] = time
        answered.removeValue(forKey: key)
    }

    mutating func reply(time: Int64, source: IPv4Address, destination: IPv4Address, identifier: UInt16, sequence: UInt16) {
        let key = Key(requester: destination.value, target: source.value, identifier: identifier, sequence: sequence)
        forgetAnswers(before: time &- duplicateWindow)
        if let sent = pending.removeValue(forKey: key) {
            answered[key] = time
            answerOrder.append((key, time))
            rttByProber[key.requester, default: [:]][key.target, default: RTTValues()].append(time &- sent)
            samples?.append(RTTSample(kind: .icmpEcho, prober: destination, target: source,
                                      sentAt: sent, rtt: time &- sent, detail: sequence))
        } else if let answeredAt = answered[key], time &- answeredAt <= duplicateWindow {
            duplicateReplies += 1
        } else {
            unmatchedReplies += 1
        }
    }

    /// Drops the answers older than `cutoff` (in answer order; one answered again since keeps
    /// its newer time).
    private mutating func forgetAnswers(before cutoff: Int64) {
        while answerHead < answerOrder.count, answerOrder[answerHead].time < cutoff {
            let (key, time) = answerOrder[answerHead]
            if answered[key] == time { answered.removeValue(forKey: key) }
            answerHead += 1
        }
        if answerHead > 4_096, answerHead * 2 > answerOrder.count {
            answerOrder.removeFirst(answerHead)
            answerHead = 0
        }
    }
}
