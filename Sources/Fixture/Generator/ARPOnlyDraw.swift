import Wire

/// `--arp-only-percent P`: which devices answer ARP and nothing else, the hosts a scan can find
/// only by sweeping ARP (a firewalled laptop, a phone that drops every unsolicited packet).
///
/// Exactly `P × (K − 1) / 100` devices, rounded to the nearest, are chosen among all but the
/// gateway (which must serve DNS and route) by a partial Fisher–Yates shuffle on a stream of
/// their own, so the LAN's other draws — addresses, kinds, links, sleepy ARP — are those of the
/// same options without it. The share is the caller's choice, not a claim about real LANs
/// (docs/FIXTURES.md).
enum ARPOnlyDraw {
    /// The stream the choice is drawn from (device streams are below 2⁴⁰, Wi-Fi's at 2⁴⁰ and 2⁴¹).
    static let streamNumber: UInt64 = 1 << 42

    /// Indices (into the devices, 0 being the gateway) of the devices made ARP-only, ascending.
    static func chosen(seed: UInt64, devices: Int, percent: Int) -> [Int] {
        let candidates = devices - 1
        let count = (percent * candidates + 50) / 100
        guard count > 0 else { return [] }
        var random = RandomSource.stream(seed: seed, streamNumber)
        var indices = Array(1...candidates)
        for position in 0..<count {
            indices.swapAt(position, position + random.below(candidates - position))
        }
        return indices.prefix(count).sorted()
    }

    /// The device with everything but ARP taken away: no echo answer, every TCP port filtered,
    /// no UDP, mDNS, SSDP, HTTP, banners or Wake-on-LAN. Its address, MAC, name, link and sleepy
    /// ARP stay as drawn.
    static func stripped(_ device: Fixture.Device) -> Fixture.Device {
        var device = device
        device.icmpEcho = false
        var tcp = Fixture.TCPPorts()
        tcp.default = .filtered
        device.tcp = tcp
        device.udp = nil
        device.mdns = nil
        device.ssdp = nil
        device.http = nil
        device.banners = nil
        device.upnp = nil
        device.airplay = nil
        device.chromecast = nil
        device.wakeOnLAN = nil
        device.notes =
            (device.notes.map { $0 + " " } ?? "")
            + "ARP only (--arp-only-percent): no echo, every port filtered, no services."
        return device
    }
}
