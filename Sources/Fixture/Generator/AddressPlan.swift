import Wire

/// Where a generated LAN's devices sit in its subnet.
///
/// - The gateway has the subnet's first host address (`.1` of a /24).
/// - The scanner has a host address drawn uniformly from the lowest /24 of the subnet (the whole
///   subnet when it is a /24 or smaller), other than the gateway's: a phone that got a lease from
///   the gateway's pool.
/// - Every other device has a distinct address drawn uniformly from all host addresses of the
///   subnet that are left. In a /23 a device therefore lands in the upper /24 with probability
///   255/509 (x.x.1.0 and x.x.0.255 are ordinary hosts there), so about half the devices are
///   outside the /24 around the scanner; in a /22 three quarters are.
///
/// Uniform placement, not a DHCP server's sequential pool, is a choice: no strategy gains from
/// probing low addresses first.
struct AddressPlan: Sendable, Equatable {
    var gateway: IPv4Address
    var scanner: IPv4Address
    /// One address per device after the gateway, ascending.
    var devices: [IPv4Address]

    /// - Precondition: `subnet` is /30 or larger and holds `deviceCount` devices and the scanner
    ///   (`LANGeneratorOptions.validated()` checks it).
    init(subnet: IPv4Network, deviceCount: Int, random: inout RandomSource) {
        let first = subnet.address.value + 1
        let hostCount = Int(subnet.broadcast.value - first)
        gateway = IPv4Address(first)
        // Offsets from the gateway: the scanner takes one of 1...253 (.2–.254 of the lowest /24).
        let scannerOffset = 1 + random.below(min(hostCount - 1, 253))
        scanner = IPv4Address(first + UInt32(scannerOffset))
        // The devices: a partial Fisher–Yates shuffle of the offsets left (1..<hostCount without
        // the scanner's), kept as a sparse swap table so that a /15 costs no more than a /24.
        let remaining = hostCount - 2
        var swapped: [Int: Int] = [:]
        var chosen: [IPv4Address] = []
        for position in 0..<max(0, deviceCount - 1) {
            let pick = position + random.below(remaining - position)
            let value = swapped[pick] ?? pick
            swapped[pick] = swapped[position] ?? position
            let offset = value + 1 < scannerOffset ? value + 1 : value + 2
            chosen.append(IPv4Address(first + UInt32(offset)))
        }
        devices = chosen.sorted()
    }
}
