/// An ARP packet for IPv4 over Ethernet (RFC 826).
public struct ARPPacket: Sendable, Equatable {
    /// Bytes in an Ethernet/IPv4 ARP packet.
    public static let length = 28

    /// The ARP operation code.
    public enum Operation: Sendable, Equatable, Hashable {
        case request
        case reply
        case other(UInt16)

        public init(code: UInt16) {
            switch code {
            case 1: self = .request
            case 2: self = .reply
            default: self = .other(code)
            }
        }

        public var code: UInt16 {
            switch self {
            case .request: 1
            case .reply: 2
            case .other(let code): code
            }
        }
    }

    public var operation: Operation
    public var senderMAC: MACAddress
    public var senderIP: IPv4Address
    public var targetMAC: MACAddress
    public var targetIP: IPv4Address

    public init(
        operation: Operation,
        senderMAC: MACAddress,
        senderIP: IPv4Address,
        targetMAC: MACAddress,
        targetIP: IPv4Address
    ) {
        self.operation = operation
        self.senderMAC = senderMAC
        self.senderIP = senderIP
        self.targetMAC = targetMAC
        self.targetIP = targetIP
    }

    /// True for a gratuitous ARP (sender and target protocol address equal).
    public var isGratuitous: Bool { senderIP == targetIP }

    /// Decodes an ARP packet (the Ethernet payload).
    ///
    /// - Throws: `truncated` below 28 bytes; `malformed` unless hardware type is Ethernet (1)
    ///   with 6-byte addresses and protocol type IPv4 with 4-byte addresses.
    public init(decoding bytes: ArraySlice<UInt8>) throws(WireDecodingError) {
        self = try bytes.decodeHeader { raw throws(WireDecodingError) in try ARPPacket(decoding: raw) }
    }

    /// Decodes an ARP packet from borrowed bytes (a capture's frame, where libpcap left it).
    public init(decoding bytes: UnsafeRawBufferPointer) throws(WireDecodingError) {
        try bytes.require(8, .arp)
        let hardwareType = bytes.u16(0), protocolType = bytes.u16(2)
        let hardwareLength = bytes.u8(4), protocolLength = bytes.u8(5)
        guard hardwareType == 1, protocolType == 0x0800, hardwareLength == 6, protocolLength == 4 else {
            throw .malformed(
                layer: .arp,
                reason:
                    "not Ethernet/IPv4 ARP (htype \(hardwareType), ptype 0x\(String(protocolType, radix: 16)), hlen \(hardwareLength), plen \(protocolLength))"
            )
        }
        try bytes.require(Self.length, .arp)
        operation = Operation(code: bytes.u16(6))
        senderMAC = bytes.mac(8)
        senderIP = bytes.ipv4(14)
        targetMAC = bytes.mac(18)
        targetIP = bytes.ipv4(24)
    }
}
