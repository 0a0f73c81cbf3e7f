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
    /// Whether frames in each direction need draws (false skips the per-frame generator).
    var drawsOnUplink = false
    var drawsOnDownlink = false
    /// Random draws for frames the host sends and frames delivered to it (see `ImpairmentDraws`).
    var uplinkDraws: ImpairmentDraws
    var downlinkDraws: ImpairmentDraws
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

    /// True when the host's frames need random draws (jitter, loss, a sleepy ARP reply).
    var drawsOnUplink: Bool { (link?.jitterMs ?? 0) > 0 || (link?.lossPercent ?? 0) > 0 || link?.burstLoss != nil || (arp?.replyProbability ?? 1) < 1 }
    /// True when frames delivered to the host need random draws (jitter).
    var drawsOnDownlink: Bool { (link?.jitterMs ?? 0) > 0 }
}
