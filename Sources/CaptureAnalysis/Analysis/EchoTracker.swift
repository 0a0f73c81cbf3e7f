import CaptureFiles
import Wire

/// Matches ICMP echo requests to replies by (requester, target, identifier, sequence).
///
/// The first reply after a request is its answer; a second reply to the same request within
/// `duplicateWindow` of the answer is a duplicate and is only counted. A new request with the same
/// key replaces an unanswered one (ping wraps its 16-bit sequence).
///
/// The exchanges sit in a `FourTupleTable`, keyed as Linux conntrack keys ICMP: the identifier
/// stands in for the requester's port, and the sequence for the target's. `Dictionary` hashed
/// each key with SipHash on every lookup and again for its neighbours on every removal, and an
/// answer is removed once `duplicateWindow` has passed: that was a twentieth of an analysis.
struct EchoTracker {
    /// A request's time and, once answered, its answer's time.
    private struct Exchange {
        var sentAt: Int64
        var answeredAt: Int64?
    }

    /// Requests awaiting an answer, and answered ones still remembered for `duplicateWindow`:
    /// the slot in `exchanges` of each (requester, identifier, target, sequence).
    private var table = FourTupleTable()
    private var exchanges = SlotPool<Exchange>()
    /// Every matched round trip, when kept (`WireAnalysis.rttSamples`).
    private(set) var samples: [RTTSample]?
    /// Round-trip times by prober, then by target: what the per-target summaries need.
    private(set) var rttByProber: [UInt32: [UInt32: RTTValues]] = [:]
    private(set) var duplicateReplies = 0
    private(set) var unmatchedReplies = 0
    /// Answers in the order they came, to forget them `duplicateWindow` after: duplicates come
    /// within milliseconds of the answer (a broadcast ping, a frame seen twice), so memory holds
    /// the last few seconds' answers, not a capture's.
    private var answerOrder: [(key: FourTuple, time: Int64)] = []
    private var answerHead = 0
    /// Answers still remembered (bounded by the answers within `duplicateWindow`).
    private(set) var rememberedAnswers = 0
    /// How long after its answer a reply to the same request still counts as a duplicate, ns.
    let duplicateWindow: Int64

    init(keepsSamples: Bool, duplicateWindow: Int64) {
        samples = keepsSamples ? [] : nil
        self.duplicateWindow = duplicateWindow
    }

    mutating func request(
        time: Int64,
        source: IPv4Address,
        destination: IPv4Address,
        identifier: UInt16,
        sequence: UInt16
    ) {
        let key = Self.key(requester: source, target: destination, identifier: identifier, sequence: sequence)
        if let slot = table[key] {
            if exchanges[slot].answeredAt != nil { rememberedAnswers -= 1 }
            exchanges[slot] = Exchange(sentAt: time)
        } else {
            table[key] = exchanges.insert(Exchange(sentAt: time))
        }
    }

    mutating func reply(
        time: Int64,
        source: IPv4Address,
        destination: IPv4Address,
        identifier: UInt16,
        sequence: UInt16
    ) {
        let key = Self.key(requester: destination, target: source, identifier: identifier, sequence: sequence)
        forgetAnswers(before: time &- duplicateWindow)
        guard let slot = table[key] else {
            unmatchedReplies += 1
            return
        }
        let exchange = exchanges[slot]
        if let answeredAt = exchange.answeredAt {
            if time &- answeredAt <= duplicateWindow { duplicateReplies += 1 } else { unmatchedReplies += 1 }
            return
        }
        exchanges[slot].answeredAt = time
        rememberedAnswers += 1
        answerOrder.append((key, time))
        let sent = exchange.sentAt
        rttByProber[key.initiator, default: [:]][key.responder, default: RTTValues()].append(time &- sent)
        samples?.append(
            RTTSample(
                kind: .icmpEcho,
                prober: destination,
                target: source,
                sentAt: sent,
                rtt: time &- sent,
                detail: sequence
            )
        )
    }

    private static func key(
        requester: IPv4Address,
        target: IPv4Address,
        identifier: UInt16,
        sequence: UInt16
    ) -> FourTuple {
        FourTuple(
            initiator: requester.value,
            initiatorPort: identifier,
            responder: target.value,
            responderPort: sequence
        )
    }

    /// Drops the answers older than `cutoff` (in answer order; a request asked again since is
    /// left as it is).
    private mutating func forgetAnswers(before cutoff: Int64) {
        while answerHead < answerOrder.count, answerOrder[answerHead].time < cutoff {
            let (key, time) = answerOrder[answerHead]
            if let slot = table[key], exchanges[slot].answeredAt == time {
                table.remove(key, ifValue: slot)
                exchanges.release(slot)
                rememberedAnswers -= 1
            }
            answerHead += 1
        }
        if answerHead > 4_096, answerHead * 2 > answerOrder.count {
            answerOrder.removeFirst(answerHead)
            answerHead = 0
        }
    }
}
