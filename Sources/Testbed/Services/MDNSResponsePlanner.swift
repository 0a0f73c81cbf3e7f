import Platform
import Wire

/// Decides, without sockets, what an mDNS responder sends for a query: which records, after
/// which delay, to which destination. ``MDNSResponder`` only carries the plan out.
struct MDNSResponsePlanner: Sendable {
    /// Where a response goes.
    enum Destination: Hashable, Sendable {
        /// 224.0.0.251:5353.
        case multicast
        /// Straight back to the querier (QU bit, or a legacy resolver not on port 5353).
        case unicast(Socket.Address)
    }

    /// One message to send `delayMs` after the query arrived.
    struct Response: Sendable {
        var delayMs: Int
        var destination: Destination
        var message: DNSMessage
    }

    /// TTL cap for legacy unicast answers (RFC 6762 §6.7).
    static let legacyTTL: UInt32 = 10

    let records: MDNSRecordSet

    /// The responses to `query` from `source`.
    /// - Parameters:
    ///   - query: a decoded message; responses (QR set) and non-zero opcodes get no answer.
    ///   - source: the querier's address and port.
    ///   - defaultDelayMs: draws the delay for a service without `delay_ms` (RFC 6762: 20–120 ms).
    func plan(
        query: DNSMessage,
        from source: Socket.Address,
        defaultDelayMs: () -> Int = { Int.random(in: 20...120) }
    ) -> [Response] {
        guard !query.isResponse, query.opcode == 0, !query.questions.isEmpty else { return [] }
        let legacy = source.port != 5353
        let serviceDelays = records.services.map { service in
            service.delayMs.map { Int($0.rounded()) } ?? defaultDelayMs()
        }

        // (delay, destination) -> answers, additionals
        var groups: [Key: (answers: [DNSResourceRecord], additionals: [DNSResourceRecord])] = [:]
        var order: [Key] = []
        for question in query.questions {
            let destination: Destination = legacy || question.unicastResponse ? .unicast(source) : .multicast
            for candidate in answers(to: question) {
                if isKnown(candidate.record, in: query.answers) { continue }
                let delay = candidate.serviceIndices.map { serviceDelays[$0] }.min() ?? 0
                let key = Key(delayMs: delay, destination: destination)
                if groups[key] == nil { order.append(key) }
                groups[key, default: ([], [])].answers.append(candidate.record)
                groups[key, default: ([], [])].additionals += candidate.additionals
            }
        }
        if legacy, !order.isEmpty {
            // A legacy resolver takes the first answer it gets: send one message, when the slowest part is ready.
            let merged = order.reduce(into: (answers: [DNSResourceRecord](), additionals: [DNSResourceRecord]())) {
                $0.answers += groups[$1]!.answers
                $0.additionals += groups[$1]!.additionals
            }
            let key = Key(delayMs: order.map(\.delayMs).max()!, destination: .unicast(source))
            groups = [key: merged]
            order = [key]
        }
        return order.sorted { $0.delayMs < $1.delayMs }.map { key in
            let group = groups[key]!
            return Response(
                delayMs: key.delayMs,
                destination: key.destination,
                message: message(
                    answers: group.answers,
                    additionals: group.additionals,
                    legacyQuery: legacy ? query : nil
                )
            )
        }
    }

    /// Unsolicited announcement of the host and of every service without an explicit delay
    /// (services with a delay stay hidden until asked, so that their slowness can be measured).
    func announcement() -> DNSMessage {
        var answers = [records.address, records.reverse]
        for service in records.services where service.delayMs == nil {
            answers += [service.pointer, service.server, service.text, service.enumeration]
        }
        return message(answers: answers, additionals: [], legacyQuery: nil)
    }

    // MARK: Matching

    struct Candidate {
        var record: DNSResourceRecord
        var additionals: [DNSResourceRecord]
        /// The services whose delay applies (empty: host records, answered at once).
        var serviceIndices: [Int]
    }

    /// Records answering `question`, with their additional records.
    func answers(to question: DNSQuestion) -> [Candidate] {
        guard question.recordClass == .internet || question.recordClass == .any else { return [] }
        func wants(_ type: DNSRecordType) -> Bool { question.type == type || question.type == .any }
        let name = question.name
        var result: [Candidate] = []
        if name == MDNSRecordSet.serviceEnumeration, wants(.ptr) {
            var seen: [DNSName: Int] = [:]
            for (index, service) in records.services.enumerated() {
                if let first = seen[service.type] {
                    result[first].serviceIndices.append(index)
                } else {
                    seen[service.type] = result.count
                    result.append(Candidate(record: service.enumeration, additionals: [], serviceIndices: [index]))
                }
            }
        }
        for (index, service) in records.services.enumerated() {
            if name == service.type, wants(.ptr) {
                result.append(
                    Candidate(
                        record: service.pointer,
                        additionals: [service.server, service.text, records.address],
                        serviceIndices: [index]
                    )
                )
            }
            if name == service.instance {
                if wants(.srv) {
                    result.append(
                        Candidate(record: service.server, additionals: [records.address], serviceIndices: [index])
                    )
                }
                if wants(.txt) {
                    result.append(Candidate(record: service.text, additionals: [], serviceIndices: [index]))
                }
            }
        }
        if name == records.hostName, wants(.a) {
            result.append(Candidate(record: records.address, additionals: [], serviceIndices: []))
        }
        if name == records.reverse.name, wants(.ptr) {
            result.append(Candidate(record: records.reverse, additionals: [], serviceIndices: []))
        }
        return result
    }

    /// Known-answer suppression (RFC 6762 §7.1): the querier already holds this record with at
    /// least half its TTL left.
    func isKnown(_ record: DNSResourceRecord, in knownAnswers: [DNSResourceRecord]) -> Bool {
        knownAnswers.contains { known in
            known.name == record.name && known.data == record.data && known.ttl >= record.ttl / 2
        }
    }

    // MARK: Building

    private struct Key: Hashable {
        var delayMs: Int
        var destination: Destination
    }

    private func message(
        answers: [DNSResourceRecord],
        additionals: [DNSResourceRecord],
        legacyQuery: DNSMessage?
    ) -> DNSMessage {
        var uniqueAnswers: [DNSResourceRecord] = []
        for record in answers where !uniqueAnswers.contains(record) { uniqueAnswers.append(record) }
        var uniqueAdditionals: [DNSResourceRecord] = []
        for record in additionals where !uniqueAnswers.contains(record) && !uniqueAdditionals.contains(record) {
            uniqueAdditionals.append(record)
        }
        var message = DNSMessage(
            isResponse: true,
            isAuthoritative: true,
            answers: uniqueAnswers,
            additionals: uniqueAdditionals
        )
        if let query = legacyQuery {
            // RFC 6762 §6.7: echo the id and the question, cap TTLs, no cache-flush bits.
            message.id = query.id
            message.questions = query.questions.map {
                DNSQuestion(name: $0.name, type: $0.type, recordClass: $0.recordClass)
            }
            message.recursionDesired = query.recursionDesired
            func legacy(_ record: DNSResourceRecord) -> DNSResourceRecord {
                var copy = record
                copy.cacheFlush = false
                copy.ttl = min(copy.ttl, Self.legacyTTL)
                return copy
            }
            message.answers = message.answers.map(legacy)
            message.additionals = message.additionals.map(legacy)
        }
        return message
    }
}
