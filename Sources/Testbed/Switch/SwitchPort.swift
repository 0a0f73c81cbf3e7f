import Fixture
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
    /// 802.11 power save (unicast buffered until the station wakes), deep sleep, and for the
    /// scanner its path events with the congestion they bring (see `WiFiModel.swift`).
    var doze: DozeSchedule?
    var sleep: SleepCycle?
    var path: PathEventTimeline?
    /// A `leave` fault: the window in which the device is off the LAN.
    var away: AwayWindow?
    /// An `mdns_storm` fault: the announcements the port sends for the device.
    var storm: StormSchedule?
    /// A `hostile` fault's drawn kinds as logged (`mdns truncated, http oversized`): the switch
    /// only publishes it; the device's agent serves it.
    var hostile: String?
    /// A `leave` with `new_address`: the address the device leaves from and the one it returns on.
    var newAddress: (from: IPv4Address, to: IPv4Address)?
    /// Whether the carrier is off now: the switch turns the TAP's carrier off for a `link_down`
    /// gap of the path (on the ports in its `carrierPorts`).
    var carrierOff = false
    var congestion: LinkModel?
    var ingress = FrameQueue()
    var egress = FrameQueue()
    var counters: SwitchPortCounters
}

/// Settings for one port before its TAP exists.
public struct SwitchPortConfig: Sendable {
    public var name: String
    public var link: Fixture.LinkImpairment?
    public var arp: Fixture.ARPBehaviour?
    public var powerSave: Fixture.PowerSave?
    public var deepSleep: Fixture.DeepSleep?
    /// A `leave` fault: the device is off the LAN for a window.
    public var leave: Fixture.Leave?
    /// An `mdns_storm` fault, with the frame it repeats (`StormSchedule.frame(for:)`).
    public var mdnsStorm: (storm: Fixture.MDNSStorm, frame: [UInt8])?
    /// A `hostile` fault's drawn kinds (`Fixture.Hostile.text`), published in the event log.
    public var hostile: String?
    /// A `leave` with `new_address`: the device's address and the one it comes back on
    /// (`Fixture.returnAddresses(seed:)`), published in the event log at its return.
    public var newAddress: (from: IPv4Address, to: IPv4Address)?
    /// The scanner's path events (only the scanner's port has them).
    public var wifi: Fixture.ScannerWiFi?
    /// The IPv4 addresses of the host behind the port, for directed ARP (`ARPDirectory`); nil
    /// when unknown, and then the port hears every broadcast ARP request, as on a plain switch.
    public var addresses: [IPv4Address]?

    public init(
        name: String,
        link: Fixture.LinkImpairment?,
        arp: Fixture.ARPBehaviour?,
        powerSave: Fixture.PowerSave? = nil,
        deepSleep: Fixture.DeepSleep? = nil,
        wifi: Fixture.ScannerWiFi? = nil,
        addresses: [IPv4Address]? = nil,
        leave: Fixture.Leave? = nil,
        mdnsStorm: (storm: Fixture.MDNSStorm, frame: [UInt8])? = nil,
        hostile: String? = nil,
        newAddress: (from: IPv4Address, to: IPv4Address)? = nil
    ) {
        self.hostile = hostile
        self.newAddress = newAddress
        self.leave = leave
        self.mdnsStorm = mdnsStorm
        self.addresses = addresses
        self.name = name
        self.link = link
        self.arp = arp
        self.powerSave = powerSave
        self.deepSleep = deepSleep
        self.wifi = wifi
    }

    /// The extra hold and loss of a congestion burst, or nil without congestion.
    var congestion: LinkModel? {
        guard let congestion = wifi?.congestion, congestion.perHour > 0 else { return nil }
        return LinkModel(
            delayMs: congestion.delayMs ?? 0,
            jitterMs: congestion.jitterMs ?? 0,
            lossPercent: congestion.lossPercent ?? 0
        )
    }

    var uplink: LinkModel {
        LinkModel(
            delayMs: link?.delayMs ?? 0,
            jitterMs: link?.jitterMs ?? 0,
            lossPercent: link?.lossPercent ?? 0,
            burst: link?.burstLoss.map { ($0.enterPercent, $0.exitPercent) }
        )
    }

    var downlink: LinkModel { LinkModel(delayMs: link?.delayMs ?? 0, jitterMs: link?.jitterMs ?? 0) }

    /// True when the host's frames need random draws (jitter, loss, a sleepy ARP reply).
    var drawsOnUplink: Bool {
        (link?.jitterMs ?? 0) > 0 || (link?.lossPercent ?? 0) > 0 || link?.burstLoss != nil
            || (arp?.replyProbability ?? 1) < 1 || congestion != nil
    }
    /// True when frames delivered to the host need random draws (jitter, congestion).
    var drawsOnDownlink: Bool { (link?.jitterMs ?? 0) > 0 || congestion != nil }
}
