/// A DNS or mDNS message (RFC 1035 §4, RFC 6762): header, questions and three record sections.
///
/// Decode with ``init(bytes:)`` and encode with ``encoded()``. Names are decompressed on decode
/// (with bounds and loop protection) and compressed on encode.
public struct DNSMessage: Hashable, Sendable {
    public var id: UInt16
    /// QR: true for a response.
    public var isResponse: Bool
    /// The 4-bit opcode (0 = standard query).
    public var opcode: UInt8
    /// AA: authoritative answer.
    public var isAuthoritative: Bool
    /// TC: truncated (in mDNS queries: more known answers follow).
    public var isTruncated: Bool
    /// RD: recursion desired.
    public var recursionDesired: Bool
    /// RA: recursion available.
    public var recursionAvailable: Bool
    /// AD: authentic data (RFC 4035).
    public var authenticData: Bool
    /// CD: checking disabled (RFC 4035).
    public var checkingDisabled: Bool
    public var responseCode: DNSResponseCode
    public var questions: [DNSQuestion]
    public var answers: [DNSResourceRecord]
    public var authorities: [DNSResourceRecord]
    public var additionals: [DNSResourceRecord]

    /// Creates a message; every flag is off unless given.
    public init(
        id: UInt16 = 0,
        isResponse: Bool = false,
        opcode: UInt8 = 0,
        isAuthoritative: Bool = false,
        isTruncated: Bool = false,
        recursionDesired: Bool = false,
        recursionAvailable: Bool = false,
        authenticData: Bool = false,
        checkingDisabled: Bool = false,
        responseCode: DNSResponseCode = .noError,
        questions: [DNSQuestion] = [],
        answers: [DNSResourceRecord] = [],
        authorities: [DNSResourceRecord] = [],
        additionals: [DNSResourceRecord] = []
    ) {
        self.id = id
        self.isResponse = isResponse
        self.opcode = opcode & 0x0F
        self.isAuthoritative = isAuthoritative
        self.isTruncated = isTruncated
        self.recursionDesired = recursionDesired
        self.recursionAvailable = recursionAvailable
        self.authenticData = authenticData
        self.checkingDisabled = checkingDisabled
        self.responseCode = responseCode
        self.questions = questions
        self.answers = answers
        self.authorities = authorities
        self.additionals = additionals
    }

    /// Decodes a message from its wire form.
    /// - Parameter bytes: the UDP payload (for DNS over TCP, without the 2-byte length).
    /// - Throws: ``DNSDecodingError`` for truncated or malformed input.
    public init(bytes: some Collection<UInt8>) throws {
        try self.init(bytes: Array(bytes))
    }

    /// Decodes a message from its wire form (the generic form, without its conversion: a caller
    /// in another module that holds an array gets no unspecialised generic call).
    /// - Throws: ``DNSDecodingError`` for truncated or malformed input.
    public init(bytes: [UInt8]) throws {
        self = try bytes.withUnsafeBytes { bytes in
            var reader = DNSMessageReader(bytes: bytes)
            return try reader.readMessage()
        }
    }

    /// Whether `bytes` hold a response (QR set), once they are known to decode: the message is
    /// checked as ``init(bytes:)`` checks it (the same reader walks it) but nothing is built, so
    /// counting a capture's DNS traffic costs no allocation per message.
    /// - Throws: ``DNSDecodingError`` exactly when ``init(bytes:)`` would.
    public static func isResponse(validating bytes: UnsafeRawBufferPointer) throws -> Bool {
        var reader = DNSMessageReader(bytes: bytes, builds: false)
        return try reader.readMessage().isResponse
    }

    /// The message in wire form, with names compressed.
    public func encoded() -> [UInt8] {
        var writer = DNSMessageWriter()
        writer.write(self)
        return writer.bytes
    }

    /// The 16-bit flags word of the header.
    public var flags: UInt16 {
        var value: UInt16 = 0
        if isResponse { value |= 0x8000 }
        value |= UInt16(opcode & 0x0F) << 11
        if isAuthoritative { value |= 0x0400 }
        if isTruncated { value |= 0x0200 }
        if recursionDesired { value |= 0x0100 }
        if recursionAvailable { value |= 0x0080 }
        if authenticData { value |= 0x0020 }
        if checkingDisabled { value |= 0x0010 }
        value |= UInt16(responseCode.rawValue & 0x0F)
        return value
    }

    mutating func setFlags(_ value: UInt16) {
        isResponse = value & 0x8000 != 0
        opcode = UInt8(value >> 11 & 0x0F)
        isAuthoritative = value & 0x0400 != 0
        isTruncated = value & 0x0200 != 0
        recursionDesired = value & 0x0100 != 0
        recursionAvailable = value & 0x0080 != 0
        authenticData = value & 0x0020 != 0
        checkingDisabled = value & 0x0010 != 0
        responseCode = DNSResponseCode(rawValue: UInt8(value & 0x0F))
    }
}
