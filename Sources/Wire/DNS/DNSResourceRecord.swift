/// A resource record of the answer, authority or additional section.
public struct DNSResourceRecord: Hashable, Sendable {
    public var name: DNSName
    public var recordClass: DNSClass
    /// mDNS cache-flush bit (RFC 6762 §10.2): the top bit of the class field. For an EDNS OPT
    /// record the class is the UDP payload size and this bit is its top bit.
    public var cacheFlush: Bool
    public var ttl: UInt32
    public var data: DNSRecordData

    /// The record's type, taken from its data.
    public var type: DNSRecordType { data.type }

    /// Creates a record.
    /// - Parameters:
    ///   - name: the owner name.
    ///   - data: typed record data (it fixes the type).
    ///   - ttl: time to live in seconds.
    ///   - recordClass: normally `.internet`.
    ///   - cacheFlush: set the mDNS cache-flush bit (unique records).
    public init(
        name: DNSName,
        data: DNSRecordData,
        ttl: UInt32,
        recordClass: DNSClass = .internet,
        cacheFlush: Bool = false
    ) {
        self.name = name
        self.data = data
        self.ttl = ttl
        self.recordClass = recordClass
        self.cacheFlush = cacheFlush
    }
}
