/// An IPv4 address held as a host-order 32-bit value.
///
/// Parsing is strict, as NetMonitor's helper is: exactly four dot-separated decimal parts,
/// each 0–255, and no leading zeros (except a lone "0").
public struct IPv4Address: Hashable, Comparable, Sendable, TextCodable {
    public var value: UInt32

    public init(_ value: UInt32) { self.value = value }

    public init(_ a: UInt8, _ b: UInt8, _ c: UInt8, _ d: UInt8) {
        value = UInt32(a) << 24 | UInt32(b) << 16 | UInt32(c) << 8 | UInt32(d)
    }

    /// Parses a strict dotted quad; returns nil for anything else.
    public init?(_ text: some StringProtocol) {
        let parts = text.split(separator: ".", omittingEmptySubsequences: false)
        guard parts.count == 4 else { return nil }
        var result: UInt32 = 0
        for part in parts {
            guard !part.isEmpty, part.count <= 3, part.allSatisfy(\.isASCIIDigit) else { return nil }
            if part.count > 1 && part.first == "0" { return nil }
            guard let octet = UInt32(part), octet <= 255 else { return nil }
            result = result << 8 | octet
        }
        value = result
    }

    /// The four octets, most significant first (network order).
    public var octets: [UInt8] {
        [UInt8(value >> 24), UInt8(value >> 16 & 0xFF), UInt8(value >> 8 & 0xFF), UInt8(value & 0xFF)]
    }

    public var description: String { octets.map(String.init).joined(separator: ".") }

    /// True for 224.0.0.0/4.
    public var isMulticast: Bool { value >> 28 == 0xE }

    public static func < (lhs: IPv4Address, rhs: IPv4Address) -> Bool { lhs.value < rhs.value }

    public static let textFormHint = "an IPv4 address; write four numbers 0-255 separated by dots, e.g. 192.0.2.10"
}

extension Character {
    var isASCIIDigit: Bool { ("0"..."9").contains(self) }
    var isASCIIHexDigit: Bool { isASCIIDigit || ("a"..."f").contains(self) || ("A"..."F").contains(self) }
}
