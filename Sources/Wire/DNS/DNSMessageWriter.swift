/// Encodes a DNS message, compressing names (RFC 1035 §4.1.4).
///
/// Owner names, question names and the names inside NS, CNAME, PTR, MX and SOA data are
/// compressed; the SRV target is written in full, as RFC 2782 asks. Labels longer than 63 bytes
/// are cut to 63, names to 255 bytes; TXT strings longer than 255 bytes are cut to 255.
struct DNSMessageWriter {
    private(set) var bytes: [UInt8] = []
    /// Offsets of names already written, keyed by their lower-cased labels.
    private var offsets: [[String]: Int] = [:]

    mutating func write(_ message: DNSMessage) {
        writeUInt16(message.id)
        writeUInt16(message.flags)
        for count in [
            message.questions.count, message.answers.count, message.authorities.count, message.additionals.count,
        ] {
            writeUInt16(UInt16(clamping: count))
        }
        for question in message.questions.prefix(Int(UInt16.max)) {
            writeName(question.name, compress: true)
            writeUInt16(question.type.rawValue)
            writeUInt16(question.recordClass.rawValue & 0x7FFF | (question.unicastResponse ? 0x8000 : 0))
        }
        for section in [message.answers, message.authorities, message.additionals] {
            for record in section.prefix(Int(UInt16.max)) { write(record) }
        }
    }

    mutating func write(_ record: DNSResourceRecord) {
        writeName(record.name, compress: true)
        writeUInt16(record.type.rawValue)
        writeUInt16(record.recordClass.rawValue & 0x7FFF | (record.cacheFlush ? 0x8000 : 0))
        writeUInt32(record.ttl)
        let lengthOffset = bytes.count
        writeUInt16(0)
        switch record.data {
        case .a(let address): writeUInt32(address.value)
        case .aaaa(let address): bytes += (address + Array(repeating: 0, count: 16)).prefix(16)
        case .ptr(let name), .cname(let name), .ns(let name): writeName(name, compress: true)
        case .mx(let preference, let exchange):
            writeUInt16(preference)
            writeName(exchange, compress: true)
        case .srv(let priority, let weight, let port, let target):
            writeUInt16(priority)
            writeUInt16(weight)
            writeUInt16(port)
            writeName(target, compress: false)
        case .txt(let strings):
            if strings.isEmpty { bytes.append(0) }
            for string in strings {
                let cut = string.prefix(255)
                bytes.append(UInt8(cut.count))
                bytes += cut
            }
        case .soa(let soa):
            writeName(soa.primary, compress: true)
            writeName(soa.mailbox, compress: true)
            for value in [soa.serial, soa.refresh, soa.retry, soa.expire, soa.minimum] { writeUInt32(value) }
        case .unknown(_, let data):
            bytes += data.prefix(Int(UInt16.max))
        }
        let length = bytes.count - lengthOffset - 2
        bytes[lengthOffset] = UInt8(length >> 8 & 0xFF)
        bytes[lengthOffset + 1] = UInt8(length & 0xFF)
    }

    mutating func writeName(_ name: DNSName, compress: Bool) {
        let labels = name.labels.map { Array($0.utf8.prefix(63)) }
        let keys = name.key
        var total = 1
        for index in labels.indices {
            let suffix = Array(keys[index...])
            if compress, let offset = offsets[suffix] {
                writeUInt16(0xC000 | UInt16(offset))
                return
            }
            let label = labels[index]
            guard !label.isEmpty, total + label.count + 1 <= 255 else { break }
            if bytes.count < 0x3FFF, offsets[suffix] == nil { offsets[suffix] = bytes.count }
            total += label.count + 1
            bytes.append(UInt8(label.count))
            bytes += label
        }
        bytes.append(0)
    }

    mutating func writeUInt16(_ value: UInt16) {
        bytes.append(UInt8(value >> 8))
        bytes.append(UInt8(value & 0xFF))
    }

    mutating func writeUInt32(_ value: UInt32) {
        for shift in stride(from: 24, through: 0, by: -8) { bytes.append(UInt8(value >> UInt32(shift) & 0xFF)) }
    }
}
