/// Decodes the wire form of a DNS message, in the caller's bytes. Every read is bounds-checked;
/// compression pointers are followed with a list of the targets visited, so loops end in
/// ``DNSDecodingError/pointerLoop(offset:)``.
///
/// With `builds` false the reader checks everything it would check when building (bounds, label
/// text, pointers, record data lengths) but keeps nothing: the message comes back with its header
/// alone, and nothing is allocated unless a label is not ASCII. Both modes walk the same code, so
/// they accept and refuse the same bytes.
struct DNSMessageReader {
    let bytes: UnsafeRawBufferPointer
    /// Whether names, records and their data are built, or only checked.
    let builds: Bool
    var position = 0

    /// Most compression hops one name may take.
    static let maximumPointerHops = 64

    init(bytes: UnsafeRawBufferPointer, builds: Bool = true) {
        self.bytes = bytes
        self.builds = builds
    }

    mutating func readMessage() throws -> DNSMessage {
        var message = DNSMessage()
        message.id = try readUInt16()
        message.setFlags(try readUInt16())
        let questionCount = Int(try readUInt16())
        let answerCount = Int(try readUInt16())
        let authorityCount = Int(try readUInt16())
        let additionalCount = Int(try readUInt16())
        // Each question takes at least 5 bytes and each record at least 11: refuse absurd counts
        // before reserving anything.
        if builds { message.questions.reserveCapacity(min(questionCount, bytes.count / 5)) }
        for _ in 0..<questionCount {
            let question = try readQuestion()
            if builds { message.questions.append(question) }
        }
        message.answers = try readRecords(answerCount)
        message.authorities = try readRecords(authorityCount)
        message.additionals = try readRecords(additionalCount)
        return message
    }

    mutating func readQuestion() throws -> DNSQuestion {
        let name = try readName()
        let type = DNSRecordType(rawValue: try readUInt16())
        let classField = try readUInt16()
        return DNSQuestion(
            name: name,
            type: type,
            recordClass: DNSClass(rawValue: classField & 0x7FFF),
            unicastResponse: classField & 0x8000 != 0
        )
    }

    mutating func readRecords(_ count: Int) throws -> [DNSResourceRecord] {
        var records: [DNSResourceRecord] = []
        if builds { records.reserveCapacity(min(count, bytes.count / 11)) }
        for _ in 0..<count {
            let record = try readRecord()
            if builds { records.append(record) }
        }
        return records
    }

    mutating func readRecord() throws -> DNSResourceRecord {
        let name = try readName()
        let type = DNSRecordType(rawValue: try readUInt16())
        let classField = try readUInt16()
        let ttl = try readUInt32()
        let length = Int(try readUInt16())
        let start = position
        guard start + length <= bytes.count else { throw DNSDecodingError.truncated(offset: start) }
        let end = start + length
        let data = try readRecordData(type: type, end: end)
        guard position == end else { throw DNSDecodingError.badRecordData(type: type, offset: start) }
        return DNSResourceRecord(
            name: name,
            data: data,
            ttl: ttl,
            recordClass: DNSClass(rawValue: classField & 0x7FFF),
            cacheFlush: classField & 0x8000 != 0
        )
    }

    /// Reads record data that must end at `end`.
    mutating func readRecordData(type: DNSRecordType, end: Int) throws -> DNSRecordData {
        let start = position
        func bounded<T>(_ value: T) throws -> T {
            guard position <= end else { throw DNSDecodingError.badRecordData(type: type, offset: start) }
            return value
        }
        switch type {
        case .a:
            guard end - start == 4 else { throw DNSDecodingError.badRecordData(type: type, offset: start) }
            return .a(IPv4Address(try readUInt32()))
        case .aaaa:
            guard end - start == 16 else { throw DNSDecodingError.badRecordData(type: type, offset: start) }
            return .aaaa(try readBytes(16))
        case .ptr: return try bounded(.ptr(try readName()))
        case .cname: return try bounded(.cname(try readName()))
        case .ns: return try bounded(.ns(try readName()))
        case .mx:
            let preference = try readUInt16()
            return try bounded(.mx(preference: preference, exchange: try readName()))
        case .srv:
            let priority = try readUInt16()
            let weight = try readUInt16()
            let port = try readUInt16()
            return try bounded(.srv(priority: priority, weight: weight, port: port, target: try readName()))
        case .soa:
            let primary = try readName()
            let mailbox = try readName()
            let serial = try readUInt32(), refresh = try readUInt32(), retry = try readUInt32()
            let expire = try readUInt32(), minimum = try readUInt32()
            return try bounded(
                .soa(
                    .init(
                        primary: primary,
                        mailbox: mailbox,
                        serial: serial,
                        refresh: refresh,
                        retry: retry,
                        expire: expire,
                        minimum: minimum
                    )
                )
            )
        case .txt:
            var strings: [[UInt8]] = []
            while position < end {
                let length = Int(bytes[position])
                guard position + 1 + length <= end else {
                    throw DNSDecodingError.badRecordData(type: type, offset: start)
                }
                if builds { strings.append(Array(bytes[(position + 1)..<(position + 1 + length)])) }
                position += 1 + length
            }
            // RFC 6763 §6.1: a zero-length TXT record "should be interpreted as the same as a
            // single empty string" — which is also what the writer puts on the wire for it.
            return .txt(strings.isEmpty ? [[]] : strings)
        default:
            return .unknown(type: type, data: try readBytes(end - start))
        }
    }

