/// The typed data of a resource record. Types the codec does not know keep their raw bytes.
public enum DNSRecordData: Hashable, Sendable {
    case a(IPv4Address)
    /// 16 bytes of an IPv6 address.
    case aaaa([UInt8])
    case ptr(DNSName)
    case cname(DNSName)
    case ns(DNSName)
    case mx(preference: UInt16, exchange: DNSName)
    case srv(priority: UInt16, weight: UInt16, port: UInt16, target: DNSName)
    /// Character strings, each at most 255 bytes (longer ones are cut on encode).
    case txt([[UInt8]])
    case soa(SOA)
    /// Any other type: its code and the raw record data.
    case unknown(type: DNSRecordType, data: [UInt8])

    /// Start-of-authority data (RFC 1035 §3.3.13).
    public struct SOA: Hashable, Sendable {
        public var primary: DNSName
        public var mailbox: DNSName
        public var serial: UInt32
        public var refresh: UInt32
        public var retry: UInt32
        public var expire: UInt32
        public var minimum: UInt32

        public init(
            primary: DNSName,
            mailbox: DNSName,
            serial: UInt32,
            refresh: UInt32,
            retry: UInt32,
            expire: UInt32,
            minimum: UInt32
        ) {
            self.primary = primary
            self.mailbox = mailbox
            self.serial = serial
            self.refresh = refresh
            self.retry = retry
            self.expire = expire
            self.minimum = minimum
        }
    }

    /// TXT data from text strings (UTF-8), e.g. DNS-SD `key=value` pairs.
    public static func txt(strings: [String]) -> DNSRecordData { .txt(strings.map { Array($0.utf8) }) }

    /// The record type this data belongs to.
    public var type: DNSRecordType {
        switch self {
        case .a: .a
        case .aaaa: .aaaa
        case .ptr: .ptr
        case .cname: .cname
        case .ns: .ns
        case .mx: .mx
        case .srv: .srv
        case .txt: .txt
        case .soa: .soa
        case .unknown(let type, _): type
        }
    }

    /// TXT strings decoded as UTF-8 (lossy), or nil for other types.
    public var textStrings: [String]? {
        guard case .txt(let strings) = self else { return nil }
        return strings.map { String(decoding: $0, as: UTF8.self) }
    }
}
