import Wire

/// Hand-built addresses and frames shared by the codec tests.
enum FrameFixtures {
    static let macA = MACAddress("02:00:00:00:00:0a")!
    static let macB = MACAddress("02:00:00:00:00:0b")!
    static let ipA = IPv4Address(198, 18, 0, 10)
    static let ipB = IPv4Address(198, 18, 0, 20)

    static func tcpFrame(flags: TCPFlags, sequence: UInt32 = 1000, payload: [UInt8] = []) -> [UInt8] {
        PacketBuilder.ethernet(
            destination: macB,
            source: macA,
            type: .ipv4,
            payload:
                PacketBuilder.ipv4(
                    source: ipA,
                    destination: ipB,
                    protocol: .tcp,
                    payload:
                        PacketBuilder.tcp(
                            source: ipA,
                            destination: ipB,
                            sourcePort: 40000,
                            destinationPort: 22,
                            sequence: sequence,
                            flags: flags,
                            payload: payload
                        )
                )
        )
    }

    static func udpFrame(sourcePort: UInt16, destinationPort: UInt16, payload: [UInt8]) -> [UInt8] {
        PacketBuilder.ethernet(
            destination: macB,
            source: macA,
            type: .ipv4,
            payload:
                PacketBuilder.ipv4(
                    source: ipA,
                    destination: ipB,
                    protocol: .udp,
                    payload:
                        PacketBuilder.udp(
                            source: ipA,
                            destination: ipB,
                            sourcePort: sourcePort,
                            destinationPort: destinationPort,
                            payload: payload
                        )
                )
        )
    }
}
