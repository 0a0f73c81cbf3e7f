/// Why a DNS message could not be decoded. Every malformed input ends in one of these; the
/// decoder never traps.
public enum DNSDecodingError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The message ended before a field that starts at `offset`.
    case truncated(offset: Int)
    /// A label length byte at `offset` uses the reserved 0x40/0x80 prefixes.
    case badLabelType(offset: Int)
    /// A compression pointer at `offset` points outside the message.
    case pointerOutOfBounds(offset: Int)
    /// Following compression pointers from `offset` did not end (a loop, or too many hops).
    case pointerLoop(offset: Int)
    /// The name starting at `offset` is longer than 255 bytes on the wire.
    case nameTooLong(offset: Int)
    /// The record data of a `type` record at `offset` does not match its declared length.
    case badRecordData(type: DNSRecordType, offset: Int)
    /// The label at `offset` is not UTF-8 text, so `DNSName` could not hold it faithfully.
    case badLabelText(offset: Int)

    public var description: String {
        switch self {
        case .truncated(let o): "DNS message truncated: a field at byte \(o) runs past the end"
        case .badLabelType(let o): "DNS name at byte \(o) uses a reserved label type"
        case .pointerOutOfBounds(let o): "DNS compression pointer at byte \(o) points outside the message"
        case .pointerLoop(let o): "DNS compression pointers starting at byte \(o) loop"
        case .nameTooLong(let o): "DNS name at byte \(o) is longer than 255 bytes"
        case .badRecordData(let t, let o): "\(t) record data at byte \(o) does not match its length"
        case .badLabelText(let o): "DNS label at byte \(o) is not UTF-8 text"
        }
    }
}
