import Fixture
import Foundation
import Inventory
import Results
import Wire
import OrderStatistics

/// Turns what a capture shows (`CaptureObservations`) into a fixture whose devices behave the
/// same on the wire: the devices that answered the scanner, with their addresses and MACs, ARP
/// timing and reliability, echo answers, the state of every TCP port probed, the link's delay
/// and jitter, the mDNS services and SSDP answers seen and the PTR names.
///
/// The rule: what the capture cannot show is left out and said so (`TwinFixture.leftOut`),
/// never made up. Numbers are derived as follows (docs/REAL-DEVICES.md, "Twin fixture"):
/// - `link.delay_ms` is ONE-WAY and the testbed applies it in both directions, so it is half the
///   median IP round trip (echo and SYN → SYN/ACK or RST) less what the testbed's switch itself
///   adds (`TwinOptions.testbedRoundTripMs`); the scanner's own link is folded in.
/// - `link.jitter_ms`: the testbed draws each direction uniformly in ±jitter, whose sum is
///   triangular with its 90th percentile 1.106·jitter above its median; so jitter is the round
///   trips' p90 − median over 1.106, from `AnswerDelays.minimumSamples` round trips up, kept from
///   0.5 ms up. Each device's notes give its answer delays per protocol (`AnswerDelays`).
/// - `arp.reply_delay_ms`: the ARP round trip's median beyond the IP one, kept from 1 ms up;
///   `reply_probability`: replies / requests when below 0.99.
/// - mDNS and SSDP `delay_ms`: the answer's median delay after the question, less the round trip;
///   mDNS delays inside RFC 6762's 20–120 ms window are left to the responder's own draw.
public enum TwinDerivation {
    /// Jitter below this is the emulator's and the capture's own noise, not the link's (ms).
    static let jitterFloor = 0.5
    /// ARP answers slower than the IP round trip by less than this are prompt (ms).
    static let arpDelayFloor = 1.0
    /// RFC 6762 §6: a shared answer waits 20–120 ms; the testbed's responder draws the same.
    static let mdnsDefaultWindow = 120.0

    public static func derive(_ observations: CaptureObservations, options: TwinOptions) throws -> TwinFixture {
        var account = Account(reasoning: ["scanner \(observations.scanner): \(observations.scannerReason)"])
        let answering = try answeringHosts(observations)
        let inventory = options.inventory?.devices ?? []
        let subnet = lanSubnet(observations, answering: answering, inventory: inventory, account: &account)
        var hosts = onLink(answering, subnet: subnet, account: &account)
        let gateway = try Self.gateway(
            observations,
            hosts: hosts,
            subnet: subnet,
            inventory: inventory,
            account: &account
        )
        if !hosts.contains(where: { $0.address == gateway }) {
            // An inventory router that never answered still has to exist: the testbed routes and serves DNS there.
            hosts.append(HostObservations(address: gateway))
            account.leftOut.append(
                "\(gateway) (gateway): never answered the scanner; present only because a fixture needs its gateway"
            )
        }
        hosts = present(hosts, gateway: gateway, captureS: observations.durationS, account: &account)
        hosts.sort { $0.address < $1.address }
        noteSilentHosts(observations, account: &account)
        let domain = Self.domain(ofPTRNamesOf: hosts, account: &account)
        let arpExcess = Self.arpExcess(hosts, account: &account)
        if options.testbedRoundTripMs > 0 {
            account.reasoning.append(
                "the testbed's own round trip, \(Self.rounded(options.testbedRoundTripMs)) ms, is taken off each device's before halving it into a link delay (--testbed-rtt-ms)"
            )
        }
        var deviceDerivation = TwinDeviceDerivation(
            gateway: gateway,
            arpExcess: arpExcess,
            inventory: inventory,
            options: options,
            scannerMAC: observations.scannerMAC
        )
        let devices = hosts.map { deviceDerivation.device(for: $0, account: &account) }
        let few = AnswerDelays.Kind.allCases.compactMap { kind in
            account.tooFewDelays[kind].map { "\(kind.rawValue) on \($0.count) (\(SurveyCheck.list($0, limit: 4)))" }
        }
        if !few.isEmpty {
            account.leftOut.append(
                "answer-delay distributions: too little evidence (under \(AnswerDelays.minimumSamples) timed answers) for "
                    + few.joined(separator: "; ") + "; their links keep a median delay and no jitter"
            )
        }
        account.leftOut.append(
            "everything a capture of a scan cannot show: ports and services never asked for, HTTP/RTSP/TLS content, banners, WHOIS and the upstream beyond the gateway, loss rates"
        )
        let network = lanNetwork(observations, subnet: subnet, gateway: gateway, domain: domain, account: &account)
        let benchmark = IPv4Network("198.18.0.0/15")!
        let fixture = Fixture(
            name: options.name,
            description:
                "Twin of the LAN in \(URL(fileURLWithPath: observations.file).lastPathComponent): \(devices.count) devices that answered \(observations.scanner).",
            allowNonBenchmarkAddresses: benchmark.contains(subnet.address) ? nil : true,
            network: network,
            devices: devices
        )
        var twin = TwinFixture(fixture: fixture, reasoning: account.reasoning, leftOut: account.leftOut)
        twin.survey = SurveyCheck.check(observations, subnet: subnet).headerLines
        return twin
    }

