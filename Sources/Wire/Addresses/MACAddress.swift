/// A 48-bit Ethernet MAC address.
///
/// Accepts `aa:bb:cc:dd:ee:ff`, `aa-bb-cc-dd-ee-ff`, `aabb.ccdd.eeff` or twelve bare hex digits; always prints
/// lower-case and colon-separated, as Linux's neighbour table does.
public struct MACAddress: Hashable, Sendable, TextCodable {
    public var bytes: (UInt8, UInt8, UInt8, UInt8, UInt8, UInt8)

    public static let broadcast = MACAddress(bytes: [0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF])!
    public static let zero = MACAddress(bytes: [0, 0, 0, 0, 0, 0])!

    public init?(bytes: some Collection<UInt8>) {
        guard bytes.count == 6 else { return nil }
        let b = Array(bytes)
        self.bytes = (b[0], b[1], b[2], b[3], b[4], b[5])
    }

    /// Parses `aa:bb:cc:dd:ee:ff`, `aa-bb-cc-dd-ee-ff`, `aabb.ccdd.eeff` or twelve bare hex digits:
    /// one kind of separator throughout, in its places' count; nil for anything else.
    public init?(_ text: some StringProtocol) {
        let hex = String(text.filter(\.isASCIIHexDigit))
        let separators = text.filter { !$0.isASCIIHexDigit }
        let counts: [Character: Int] = [":": 5, "-": 5, ".": 2]
        guard hex.count == 12, Set(separators).count <= 1,
            separators.isEmpty || counts[separators.first!] == separators.count
        else { return nil }
        var result: [UInt8] = []
        var index = hex.startIndex
        for _ in 0..<6 {
            let next = hex.index(index, offsetBy: 2)
            result.append(UInt8(hex[index..<next], radix: 16)!)
            index = next
        }
        self.init(bytes: result)
    }

    public var array: [UInt8] { [bytes.0, bytes.1, bytes.2, bytes.3, bytes.4, bytes.5] }

    /// True when the group bit (least significant bit of the first octet) is set.
    public var isMulticast: Bool { bytes.0 & 1 == 1 }

    public var description: String {
        array.map { byte in
            let digits = String(byte, radix: 16)
            return digits.count == 1 ? "0" + digits : digits
        }.joined(separator: ":")
    }

    public static func == (lhs: MACAddress, rhs: MACAddress) -> Bool { lhs.array == rhs.array }
    public func hash(into hasher: inout Hasher) { hasher.combine(array) }

    public static let textFormHint = "a MAC address; write six hex pairs, e.g. 00:00:5e:00:53:01"
}
