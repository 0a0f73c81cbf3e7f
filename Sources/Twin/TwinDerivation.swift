import Fixture
import Foundation
import Inventory
import Results
import Wire

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
/// - `link.jitter_ms`: the testbed draws each direction uniformly in ±jitter, whose sum has a
///   standard deviation of jitter·√(2/3); so jitter = sd/√(2/3), kept from 0.5 ms up.
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
        var reasoning = ["scanner \(observations.scanner): \(observations.scannerReason)"]
        var leftOut: [String] = []
        let answering = observations.answeringHosts.filter { $0.address != observations.scanner }
        guard !answering.isEmpty else {
            throw TwinError.nothingAnswered(path: observations.file, scanner: observations.scanner.description)
        }
        let inventory = options.inventory?.devices ?? []

        // The subnet: the smallest prefix around the scanner holding its ARP sweep, every device
        // that answered ARP (so is on the link) and every inventory address.
        var onLink = Set(observations.arpTargets)
        onLink.formUnion(answering.filter { $0.arpReplies > 0 }.map(\.address))
        onLink.formUnion(inventory.compactMap(\.ip))
        let subnet = Self.subnet(around: observations.scanner, holding: onLink)
        reasoning.append("subnet \(subnet): the smallest prefix around the scanner that holds its \(observations.arpTargets.count) ARP targets, the devices that answered ARP\(inventory.isEmpty ? "" : " and the inventory's addresses")")
        let offLink = answering.filter { !subnet.contains($0.address) || $0.address == subnet.address || $0.address == subnet.broadcast }
        for host in offLink {
            leftOut.append("\(host.address): answered (\(host.answerSources.joined(separator: ", "))) but is outside \(subnet), so routed, not on the LAN")
        }
        var hosts = answering.filter { host in !offLink.contains { $0.address == host.address } }

        // The gateway: the inventory's router, else the LAN's name server, else an SSDP Internet gateway.
        let gateway: IPv4Address
        if let router = inventory.first(where: { $0.category == .router && $0.ip.map(subnet.contains) == true }), let ip = router.ip {
            gateway = ip
            reasoning.append("gateway \(ip): the inventory's router '\(router.name)'")
        } else if let dns = hosts.filter({ $0.dnsAnswers > 0 }).max(by: { $0.dnsAnswers < $1.dnsAnswers }) {
            gateway = dns.address
            reasoning.append("gateway \(dns.address): it answered the scanner's DNS queries (\(dns.dnsAnswers)); the testbed's gateway runs the LAN's DNS")
        } else if let igd = hosts.first(where: { $0.ssdp?.deviceTypes.contains { $0.contains("InternetGatewayDevice") } == true }) {
            gateway = igd.address
            reasoning.append("gateway \(igd.address): it answered SSDP as an InternetGatewayDevice")
        } else {
            throw TwinError.noGateway(path: observations.file)
        }
        if !hosts.contains(where: { $0.address == gateway }) {
            // An inventory router that never answered still has to exist: the testbed routes and serves DNS there.
            hosts.append(HostObservations(address: gateway))
            leftOut.append("\(gateway) (gateway): never answered the scanner; present only because a fixture needs its gateway")
        }
        hosts.sort { $0.address < $1.address }

        let silent = observations.hosts.values.filter { !$0.answered && $0.address != observations.scanner }
        let senders = silent.filter { !$0.macs.isEmpty }.map(\.address).sorted()
        if !senders.isEmpty {
            leftOut.append("sent packets but never answered the scanner: \(senders.map(\.description).joined(separator: ", "))")
        }
        let probedSilent = silent.count - senders.count
        if probedSilent > 0 { leftOut.append("\(probedSilent) probed addresses never answered anything: no device there") }

        // Names: the PTR answers' common domain.
        let ptrNames = hosts.compactMap { $0.ptrName ?? nil }
        let domains = ptrNames.compactMap { name -> String? in
            let labels = name.split(separator: ".")
            return labels.count > 1 ? labels.dropFirst().joined(separator: ".") : nil
        }
        let domain = Dictionary(grouping: domains, by: { $0 }).max { $0.value.count != $1.value.count ? $0.value.count < $1.value.count : $0.key > $1.key }?.key
        if let domain { reasoning.append("domain \(domain): the PTR answers' domain") }

        let excesses = hosts.compactMap { host in host.medianARPRTT.flatMap { arp in host.medianRTT.map { arp - $0 } } }
        // From three devices up: with fewer, one sleepy device's ARP delay would be taken for the LAN's.
        let arpExcess = excesses.count >= 3 ? max(0, Percentile.of(excesses, 50) ?? 0) : 0
        if excesses.count >= 3 {
            reasoning.append("ARP costs \(Self.rounded(arpExcess)) ms beyond the IP round trip (median over \(excesses.count) devices timed both ways); taken off ARP-only devices' delay")
        }
        if options.testbedRoundTripMs > 0 {
            reasoning.append("the testbed's own round trip, \(Self.rounded(options.testbedRoundTripMs)) ms, is taken off each device's before halving it into a link delay (--testbed-rtt-ms)")
        }

        var devices: [Fixture.Device] = []
        var usedMACs: Set<MACAddress> = observations.scannerMAC.map { [$0] } ?? []
        var usedNames: Set<String> = []
        var usedHostnames: Set<String> = []
        var usedUUIDs: Set<String> = []
        for host in hosts {
            var notes: [String] = []
            let listed = inventory.first { $0.ip == host.address } ?? inventory.first { item in item.mac.map { host.macs[$0] != nil } == true }
            let fallbackName = "host-" + host.address.octets.map(String.init).joined(separator: "-")
            let name = Self.uniqueName(listed.map { Self.fixtureName($0.name) } ?? fallbackName, fallback: fallbackName, used: &usedNames)
            var mac = host.mac ?? listed?.mac
            if let chosen = mac, usedMACs.contains(chosen) {
                leftOut.append("\(name): its MAC \(chosen) is also another host's (proxy ARP or a bridge?); given a made-up one")
                mac = nil
            }
            if mac == nil {
                mac = Self.madeUpMAC(host.address)
                notes.append("MAC not in the capture: made up (locally administered)")
                if host.macs.isEmpty { leftOut.append("\(name): MAC not in the capture (no link-layer header); \(mac!) is made up") }
            }
            usedMACs.insert(mac!)
            let category = host.address == gateway ? .router : (listed?.category ?? TwinOptions.defaultCategory)
            var device = Fixture.Device(name: name, ip: host.address, mac: mac!, category: category)

            // Host name: the inventory's, else the PTR answer's, else (PTR never asked) the mDNS one.
            var hostname: String?
            if let listedName = listed?.hostname {
                hostname = listedName.split(separator: ".").first.map(String.init)
            } else if let ptr = host.ptrName {
                hostname = ptr?.split(separator: ".").first.map(String.init)
            } else {
                hostname = host.mdnsHostName
            }
            if let chosen = hostname?.lowercased(), Self.isHostname(chosen), usedHostnames.insert(chosen).inserted {
                device.hostname = chosen
            } else if host.ptrName == nil && host.mdnsHostName == nil && listed?.hostname == nil {
                leftOut.append("\(name): no host name (no PTR answer or mDNS name for it)")
            }

            let rtt = host.medianRTT
            let arpRTT = host.medianARPRTT
            // An ARP-only device's delay: its ARP round trip less what ARP costs beyond the IP
            // round trip on this capture's other devices (a sweep's burst queues the replies).
            let arpOnly = arpRTT.map { max(0, $0 - arpExcess) }
            let oneWay = (rtt ?? arpOnly).map { max(0, $0 - options.testbedRoundTripMs) / 2 }
            if let oneWay, oneWay > Fixture.LinkImpairment.delayRangeMs.upperBound {
                leftOut.append("\(name): a one-way delay of \(Self.rounded(oneWay)) ms is more than a fixture's link adds "
                               + "(\(Self.rounded(Fixture.LinkImpairment.delayRangeMs.upperBound)) ms); no link delay")
            } else if let oneWay, oneWay >= 0.01 {
                var link = Fixture.LinkImpairment(delayMs: Self.rounded(oneWay))
                if host.ipRTTs.count >= 3 {
                    let jitter = Self.standardDeviation(host.ipRTTs) / (2.0 / 3).squareRoot()
                    if jitter >= jitterFloor { link.jitterMs = Self.rounded(min(jitter, oneWay)) }
                }
                device.link = link
                if rtt == nil { notes.append("link delay from ARP round trips only") }
            } else if rtt == nil && arpRTT == nil {
                leftOut.append("\(name): no round trip measured, so no link delay")
            }

            if host.arpRequests > 0 {
                var arp = Fixture.ARPBehaviour()
                let probability = Double(host.arpReplies) / Double(host.arpRequests)
                if probability < 0.99 { arp.replyProbability = Self.rounded(probability) }
                if let arpRTT, let rtt, arpRTT - rtt - arpExcess >= arpDelayFloor {
                    let delay = Self.rounded(arpRTT - rtt - arpExcess)
                    if Fixture.ARPBehaviour.replyDelayRangeMs.contains(delay) {
                        arp.replyDelayMs = delay
                    } else {
                        leftOut.append("\(name): an ARP reply delay of \(delay) ms is more than a fixture's ARP adds; left prompt")
                    }
                }
                if arp != Fixture.ARPBehaviour() { device.arp = arp }
            } else {
                leftOut.append("\(name): the scanner never asked ARP for it; ARP left prompt and reliable (the default)")
            }

            if host.echoRequests > 0 {
                device.icmpEcho = host.echoReplies > 0
            } else {
                leftOut.append("\(name): never pinged; ICMP echo left at the default (answers)")
            }

            var ssdp: Fixture.SSDPService?
            if let seen = host.ssdp {
                if let uuid = seen.uuid, let port = seen.locationPort, let server = seen.server, usedUUIDs.insert(uuid).inserted {
                    var service = Fixture.SSDPService(deviceType: seen.deviceTypes.first ?? "urn:schemas-upnp-org:device:Basic:1",
                                                      uuid: uuid, server: server, locationPort: port, locationPath: seen.locationPath)
                    if seen.deviceTypes.isEmpty { leftOut.append("\(name): SSDP answers named no device type; Basic:1 is filled in") }
                    if !seen.serviceTypes.isEmpty { service.services = seen.serviceTypes }
                    if let delay = Self.answerDelay(seen.answerDelays, rtt: rtt ?? arpRTT ?? 0, spread: 50) {
                        service.delayMs = min(delay, Fixture.SSDPService.delayRangeMs.upperBound)
                    } else if !seen.answerDelays.isEmpty {
                        notes.append("SSDP answer delays varied (\(Self.range(seen.answerDelays))): left to the testbed's random draw within MX")
                    }
                    ssdp = service
                    device.upnp = Fixture.UPnPDescription(friendlyName: name, manufacturer: "unknown", modelName: "unknown")
                    leftOut.append("\(name): UPnP description (description.xml) not in the capture; upnp friendly_name/manufacturer/model_name are filler the schema needs for an SSDP device")
                } else {
                    leftOut.append("\(name): answered SSDP without a USN uuid, LOCATION or SERVER; SSDP left out")
                }
            }

            if !host.ports.isEmpty || ssdp != nil {
                var ports = host.ports
                if let port = ssdp?.locationPort, ports[port] != .open {
                    if ports[port] == nil { notes.append("TCP \(port) open because SSDP's LOCATION names it (never probed)") }
                    else { notes.append("TCP \(port) probed \(ports[port]!.rawValue) but SSDP's LOCATION names it: listed open") }
                    ports[port] = .open
                }
                var tcp = Fixture.TCPPorts()
                let states = [Fixture.PortState.open, .closed, .filtered].map { state in ports.filter { $0.value == state }.keys.sorted() }
                tcp.open = states[0].isEmpty ? nil : states[0]
                tcp.closed = states[1].isEmpty ? nil : states[1]
                tcp.filtered = states[2].isEmpty ? nil : states[2]
                tcp.default = states[2].count > states[1].count ? .filtered : .closed
                device.tcp = tcp
                leftOut.append("\(name): TCP ports never probed follow 'default: \(tcp.default!.rawValue)', the commonest unopen state among the \(host.ports.count) probed")
            } else {
                leftOut.append("\(name): no TCP port probed; every port left closed (the default)")
            }
            device.ssdp = ssdp

            var services: [Fixture.MDNSService] = []
            for seen in host.services.values.sorted(by: { $0.key < $1.key }) {
                guard let port = seen.port, port > 0 else {
                    leftOut.append("\(name): mDNS service '\(seen.instance)' \(seen.type) seen without its SRV record (no port); left out")
                    continue
                }
                var service = Fixture.MDNSService(type: seen.type, instance: seen.instance, port: port,
                                                  txt: seen.txt.isEmpty ? nil : seen.txt)
                if let delay = Self.answerDelay(seen.answerDelays, rtt: rtt ?? arpRTT ?? 0, spread: .infinity), delay > mdnsDefaultWindow {
                    service.delayMs = min(delay, Fixture.MDNSService.delayRangeMs.upperBound)
                }
                services.append(service)
            }
            if !services.isEmpty { device.mdns = services }
            if !notes.isEmpty { device.notes = notes.joined(separator: "; ") }
            devices.append(device)
        }
        leftOut.append("everything a capture of a scan cannot show: ports and services never asked for, HTTP/RTSP/TLS content, banners, WHOIS and the upstream beyond the gateway, loss rates")

        let scannerMAC = observations.scannerMAC ?? MACAddress("02:00:00:00:00:01")!
        if observations.scannerMAC == nil { leftOut.append("the scanner's MAC is not in the capture; 02:00:00:00:00:01 is made up") }
        let benchmark = IPv4Network("198.18.0.0/15")!
        let fixture = Fixture(
            name: options.name,
            description: "Twin of the LAN in \(URL(fileURLWithPath: observations.file).lastPathComponent): \(devices.count) devices that answered \(observations.scanner).",
            allowNonBenchmarkAddresses: benchmark.contains(subnet.address) ? nil : true,
            network: Fixture.Network(subnet: subnet, gateway: gateway, domain: domain,
                                     scanner: Fixture.Scanner(ip: observations.scanner, mac: scannerMAC)),
            devices: devices)
        return TwinFixture(fixture: fixture, reasoning: reasoning, leftOut: leftOut)
    }

    // MARK: - Numbers

    /// The smallest network around `center` that holds every address in `addresses` (/30 to /8).
    static func subnet(around center: IPv4Address, holding addresses: Set<IPv4Address>) -> IPv4Network {
        for length in stride(from: 30, through: 8, by: -1) {
            let mask = length == 0 ? 0 : UInt32.max << (32 - length)
            let network = IPv4Network(address: IPv4Address(center.value & mask), prefixLength: length)
            if addresses.allSatisfy({ network.contains($0) && $0 != network.address && $0 != network.broadcast }) { return network }
        }
        return IPv4Network(address: IPv4Address(center.value & 0xFF00_0000), prefixLength: 8)
    }

    /// The median delay less the round trip, when the delays agree within `spread` ms.
    static func answerDelay(_ delays: [Double], rtt: Double, spread: Double) -> Double? {
        guard let median = Percentile.of(delays, 50), (delays.max()! - delays.min()!) <= spread else { return nil }
        return rounded(max(0, median - rtt))
    }

    static func standardDeviation(_ values: [Double]) -> Double {
        let mean = values.reduce(0, +) / Double(values.count)
        return (values.map { ($0 - mean) * ($0 - mean) }.reduce(0, +) / Double(values.count - 1)).squareRoot()
    }

    static func rounded(_ value: Double) -> Double { (value * 100).rounded() / 100 }

    static func range(_ values: [Double]) -> String { "\(rounded(values.min()!))–\(rounded(values.max()!)) ms" }

    // MARK: - Names

    /// A fixture device name from free text: lower case, `a-z0-9-`, at most 24 characters.
    static func fixtureName(_ text: String) -> String {
        var name = ""
        for character in text.lowercased() {
            if character.isASCII && (character.isLetter || character.isNumber) { name.append(character) }
            else if !name.isEmpty && name.last != "-" { name.append("-") }
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
        return !text.isEmpty && labels.allSatisfy { label in
            !label.isEmpty && label.count <= 63 && label.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "-") }
        }
    }

    /// A locally administered MAC built from the address (02:00 + the four octets).
    static func madeUpMAC(_ address: IPv4Address) -> MACAddress {
        let o = address.octets
        return MACAddress(bytes: [0x02, 0x00, o[0], o[1], o[2], o[3]])!
    }
}
