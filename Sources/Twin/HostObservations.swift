import Fixture
import Results
import Wire
import OrderStatistics

/// Everything one host did towards the scanner in a capture, as far as a twin fixture needs it:
/// the MACs it sent from, its ARP replies and their delays, ICMP echo and TCP answers with their
/// round trips, and the mDNS, SSDP and PTR answers that described it.
///
/// Times are in milliseconds. A round trip is measured from the scanner's probe to the host's
/// answer, both as the capture saw them (so on the scanner's own link).
public struct HostObservations: Sendable, Equatable {
    public var address: IPv4Address
    /// Source MACs of its frames and how often each was seen.
    public var macs: [MACAddress: Int] = [:]
    /// ARP requests the scanner sent for this address, and the replies the host sent back.
    public var arpRequests = 0
    public var arpReplies = 0
    /// ARP request → reply, ms (to the latest request before the reply).
    public var arpRTTs: [Double] = []
    /// When the scanner sent the first ARP request that got a timed reply (ms into the capture):
    /// where in the sweep's bursts the host was asked (`ARPQueueing`).
    public var arpAskedAtMs: Double?
    /// Echo requests the scanner sent and the replies received.
    public var echoRequests = 0
    public var echoReplies = 0
    /// Echo request → reply and SYN → SYN/ACK or RST, ms: the link's round trip.
    public var ipRTTs: [Double] = []
    /// Answers to the scanner's unicast DNS queries (port 53): the host is a name server.
    public var dnsAnswers = 0
    /// TCP ports the scanner sent a SYN to, with what came back.
    public var ports: [Int: Fixture.PortState] = [:]
    /// mDNS services the host answered with, by `instance` + `type`.
    public var services: [String: ObservedService] = [:]
    /// The host name its mDNS answers used (`<name>.local`), without `.local`.
    public var mdnsHostName: String?
    /// SSDP answers it sent the scanner.
    public var ssdp: ObservedSSDP?
    /// The name a PTR answer gave for its address (full, with the domain), or `.some(nil)` when
    /// a PTR query for it was answered without a name (NXDOMAIN or empty).
    public var ptrName: String??
    /// Every ARP request, echo request and SYN the scanner sent it, in capture order, each with
    /// its answer's delay (nil when unanswered): its answer timeline (`SleepInference`).
    public var probes: [Probe] = []

    public init(address: IPv4Address) { self.address = address }

    /// The MAC most of its frames came from.
    public var mac: MACAddress? {
        macs.max { $0.value != $1.value ? $0.value < $1.value : $0.key.description > $1.key.description }?.key
    }

    /// Whether the host answered the scanner at all, on any protocol.
    public var answered: Bool { !answerSources.isEmpty }

    /// How the host answered: `arp`, `icmp`, `tcp`, `mdns`, `ssdp`, `dns`, in that order.
    public var answerSources: [String] {
        var sources: [String] = []
        if arpReplies > 0 { sources.append("arp") }
        if echoReplies > 0 { sources.append("icmp") }
        if ports.values.contains(where: { $0 != .filtered }) { sources.append("tcp") }
        if !services.isEmpty { sources.append("mdns") }
        if ssdp != nil { sources.append("ssdp") }
        if dnsAnswers > 0 { sources.append("dns") }
        return sources
    }

    /// Marks the latest unanswered probe of `kind` (and `port`) sent at most
    /// `Probe.answerWindowMs` before `atMs` as answered then.
    mutating func answerProbe(_ kind: Probe.Kind, port: Int? = nil, atMs: Double) {
        guard
            let index = probes.lastIndex(where: {
                $0.kind == kind && $0.port == port && $0.atMs <= atMs
            }),
            probes[index].answerMs == nil, atMs - probes[index].atMs <= Probe.answerWindowMs
        else { return }
        probes[index].answerMs = atMs - probes[index].atMs
    }

    /// Median of the IP round trips (echo and TCP), ms.
    public var medianRTT: Double? { Percentile.of(ipRTTs, 50) }
    /// Median of the ARP round trips, ms.
    public var medianARPRTT: Double? { Percentile.of(arpRTTs, 50) }
}
