import ArgumentParser
import NetTools
import Wire

/// `scanbench wol`.
struct WakeOnLANCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "wol",
        abstract: "Send a Wake-on-LAN magic packet.",
        discussion: """
            The magic packet is 6 bytes of FF followed by the MAC address 16 times (102 bytes), \
            sent once over UDP to a broadcast address (default 255.255.255.255) and port \
            (default 9). The MAC may be written with ':' or '-' separators or none.

            Examples:
              scanbench wol 8c:16:45:90:3d:5e
              scanbench wol --broadcast 198.18.0.255 --port 7 8C-16-45-90-3D-5E
            """
    )

    @Argument(help: "MAC address of the machine to wake.")
    var mac: String

    @Option(help: "Destination (broadcast) IPv4 address.")
    var broadcast = "255.255.255.255"

    @Option(help: "Destination UDP port.")
    var port: Int = 9

    @Flag(help: "Print the result as JSON.")
    var json = false

    func run() throws {
        ToolRunner.run {
            let address = try MagicPacket.parseMAC(mac)
            guard let destination = IPv4Address(broadcast) else {
                throw NetToolError.invalidArgument("--broadcast must be an IPv4 address (got '\(broadcast)')")
            }
            guard (1...65535).contains(port) else {
                throw NetToolError.invalidArgument("--port must be 1-65535 (got \(port))")
            }
            let packet = try WakeOnLAN.send(mac: address, to: destination, port: UInt16(port))
            let hex = packet.map { String(format: "%02x", $0) }.joined()
            if json {
                Terminal.printJSON(
                    WakeOnLANReport(
                        mac: address.description,
                        destination: destination.description,
                        port: port,
                        bytes: packet.count,
                        packetHex: hex
                    )
                ); return
            }
            print("sent magic packet for \(address) to \(destination):\(port) (\(packet.count) bytes)")
        }
    }
}
