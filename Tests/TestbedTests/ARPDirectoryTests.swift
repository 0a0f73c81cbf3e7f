import Testing
import Wire
@testable import Testbed

/// Where the switch sends a broadcast ARP request: the owner of the target address and the ports
/// whose addresses are unknown (the scanner's), never the sender; everything else is flooded.
@Suite("Switch: directed ARP")
struct ARPDirectoryTests {
    /// An Ethernet/IPv4 ARP frame from `sender` asking for `target`.
    static func arp(
        op: UInt8 = 1,
        to destination: [UInt8] = Array(repeating: 0xFF, count: 6),
        sender: IPv4Address,
        target: IPv4Address
    ) -> [UInt8] {
        destination + [2, 0, 0, 0, 0, 1, 0x08, 0x06, 0, 1, 0x08, 0, 6, 4, 0, op]
            + [2, 0, 0, 0, 0, 1] + sender.octets + [0, 0, 0, 0, 0, 0] + target.octets
    }

    let directory = ARPDirectory(addresses: [
        nil, [IPv4Address(198, 18, 0, 1)], [IPv4Address(198, 18, 0, 10)], [IPv4Address(198, 18, 1, 20)],
    ])
    let scanner = IPv4Address(198, 18, 0, 50)

    @Test("a request reaches its target's owner and the scanner, not the sender or the other devices")
    func directed() {
        #expect(directory.targets(of: Self.arp(sender: scanner, target: IPv4Address(198, 18, 1, 20)), from: 0) == [3])
        #expect(
            directory.targets(
                of: Self.arp(sender: IPv4Address(198, 18, 0, 10), target: IPv4Address(198, 18, 0, 1)),
                from: 2
            ) == [0, 1]
        )
        // Nobody owns it: only the listeners hear it (a sweep's empty addresses cost no writes).
        #expect(directory.targets(of: Self.arp(sender: scanner, target: IPv4Address(198, 18, 0, 99)), from: 0) == [])
        // Gratuitous: the sender owns the target, so the scanner alone hears it.
        #expect(
            directory.targets(
                of: Self.arp(sender: IPv4Address(198, 18, 0, 10), target: IPv4Address(198, 18, 0, 10)),
                from: 2
            ) == [0]
        )
    }

    @Test("replies, unicast requests and other frames are not its business; no known addresses means flooding")
    func leftAlone() {
        #expect(
            directory.targets(of: Self.arp(op: 2, sender: scanner, target: IPv4Address(198, 18, 0, 1)), from: 0) == nil
        )
        #expect(
            directory.targets(
                of: Self.arp(to: [2, 0, 0, 0, 0, 9], sender: scanner, target: IPv4Address(198, 18, 0, 1)),
                from: 0
            ) == nil
        )
        var ipv4 = Self.arp(sender: scanner, target: IPv4Address(198, 18, 0, 1))
        ipv4[13] = 0x00
        #expect(directory.targets(of: ipv4, from: 0) == nil)
        #expect(
            directory.targets(
                of: Array(Self.arp(sender: scanner, target: IPv4Address(198, 18, 0, 1)).prefix(41)),
                from: 0
            ) == nil
        )
        let unknown = ARPDirectory(addresses: [nil, nil, nil])
        #expect(unknown.targets(of: Self.arp(sender: scanner, target: IPv4Address(198, 18, 0, 1)), from: 1) == [0, 2])
    }
}
