/// What a DHCP client says about itself in a BOOTP message (RFC 2131 §2, RFC 2132): the Host
/// Name option (12) and the Vendor Class Identifier (60). Only the fixed header's length and the
/// magic cookie are checked; options are read until End (255) or the bytes run out.
public struct DHCPRequestNames: Sendable, Equatable {
    /// Option 12 (RFC 2132 §3.14).
    public var hostName: String?
    /// Option 60 (RFC 2132 §9.13).
    public var vendorClass: String?

    /// The BOOTP fixed header (RFC 2131 §2: op … file) before the options' magic cookie.
    static let fixedHeaderLength = 236
    /// RFC 2132 §2: 99.130.83.99.
    static let magicCookie: [UInt8] = [99, 130, 83, 99]

    /// Reads the names from a UDP payload sent from client port 68; nil when it is no BOOTP
    /// request (op 1) with the magic cookie.
    public init?(payload: ArraySlice<UInt8>) {
        let start = payload.startIndex
        let optionsStart = start + Self.fixedHeaderLength + Self.magicCookie.count
        guard payload.count >= Self.fixedHeaderLength + Self.magicCookie.count, payload[start] == 1,
            Array(payload[(start + Self.fixedHeaderLength)..<optionsStart]) == Self.magicCookie
        else { return nil }
        var index = optionsStart
        while index < payload.endIndex {
            let code = payload[index]
            if code == 0 {
                index += 1
                continue
            }
            if code == 255 { break }
            guard index + 1 < payload.endIndex else { break }
            let length = Int(payload[index + 1])
            let valueStart = index + 2
            guard valueStart + length <= payload.endIndex else { break }
            let value = String(decoding: payload[valueStart..<(valueStart + length)], as: UTF8.self)
            switch code {
            case 12: hostName = value
            case 60: vendorClass = value
            default: break
            }
            index = valueStart + length
        }
    }
}
