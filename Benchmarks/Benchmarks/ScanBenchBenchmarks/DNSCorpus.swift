import Wire

/// DNS and mDNS messages shaped like the testbed's: a DNS-SD browse and the responder's answer
/// (PTR, SRV, TXT, A with name compression), and a reverse lookup and its answer.
enum DNSCorpus {
    static let service: DNSName = "_ipp._tcp.local"
    static let instance = service.prepending("HP OfficeJet Pro 9010")
    static let host: DNSName = "hp-printer.local"

    /// A multicast browse for `_ipp._tcp.local` PTR.
    static let mdnsQuery = DNSMessage(questions: [DNSQuestion(name: service, type: .ptr)])

    /// The responder's answer: PTR in answers, SRV, TXT and A in additionals.
    static let mdnsResponse = DNSMessage(
        isResponse: true,
        isAuthoritative: true,
        answers: [DNSResourceRecord(name: service, data: .ptr(instance), ttl: 4500)],
        additionals: [
            DNSResourceRecord(
                name: instance,
                data: .srv(priority: 0, weight: 0, port: 631, target: host),
                ttl: 120,
                cacheFlush: true
            ),
            DNSResourceRecord(
                name: instance,
                data: .txt(strings: [
                    "txtvers=1", "ty=HP OfficeJet Pro 9010 series", "rp=ipp/print", "pdl=application/pdf",
                ]),
                ttl: 4500,
                cacheFlush: true
            ),
            DNSResourceRecord(name: host, data: .a(IPv4Address(198, 18, 0, 60)), ttl: 120, cacheFlush: true),
        ]
    )

    /// `dig -x 198.18.0.60` against the gateway.
    static let reverseQuery = DNSMessage(
        id: 0x1234,
        recursionDesired: true,
        questions: [DNSQuestion(name: "60.0.18.198.in-addr.arpa", type: .ptr)]
    )

    /// The gateway's answer to `reverseQuery`.
    static let reverseAnswer = DNSMessage(
        id: 0x1234,
        isResponse: true,
        isAuthoritative: true,
        recursionDesired: true,
        recursionAvailable: true,
        questions: reverseQuery.questions,
        answers: [DNSResourceRecord(name: "60.0.18.198.in-addr.arpa", data: .ptr("hp-printer.home.arpa"), ttl: 0)]
    )
}