    /// What a derivation says as it goes: why it chose each number, and what it left out.
    struct Account {
        var reasoning: [String]
        var leftOut: [String] = []
        /// Devices with too few timed answers for a distribution, per protocol.
        var tooFewDelays: [AnswerDelays.Kind: [String]] = [:]
    }

    // MARK: - The LAN

    /// The hosts that answered the scanner, the scanner itself excepted; none is an error.
    static func answeringHosts(_ observations: CaptureObservations) throws -> [HostObservations] {
        let answering = observations.answeringHosts.filter { $0.address != observations.scanner }
        guard !answering.isEmpty else {
            throw TwinError.nothingAnswered(path: observations.file, scanner: observations.scanner.description)
        }
        return answering
    }

    /// The subnet: the smallest prefix around the scanner holding its ARP sweep, every device
    /// that answered ARP (so is on the link) and every inventory address.
    static func lanSubnet(
        _ observations: CaptureObservations,
        answering: [HostObservations],
        inventory: [Inventory.Device],
        account: inout Account
    ) -> IPv4Network {
        var onLink = Set(answering.filter { $0.arpReplies > 0 }.map(\.address))
        onLink.formUnion(inventory.compactMap(\.ip))
        let subnet = Self.subnet(around: observations.scanner, holding: onLink, asked: observations.arpTargets)
        account.reasoning.append(
            "subnet \(subnet): the smallest prefix around the scanner that holds its \(observations.arpTargets.count) ARP targets, the devices that answered ARP\(inventory.isEmpty ? "" : " and the inventory's addresses")"
        )
        return subnet
    }

    /// The answering hosts inside `subnet` (not its network or broadcast address); the others
    /// are routed, so left out.
    static func onLink(
        _ answering: [HostObservations],
        subnet: IPv4Network,
        account: inout Account
    ) -> [HostObservations] {
        let offLink = answering.filter {
            !subnet.contains($0.address) || $0.address == subnet.address || $0.address == subnet.broadcast
        }
        for host in offLink {
            account.leftOut.append(
                "\(host.address): answered (\(host.answerSources.joined(separator: ", "))) but is outside \(subnet), so routed, not on the LAN"
            )
        }
        return answering.filter { host in !offLink.contains { $0.address == host.address } }
    }

