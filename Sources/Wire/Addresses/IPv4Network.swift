/// An IPv4 network in CIDR form, e.g. `198.18.0.0/24`.
public struct IPv4Network: Hashable, Sendable, TextCodable {
    public var address: IPv4Address
    public var prefixLength: Int

    /// Creates the network containing `address`; host bits are cleared.
    public init(address: IPv4Address, prefixLength: Int) {
        precondition((0...32).contains(prefixLength))
        self.prefixLength = prefixLength
        self.address = IPv4Address(address.value & IPv4Network.mask(prefixLength))
    }

    /// Parses `a.b.c.d/n`; returns nil when either part is malformed.
    public init?(_ text: some StringProtocol) {
        let parts = text.split(separator: "/", omittingEmptySubsequences: false)
        guard parts.count == 2, let address = IPv4Address(parts[0]),
            let length = Int(parts[1]), (0...32).contains(length)
        else { return nil }
        self.init(address: address, prefixLength: length)
    }

    static func mask(_ length: Int) -> UInt32 { length == 0 ? 0 : UInt32.max << (32 - length) }

    public var netmask: IPv4Address { IPv4Address(IPv4Network.mask(prefixLength)) }
    public var broadcast: IPv4Address { IPv4Address(address.value | ~IPv4Network.mask(prefixLength)) }

    public func contains(_ ip: IPv4Address) -> Bool {
        ip.value & IPv4Network.mask(prefixLength) == address.value
    }

    /// Usable host addresses (network and broadcast excluded for prefixes shorter than /31).
    public var hosts: [IPv4Address] {
        if prefixLength >= 31 { return (address.value...broadcast.value).map(IPv4Address.init) }
        return ((address.value + 1)..<broadcast.value).map(IPv4Address.init)
    }

    public var description: String { "\(address)/\(prefixLength)" }

    public static let textFormHint = "a network; write address/prefix, e.g. 192.0.2.0/24"
}
