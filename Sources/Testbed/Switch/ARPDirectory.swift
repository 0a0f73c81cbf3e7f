import Wire

/// Where the switch sends a broadcast ARP request: to the port whose host owns the address asked
/// for, and to every port whose addresses are unknown (the scanner's: what it hears of the LAN is
/// what is measured) — not to every port.
///
/// Why: a /23 sweep is ~1,500 broadcast requests, and flooding each to 250 TAPs was ~880,000
/// writes, each run through a device kernel's ARP code (route lookup, neighbour update) on the
/// switch's one thread: ~3 s of CPU in which every other frame waited, up to 660 ms for an echo
/// (docs/TESTBED.md, "What the switch adds"). A host that does not own the address ignores the
/// request, so what any host answers is unchanged; what changes is that the other devices no
/// longer see the request (their neighbour entry for the sender is not refreshed). This is what
/// the proxy ARP service of 802.11 (IEEE Std 802.11-2016, 11.23.13) and access points' ARP
/// suppression do, except that here the owner still answers itself, so its late or lost ARP
/// replies (`arp`, power save, deep sleep) stay as configured.
///
/// Gratuitous requests and probes follow the same rule (the owner of the target, the listeners);
/// a request for an address nobody owns reaches only the listeners. With no port's addresses
/// known every port listens, which is plain flooding.
struct ARPDirectory: Sendable {
    /// Port index by owned address.
    private var owners: [UInt32: Int] = [:]
    /// Ports with unknown addresses, in index order.
    private var listeners: [Int] = []

    init(addresses: [[IPv4Address]?]) {
        for (index, owned) in addresses.enumerated() {
            guard let owned else { listeners.append(index); continue }
            for address in owned { owners[address.value] = index }
        }
    }

    /// The ports a broadcast frame from `source` goes to when it is an ARP request; nil for any
    /// other frame (flooded as before).
    func targets(of frame: [UInt8], from source: Int) -> [Int]? {
        guard let target = Self.requestedAddress(frame) else { return nil }
        var ports = listeners
        if let owner = owners[target], !listeners.contains(owner) {
            ports.append(owner)
            ports.sort()
        }
        return ports.filter { $0 != source }
    }

    /// The target protocol address of a broadcast Ethernet ARP request for IPv4, or nil.
    static func requestedAddress(_ frame: [UInt8]) -> UInt32? {
        guard frame.count >= 42, frame[0..<6].allSatisfy({ $0 == 0xFF }),
            frame[12] == 0x08, frame[13] == 0x06,  // ARP
            frame[14] == 0, frame[15] == 1, frame[16] == 0x08, frame[17] == 0x00, frame[18] == 6, frame[19] == 4,
            frame[20] == 0, frame[21] == 1
        else { return nil }  // Ethernet/IPv4, request
        return frame[38..<42].reduce(0) { $0 << 8 | UInt32($1) }
    }
}