    /// The gateway: the inventory's router, else the LAN's name server, else an SSDP Internet gateway.
    static func gateway(
        _ observations: CaptureObservations,
        hosts: [HostObservations],
        subnet: IPv4Network,
        inventory: [Inventory.Device],
        account: inout Account
    ) throws -> IPv4Address {
        if let router = inventory.first(where: { $0.category == .router && $0.ip.map(subnet.contains) == true }),
            let ip = router.ip
        {
            account.reasoning.append("gateway \(ip): the inventory's router '\(router.name)'")
            return ip
        }
        if let dns = hosts.filter({ $0.dnsAnswers > 0 }).max(by: { $0.dnsAnswers < $1.dnsAnswers }) {
            account.reasoning.append(
                "gateway \(dns.address): it answered the scanner's DNS queries (\(dns.dnsAnswers)); the testbed's gateway runs the LAN's DNS"
            )
            return dns.address
        }
        if let igd = hosts.first(where: {
            $0.ssdp?.deviceTypes.contains { $0.contains("InternetGatewayDevice") } == true
        }) {
            account.reasoning.append("gateway \(igd.address): it answered SSDP as an InternetGatewayDevice")
            return igd.address
        }
        throw TwinError.noGateway(path: observations.file)
    }

    /// The hosts still on the LAN at the capture's end: one that left during it (`PresenceInference`)
    /// is one the twin's scans, run after the capture, will not meet, so it is left out and said so
    /// (the gateway excepted: a fixture needs it). Joiners and too-thin evidence are kept, and said so.
    static func present(
        _ hosts: [HostObservations],
        gateway: IPv4Address,
        captureS: Double,
        account: inout Account
    ) -> [HostObservations] {
        hosts.filter { host in
            switch PresenceInference.infer(host.probes, captureS: captureS) {
            case .present:
                return true
            case .joined(_, let evidence):
                account.leftOut.append("\(host.address): came during the capture: \(evidence)")
                return true
            case .tooLittleEvidence(let evidence):
                account.leftOut.append(
                    "\(host.address): silent at the capture's end, too little evidence that it left (\(evidence)): kept"
                )
                return true
            case .left(let atS, let askedAfter, let evidence):
                guard host.address != gateway else {
                    account.leftOut.append(
                        "\(host.address) (gateway): left at \(atS) s (\(evidence)); kept because a fixture needs its gateway"
                    )
                    return true
                }
                account.leftOut.append(
                    "\(host.address): left at \(atS) s: not in the twin; asked \(askedAfter) times after (\(evidence))"
                )
                return false
            }
        }
    }

    /// Says which addresses sent packets but never answered, and how many probed addresses had
    /// no device: neither becomes a device.
    static func noteSilentHosts(_ observations: CaptureObservations, account: inout Account) {
        let silent = observations.hosts.values.filter { !$0.answered && $0.address != observations.scanner }
        let senders = silent.filter { !$0.macs.isEmpty }.map(\.address).sorted()
        if !senders.isEmpty {
            account.leftOut.append(
                "sent packets but never answered the scanner: \(senders.map(\.description).joined(separator: ", "))"
            )
        }
        let probedSilent = silent.count - senders.count
        if probedSilent > 0 {
            account.leftOut.append("\(probedSilent) probed addresses never answered anything: no device there")
        }
    }

    /// The PTR answers' commonest domain (ties to the alphabetically first); nil without one.
    static func domain(ofPTRNamesOf hosts: [HostObservations], account: inout Account) -> String? {
        let ptrNames = hosts.compactMap { $0.ptrName ?? nil }
        let domains = ptrNames.compactMap { name -> String? in
            let labels = name.split(separator: ".")
            return labels.count > 1 ? labels.dropFirst().joined(separator: ".") : nil
        }
        let domain = Dictionary(grouping: domains, by: { $0 }).max {
            $0.value.count != $1.value.count ? $0.value.count < $1.value.count : $0.key > $1.key
        }?.key
        if let domain { account.reasoning.append("domain \(domain): the PTR answers' domain") }
        return domain
    }

    /// What ARP costs beyond the IP round trip on this capture, where each host was asked
    /// (`ARPQueueing`); says so in the reasoning.
    static func arpExcess(_ hosts: [HostObservations], account: inout Account) -> ARPQueueing {
        let queueing = ARPQueueing(hosts)
        guard queueing.samples.count >= 3 else { return queueing }
        let excesses = queueing.samples.map(\.excessMs)
        account.reasoning.append(
            "ARP costs \(Self.rounded(queueing.overallMs)) ms beyond the IP round trip (median over \(excesses.count) devices timed both ways; "
                + "\(Self.rounded(max(0, excesses.min()!)))-\(Self.rounded(excesses.max()!)) ms as the sweep's bursts queue the replies); "
                + "each ARP-only device's delay is less the median over the \(ARPQueueing.neighbours) devices asked nearest in time"
        )
        return queueing
    }

