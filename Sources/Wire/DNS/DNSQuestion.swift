/// One entry of a DNS message's question section.
public struct DNSQuestion: Hashable, Sendable {
    public var name: DNSName
    public var type: DNSRecordType
    public var recordClass: DNSClass
    /// mDNS "QU" bit (RFC 6762 §5.4): the querier asks for a unicast response. Always false in
    /// unicast DNS.
    public var unicastResponse: Bool

    /// Creates a question.
    /// - Parameters:
    ///   - name: the name asked about.
    ///   - type: the record type asked for (`.any` for all).
    ///   - recordClass: the class, normally `.internet`.
    ///   - unicastResponse: set the mDNS QU bit.
    public init(name: DNSName, type: DNSRecordType, recordClass: DNSClass = .internet, unicastResponse: Bool = false) {
        self.name = name
        self.type = type
        self.recordClass = recordClass
        self.unicastResponse = unicastResponse
    }
}
