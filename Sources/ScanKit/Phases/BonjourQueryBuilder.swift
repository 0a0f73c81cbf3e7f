import Wire

/// Builds the mDNS queries of the Bonjour phase (RFC 6762, RFC 6763), without sockets.
///
/// Browse queries ask one PTR question per service type and list the PTR answers already held
/// as known answers (§7.1), so responders stay quiet about services we have. When the known
/// answers do not fit in one packet the query is split: every packet but the last has the TC bit
/// set (§7.2), and the questions go in the first.
public enum BonjourQueryBuilder {
    /// The mDNS group and port.
    public static let group = IPv4Address(224, 0, 0, 251)
    public static let port: UInt16 = 5353
    /// Payload budget per packet: an Ethernet MTU of 1500 minus IPv4 and UDP headers.
    public static let maxPayload = 1472

    /// The `_x._tcp.local` name browsed for a service type such as `_http._tcp`.
    public static func browseName(type: String, domain: String = "local") -> DNSName {
        DNSName(type).appending(DNSName(domain))
    }

    /// One browse query for `types` (PTR, multicast response), split as needed for `knownAnswers`.
    /// - Parameters:
    ///   - types: service types, e.g. `["_http._tcp", "_ipp._tcp"]`.
    ///   - knownAnswers: PTR records already held, with their remaining TTL.
    ///   - maxPayload: bytes per packet.
    /// - Returns: one or more messages; all but the last have TC set.
    public static func browseQueries(
        types: [String],
        knownAnswers: [DNSResourceRecord] = [],
        maxPayload: Int = maxPayload
    ) -> [DNSMessage] {
        let questions = types.map { DNSQuestion(name: browseName(type: $0), type: .ptr) }
        var messages: [DNSMessage] = []
        var current = DNSMessage(questions: questions)
        for answer in knownAnswers {
            var candidate = current
            candidate.answers.append(answer)
            if candidate.encoded().count > maxPayload, !current.answers.isEmpty {
                current.isTruncated = true
                messages.append(current)
                current = DNSMessage(answers: [answer])
            } else {
                current = candidate
            }
        }
        messages.append(current)
        return messages
    }

    /// A resolve query for one instance: SRV and TXT on its name (RFC 6763 §4).
    public static func resolveQuery(instance: DNSName) -> DNSMessage {
        DNSMessage(questions: [DNSQuestion(name: instance, type: .srv), DNSQuestion(name: instance, type: .txt)])
    }

    /// An address query for a host name (A record).
    public static func addressQuery(host: DNSName) -> DNSMessage {
        DNSMessage(questions: [DNSQuestion(name: host, type: .a)])
    }
}
