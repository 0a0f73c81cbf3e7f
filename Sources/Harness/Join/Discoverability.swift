import Testbed

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
}
