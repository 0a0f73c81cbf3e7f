/// The TCP header flag bits.
public struct TCPFlags: OptionSet, Hashable, Sendable, CustomStringConvertible {
    public var rawValue: UInt16
    public init(rawValue: UInt16) { self.rawValue = rawValue }

    public static let fin = TCPFlags(rawValue: 0x001)
    public static let syn = TCPFlags(rawValue: 0x002)
    public static let rst = TCPFlags(rawValue: 0x004)
    public static let psh = TCPFlags(rawValue: 0x008)
    public static let ack = TCPFlags(rawValue: 0x010)
    public static let urg = TCPFlags(rawValue: 0x020)
    public static let ece = TCPFlags(rawValue: 0x040)
    public static let cwr = TCPFlags(rawValue: 0x080)

    /// `tcpdump`-style letters, e.g. `S.` for SYN/ACK.
    public var description: String {
        var text = ""
        if contains(.fin) { text += "F" }
        if contains(.syn) { text += "S" }
        if contains(.rst) { text += "R" }
        if contains(.psh) { text += "P" }
        if contains(.urg) { text += "U" }
        if contains(.ece) { text += "E" }
        if contains(.cwr) { text += "W" }
        if contains(.ack) { text += "." }
        return text.isEmpty ? "none" : text
    }
}