    /// The fixture's network: subnet, gateway, domain and the scanner (its MAC made up when the
    /// capture lacks it).
    static func lanNetwork(
        _ observations: CaptureObservations,
        subnet: IPv4Network,
        gateway: IPv4Address,
        domain: String?,
        account: inout Account
    ) -> Fixture.Network {
        let scannerMAC = observations.scannerMAC ?? MACAddress("02:00:00:00:00:01")!
        if observations.scannerMAC == nil {
            account.leftOut.append("the scanner's MAC is not in the capture; 02:00:00:00:00:01 is made up")
        }
        return Fixture.Network(
            subnet: subnet,
            gateway: gateway,
            domain: domain,
            scanner: Fixture.Scanner(ip: observations.scanner, mac: scannerMAC)
        )
    }

    // MARK: - Numbers

    /// The smallest network around `center` that holds every address in `addresses` as a host
    /// and every address in `asked` at all (/30 to /8): a sweep that asks ARP for the network and
    /// broadcast addresses too (`arp-scan --localnet` does) still gives its /24.
    static func subnet(
        around center: IPv4Address,
        holding addresses: Set<IPv4Address>,
        asked: Set<IPv4Address> = []
    ) -> IPv4Network {
        for length in stride(from: 30, through: 8, by: -1) {
            let mask = length == 0 ? 0 : UInt32.max << (32 - length)
            let network = IPv4Network(address: IPv4Address(center.value & mask), prefixLength: length)
            if addresses.allSatisfy({ network.contains($0) && $0 != network.address && $0 != network.broadcast })
                && asked.allSatisfy({ network.contains($0) })
            {
                return network
            }
        }
        return IPv4Network(address: IPv4Address(center.value & 0xFF00_0000), prefixLength: 8)
    }

    /// The median delay less the round trip, when the delays agree within `spread` ms.
    static func answerDelay(_ delays: [Double], rtt: Double, spread: Double) -> Double? {
        guard let median = Percentile.of(delays, 50), (delays.max()! - delays.min()!) <= spread else { return nil }
        return rounded(max(0, median - rtt))
    }

    static func rounded(_ value: Double) -> Double { (value * 100).rounded() / 100 }

    static func range(_ values: [Double]) -> String { "\(rounded(values.min()!))–\(rounded(values.max()!)) ms" }

    // MARK: - Names

    /// A fixture device name from free text: lower case, `a-z0-9-`, at most 24 characters.
    static func fixtureName(_ text: String) -> String {
        var name = ""
        for character in text.lowercased() {
            if character.isASCII && (character.isLetter || character.isNumber) {
                name.append(character)
            } else if !name.isEmpty && name.last != "-" {
                name.append("-")
            }
        }
        while name.hasSuffix("-") { name.removeLast() }
        return String(name.prefix(24))
    }

    static func uniqueName(_ wanted: String, fallback: String, used: inout Set<String>) -> String {
        let base = wanted.isEmpty ? fallback : wanted
        var name = base
        var counter = 2
        while !used.insert(name).inserted {
            name = String(base.prefix(21)) + "-\(counter)"
            counter += 1
        }
        return name
    }

    static func isHostname(_ text: String) -> Bool {
        let labels = text.split(separator: ".", omittingEmptySubsequences: false)
        return !text.isEmpty
            && labels.allSatisfy { label in
                !label.isEmpty && label.count <= 63
                    && label.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "-") }
            }
    }

    /// A locally administered MAC built from the address (02:00 + the four octets).
    static func madeUpMAC(_ address: IPv4Address) -> MACAddress {
        let o = address.octets
        return MACAddress(bytes: [0x02, 0x00, o[0], o[1], o[2], o[3]])!
    }
}
