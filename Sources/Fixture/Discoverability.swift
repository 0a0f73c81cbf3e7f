/// Which fixture devices a scanner could find at all, from the ground truth alone.
///
/// A device is discoverable when something it does reaches the scanner's link: it answers ARP
/// at least sometimes (then ICMP and TCP can follow), or it announces itself by mDNS or SSDP
/// (which need no ARP reply from it). A device that never answers ARP and runs neither
/// responder is invisible to any scanner and is not counted against recall.
public enum Discoverability {
    public static func isDiscoverable(_ device: Fixture.Device) -> Bool {
        (device.arp?.replyProbability ?? 1) > 0 || !(device.mdns ?? []).isEmpty || device.ssdp != nil
    }

    /// The round-trip time the fixture implies between the scanner and `device`: twice the
    /// one-way delays of both links (jitter averages out).
    public static func truthRTTMs(_ device: Fixture.Device, scannerLink: Fixture.LinkImpairment?) -> Double {
        2 * ((device.link?.delayMs ?? 0) + (scannerLink?.delayMs ?? 0))
    }

    /// The physical floor: the earliest moment, in ms after a scan starts, that any scanner could
    /// know `device` — the fastest of its answers the fixture allows, each a round trip plus the
    /// device's configured wait: an ARP reply (`arp.reply_delay_ms`; none if it never answers
    /// ARP), an mDNS answer (each service's `delay_ms`), an SSDP answer (`ssdp.delay_ms`, 0 when
    /// it is drawn from [0, MX]). TCP and ICMP need the ARP answer first, so they never beat it.
    /// Loss and sleepy-ARP draws are taken at their luckiest. Nil for an undiscoverable device.
    public static func floorMs(_ device: Fixture.Device, scannerLink: Fixture.LinkImpairment?) -> Double? {
        let rtt = truthRTTMs(device, scannerLink: scannerLink)
        var answers: [Double] = []
        if (device.arp?.replyProbability ?? 1) > 0 { answers.append(device.arp?.replyDelayMs ?? 0) }
        answers += (device.mdns ?? []).map { $0.delayMs ?? 0 }
        if let ssdp = device.ssdp { answers.append(ssdp.delayMs ?? 0) }
        return answers.min().map { rtt + $0 }
    }
}