    /// Reads a possibly compressed name at the current position and moves past it (its labels
    /// are checked but not kept when the reader does not build).
    mutating func readName() throws -> DNSName {
        try withUnsafeTemporaryAllocation(of: Int.self, capacity: Self.maximumPointerHops) { visited in
            try readName(visited: visited)
        }
    }

    /// - Parameter visited: room for the pointer targets followed, to tell a loop.
    private mutating func readName(visited: UnsafeMutableBufferPointer<Int>) throws -> DNSName {
        let start = position
        var cursor = position
        var labels: [String] = []
        var wireLength = 1
        var resume: Int?
        var hops = 0
        while true {
            guard cursor < bytes.count else { throw DNSDecodingError.truncated(offset: cursor) }
            let length = Int(bytes[cursor])
            switch length & 0xC0 {
            case 0x00:
                if length == 0 {
                    position = resume ?? cursor + 1
                    return DNSName(labels: labels)
                }
                guard cursor + 1 + length <= bytes.count else { throw DNSDecodingError.truncated(offset: cursor) }
                wireLength += length + 1
                guard wireLength <= 255 else { throw DNSDecodingError.nameTooLong(offset: start) }
                // Labels are kept as text (`DNSName`); bytes that are not UTF-8 (mDNS names are
                // UTF-8, RFC 6762 §16) would be replaced and could not be written back.
                let text = UnsafeRawBufferPointer(rebasing: bytes[(cursor + 1)..<(cursor + 1 + length)])
                if builds {
                    guard let label = String(validating: text, as: UTF8.self) else {
                        throw DNSDecodingError.badLabelText(offset: cursor)
                    }
                    labels.append(label)
                } else if !Self.isUTF8(text) {
                    throw DNSDecodingError.badLabelText(offset: cursor)
                }
                cursor += 1 + length
            case 0xC0:
                guard cursor + 1 < bytes.count else { throw DNSDecodingError.truncated(offset: cursor) }
                let target = (length & 0x3F) << 8 | Int(bytes[cursor + 1])
                if resume == nil { resume = cursor + 2 }
                guard target < bytes.count else { throw DNSDecodingError.pointerOutOfBounds(offset: cursor) }
                guard hops < Self.maximumPointerHops, !visited[..<hops].contains(target) else {
                    throw DNSDecodingError.pointerLoop(offset: start)
                }
                visited[hops] = target
                hops += 1
                cursor = target
            default:
                throw DNSDecodingError.badLabelType(offset: cursor)
            }
        }
    }

    /// Whether `text` is UTF-8, as `String(validating:as:)` decides, without making the string
    /// when it is ASCII.
    private static func isUTF8(_ text: UnsafeRawBufferPointer) -> Bool {
        text.allSatisfy { $0 < 0x80 } || String(validating: text, as: UTF8.self) != nil
    }

    mutating func readUInt16() throws -> UInt16 {
        guard position + 2 <= bytes.count else { throw DNSDecodingError.truncated(offset: position) }
        defer { position += 2 }
        return UInt16(bytes[position]) << 8 | UInt16(bytes[position + 1])
    }

    mutating func readUInt32() throws -> UInt32 {
        guard position + 4 <= bytes.count else { throw DNSDecodingError.truncated(offset: position) }
        defer { position += 4 }
        return (0..<4).reduce(UInt32(0)) { $0 << 8 | UInt32(bytes[position + $1]) }
    }

    /// The next `count` bytes (empty when the reader does not build).
    mutating func readBytes(_ count: Int) throws -> [UInt8] {
        guard count >= 0, position + count <= bytes.count else { throw DNSDecodingError.truncated(offset: position) }
        defer { position += count }
        return builds ? Array(bytes[position..<(position + count)]) : []
    }
}
