import Wire

/// One port of the userspace switch: a TAP file descriptor and the link behind it.
struct SwitchPort: Sendable {
    /// What the port is attached to, for logs ("scanner", a device name, "gateway").
    var name: String
    var fd: Int32
    /// Frames the attached host sends (host → switch).
    var uplink: LinkModel
    /// Frames delivered to the attached host (switch → host).
    var downlink: LinkModel
    /// Extra hold for ARP replies the host sends, and the chance that one is delivered.
    var arpReplyDelayNs: Int64 = 0
    var arpReplyProbability: Double = 1
    var ingress = FrameQueue()
    var egress = FrameQueue()
    var counters: SwitchPortCounters
}

/// Settings for one port before its TAP exists.
public struct SwitchPortConfig: Sendable {
    public var name: String
    public var link: Fixture.LinkImpairment?
    public var arp: Fixture.ARPBehaviour?

    public init(name: String, link: Fixture.LinkImpairment?, arp: Fixture.ARPBehaviour?) {
        self.name = name
        self.link = link
        self.arp = arp
    }

    var uplink: LinkModel {
        LinkModel(delayMs: link?.delayMs ?? 0, jitterMs: link?.jitterMs ?? 0, lossPercent: link?.lossPercent ?? 0,
                  burst: link?.burstLoss.map { ($0.enterPercent, $0.exitPercent) })
    }

    var downlink: LinkModel { LinkModel(delayMs: link?.delayMs ?? 0, jitterMs: link?.jitterMs ?? 0) }
}
