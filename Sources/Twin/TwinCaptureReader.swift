import Foundation
import CaptureFiles
import CaptureAnalysis
import Wire

/// Reads a capture file once and collects `CaptureObservations`: per host, what it answered the
/// scanner (ARP, echo, TCP SYN/ACK or RST per port, mDNS, SSDP), how fast, and the PTR names the
/// scanner's DNS queries got back.
///
/// Two passes. `WireAnalyzer` picks the scanner and matches its probes to their answers — TCP port
/// states and SYN round trips (its `TCPAttempt`s, Karn's rule included) and echo round trips — so
/// those rules live in one place. This reader's own pass keeps what the analyzer does not: ARP
/// timing, MACs, and the record contents (services, TXT, SSDP headers, PTR names) a fixture
/// needs; the analyzer's hot path does not pay for them. Frames are decoded the analyzer's way
/// (`LinkDecoder`), so every link type `scanbench analyze` reads works here too.
public struct TwinCaptureReader {
    private var observations: CaptureObservations
    private let scanner: IPv4Address
    /// When the scanner last asked ARP for an address, ns.
    private var lastARPRequest: [IPv4Address: Int64] = [:]
    /// When the scanner last asked mDNS about a name (lower-cased, without the trailing dot), ns.
    private var lastMDNSQuestion: [String: Int64] = [:]
    private var lastMSearch: Int64?
    private var answeredThisMSearch: Set<IPv4Address> = []
    /// The scanner's unicast PTR queries: DNS id → the address asked about.
    private var pendingPTR: [UInt16: IPv4Address] = [:]
    /// The first packet's time, ns: probes are timed from it.
    private var startNs: Int64?

    static let metaQuery = "_services._dns-sd._udp.local"
    static let metaName = DNSName(metaQuery)

    /// Reads `path`. Without `scanner`, the analyzer's inference picks it.
    ///
    /// - Throws: `CaptureError` as `scanbench analyze` does (missing file, not a capture,
    ///   unknown link type); `TwinError.noScanner` when nothing in the capture looks like one.
    public static func read(path: String, scanner: IPv4Address?) throws -> CaptureObservations {
        let analysis = try WireAnalyzer.analyze(captureFile: path, options: AnalysisOptions(scanner: scanner))
        guard let chosen = analysis.scanner else { throw TwinError.noScanner(path: path) }
        let reason = analysis.scannerInference?.reason ?? "given with --scanner"
        var reader = TwinCaptureReader(
            observations: CaptureObservations(file: path, scanner: chosen, scannerReason: reason)
        )
        let file = try CaptureFile(path: path)
        var buffer: [UInt8] = []
        do {
            try file.forEach { record in
                buffer.removeAll(keepingCapacity: true)
                buffer.append(contentsOf: record.bytes)
                reader.add(timestamp: record.timestamp, bytes: buffer[...], linkType: record.linkType)
            }
        } catch let error as CaptureError {
            // A damaged tail still leaves everything before it, as in `analyze`.
            switch error {
            case .damagedFile, .fileReadFailed: break
            default: throw error
            }
        }
        reader.addProbeAnswers(from: analysis)
        reader.observations.droppedFrames =
            file.droppedFrames.map { ($0, "pcapng interface statistics: isb_ifdrop + isb_osdrop") }
            ?? runDrops(besidePcap: path)
        return reader.observations
    }

    /// A classic pcap holds no drop count; when it is a scanbench run's (`<run>/pcaps/x.pcap`),
    /// the run's results.json has what the capturing tcpdump reported (`capture_drops`).
    static func runDrops(besidePcap path: String) -> (count: UInt64, source: String)? {
        let pcaps = URL(fileURLWithPath: path).deletingLastPathComponent()
        guard pcaps.lastPathComponent == "pcaps" else { return nil }
        let results = pcaps.deletingLastPathComponent().appendingPathComponent("results.json")
        guard let data = try? Data(contentsOf: results),
            let document = try? JSONSerialization.jsonObject(with: data) as? [String: Any],
            let runs = document["runs"] as? [[String: Any]],
            let run = runs.first(where: {
                ($0["pcap"] as? String).map { URL(fileURLWithPath: $0).lastPathComponent }
                    == URL(fileURLWithPath: path).lastPathComponent
            })
        else { return nil }
        guard let drops = ((run["metrics"] as? [String: Any])?["wire"] as? [String: Any])?["capture_drops"] as? Int
        else { return nil }
        return (UInt64(max(0, drops)), "capture_drops in \(results.path)")
    }

    /// The scanner's TCP attempts and echo round trips, as the analyzer matched them: a port is
    /// open if any attempt got SYN/ACK, else closed if any got RST, else filtered (no answer or
    /// ICMP unreachable).
    private mutating func addProbeAnswers(from analysis: WireAnalysis) {
        for attempt in analysis.attempts {
            observations.update(attempt.target) { host in
                let port = Int(attempt.targetPort)
                switch attempt.outcome {
                case .open: host.ports[port] = .open
                case .closed: if host.ports[port] != .open { host.ports[port] = .closed }
                case .noAnswer, .unreachable: if host.ports[port] == nil { host.ports[port] = .filtered }
                }
                if let rtt = attempt.rtt { host.ipRTTs.append(Self.ms(rtt)) }
            }
        }
        for sample in analysis.rttSamples where sample.kind == .icmpEcho {
            observations.update(sample.target) { host in
                host.echoReplies += 1
                host.ipRTTs.append(Self.ms(sample.rtt))
            }
        }
    }

    private init(observations: CaptureObservations) {
        self.observations = observations
        scanner = observations.scanner
    }

    // MARK: - One frame

    private mutating func add(timestamp: Int64, bytes: ArraySlice<UInt8>, linkType: LinkType) {
        observations.packets += 1
        if startNs == nil {
            startNs = timestamp
            observations.startMs = Self.ms(timestamp)
        }
        observations.endMs = Self.ms(timestamp)
        guard let (type, payload) = try? LinkDecoder.networkPayload(of: bytes, linkType: linkType) else { return }
        let sourceMAC = LinkDecoder.sourceMAC(of: bytes, linkType: linkType)
        if type == .arp, let arp = try? ARPPacket(decoding: payload) {
            addARP(arp, at: timestamp)
            return
        }
        guard type == .ipv4, let ip = try? IPv4Packet(decoding: payload), !ip.isFragment else { return }
        if ip.source == scanner {
            if observations.scannerMAC == nil { observations.scannerMAC = sourceMAC }
            addFromScanner(ip, at: timestamp)
            return
        }
        if let sourceMAC, !sourceMAC.isMulticast, ip.destination == scanner || ip.destination.isMulticast {
            observations.update(ip.source) { $0.macs[sourceMAC, default: 0] += 1 }
        }
        addToScanner(ip, at: timestamp)
    }

    private mutating func addARP(_ arp: ARPPacket, at time: Int64) {
        if arp.senderIP == scanner {
            if observations.scannerMAC == nil { observations.scannerMAC = arp.senderMAC }
            if arp.operation == .request, !arp.isGratuitous {
                observations.arpTargets.insert(arp.targetIP)
                lastARPRequest[arp.targetIP] = time
                let at = sinceStart(time)
                observations.update(arp.targetIP) { host in
                    host.arpRequests += 1
                    host.probes.append(Probe(kind: .arp, atMs: at))
                }
            }
            return
        }
        guard arp.senderIP.value != 0 else { return }
        let at = sinceStart(time)
        observations.update(arp.senderIP) { host in
            host.macs[arp.senderMAC, default: 0] += 1
            guard arp.operation == .reply, arp.targetIP == scanner else { return }
            host.arpReplies += 1
            host.answerProbe(.arp, atMs: at)
            if let asked = lastARPRequest.removeValue(forKey: arp.senderIP) {
                host.arpRTTs.append(Self.ms(time - asked))
                if host.arpAskedAtMs == nil { host.arpAskedAtMs = Self.ms(asked) }
            }
        }
    }

    private mutating func addFromScanner(_ ip: IPv4Packet, at time: Int64) {
        switch ip.protocol {
        case .icmp:
            guard let icmp = try? ICMPMessage(decoding: ip.payload), case .echoRequest = icmp.kind else { return }
            let at = sinceStart(time)
            observations.update(ip.destination) { host in
                host.echoRequests += 1
                host.probes.append(Probe(kind: .icmp, atMs: at))
            }
        case .tcp:
            guard let tcp = try? TCPSegment(decoding: ip.payload), tcp.isSYN else { return }
            let at = sinceStart(time)
            observations.update(ip.destination) { host in
                host.probes.append(Probe(kind: .tcp, port: Int(tcp.destinationPort), atMs: at))
            }
        case .udp:
            guard let udp = try? UDPDatagram(decoding: ip.payload) else { return }
            if udp.destinationPort == 5353, let message = try? DNSMessage(bytes: udp.payload), !message.isResponse {
                for question in message.questions {
                    let name = question.name.description.lowercased()
                    lastMDNSQuestion[name] = time
                    observations.mdnsQuestions.insert(name.hasSuffix(".") ? String(name.dropLast()) : name)
                }
            } else if udp.destinationPort == 1900, let message = try? SSDPMessage(decoding: udp.payload),
                message.kind == .search
            {
                lastMSearch = time
                answeredThisMSearch = []
                observations.mSearches += 1
                if let target = message.header("ST") { observations.mSearchTargets.insert(target) }
            } else if udp.destinationPort == 53, let message = try? DNSMessage(bytes: udp.payload), !message.isResponse,
                let question = message.questions.first, question.type == .ptr,
                let address = Self.reverseAddress(question.name)
            {
                pendingPTR[message.id] = address
            }
        default:
            break
        }
    }

    private mutating func addToScanner(_ ip: IPv4Packet, at time: Int64) {
        switch ip.protocol {
        case .icmp:
            guard ip.destination == scanner, let icmp = try? ICMPMessage(decoding: ip.payload),
                case .echoReply = icmp.kind
            else { return }
            let at = sinceStart(time)
            observations.update(ip.source) { $0.answerProbe(.icmp, atMs: at) }
        case .tcp:
            guard ip.destination == scanner, let tcp = try? TCPSegment(decoding: ip.payload),
                tcp.isSYNACK || tcp.flags.contains(.rst)
            else { return }
            let at = sinceStart(time)
            observations.update(ip.source) { $0.answerProbe(.tcp, port: Int(tcp.sourcePort), atMs: at) }
        case .udp:
            guard let udp = try? UDPDatagram(decoding: ip.payload) else { return }
            if udp.sourcePort == 5353, ip.destination == scanner || ip.destination.isMulticast,
                let message = try? DNSMessage(bytes: udp.payload), message.isResponse
            {
                addMDNSAnswer(message, from: ip.source, at: time)
            } else if udp.sourcePort == 1900, ip.destination == scanner,
                let message = try? SSDPMessage(decoding: udp.payload), message.kind == .response
            {
                addSSDPAnswer(message, from: ip.source, at: time)
            } else if udp.sourcePort == 53, ip.destination == scanner,
                let message = try? DNSMessage(bytes: udp.payload), message.isResponse
            {
                observations.update(ip.source) { $0.dnsAnswers += 1 }
                if let address = pendingPTR.removeValue(forKey: message.id) {
                    let name = message.answers.lazy.compactMap { record -> String? in
                        if case .ptr(let target) = record.data { return target.description }
                        return nil
                    }.first
                    observations.update(address) { $0.ptrName = .some(name) }
                }
            }
        default:
            break
        }
    }

    // MARK: - mDNS and SSDP

    private mutating func addMDNSAnswer(_ message: DNSMessage, from host: IPv4Address, at time: Int64) {
        let records = message.answers + message.additionals
        var services: [String: ObservedService] = observations.hosts[host]?.services ?? [:]
        var hostName: String?
        var answered: Set<String> = []
        for record in records {
            let labels = record.name.labels
            switch record.data {
            case .ptr(let target)
            where labels.count == 3 && labels.last?.lowercased() == "local" && labels[0].hasPrefix("_"):
                guard target.labels.count == 4 else { continue }
                var service = ObservedService(type: "\(labels[0]).\(labels[1])", instance: target.labels[0])
                service = services[service.key] ?? service
                services[service.key] = service
                answered.insert(service.key)
            case .srv(_, _, let port, let target) where labels.count == 4:
                var service =
                    services["\(labels[0]).\(labels[1]).\(labels[2])"]
                    ?? ObservedService(type: "\(labels[1]).\(labels[2])", instance: labels[0])
                service.port = Int(port)
                services[service.key] = service
                answered.insert(service.key)
                if target.labels.count == 2, target.labels[1].lowercased() == "local" { hostName = target.labels[0] }
            case .txt where labels.count == 4:
                var service =
                    services["\(labels[0]).\(labels[1]).\(labels[2])"]
                    ?? ObservedService(type: "\(labels[1]).\(labels[2])", instance: labels[0])
                for text in record.data.textStrings ?? [] where !text.isEmpty {
                    let parts = text.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
                    service.txt[String(parts[0])] = parts.count > 1 ? String(parts[1]) : ""
                }
                services[service.key] = service
                answered.insert(service.key)
            case .ptr(let target)
            where record.name == Self.metaName && target.labels.count == 3
                && target.labels[2].lowercased() == "local":
                let type = "\(target.labels[0]).\(target.labels[1])".lowercased()
                observations.announcedTypes[type, default: []].insert(host)
            case .a(let address) where address == host && labels.count == 2 && labels[1].lowercased() == "local":
                hostName = labels[0]
            default:
                continue
            }
        }
        for key in answered {
            guard var service = services[key] else { continue }
            let asked = [service.type + ".local", "\(service.instance).\(service.type).local", Self.metaQuery]
                .compactMap { lastMDNSQuestion[$0.lowercased()] }.max()
            if let asked, time - asked < 10_000_000_000 {
                service.answerDelays.append(Self.ms(time - asked))
                services[key] = service
            }
        }
        observations.update(host) { observed in
            observed.services = services
            if let hostName { observed.mdnsHostName = hostName }
        }
    }

    private mutating func addSSDPAnswer(_ message: SSDPMessage, from host: IPv4Address, at time: Int64) {
        let first = lastMSearch != nil && answeredThisMSearch.insert(host).inserted
        observations.update(host) { observed in
            var ssdp = observed.ssdp ?? ObservedSSDP()
            ssdp.add(
                st: message.header("ST"),
                usn: message.header("USN"),
                server: message.header("SERVER"),
                location: message.header("LOCATION")
            )
            if first, let asked = lastMSearch { ssdp.answerDelays.append(Self.ms(time - asked)) }
            observed.ssdp = ssdp
        }
    }

    // MARK: - Helpers

    static func ms(_ nanoseconds: Int64) -> Double { Double(nanoseconds) / 1e6 }

    /// `time` as ms since the capture's first packet.
    private func sinceStart(_ time: Int64) -> Double { Self.ms(time - (startNs ?? time)) }

    /// `d.c.b.a.in-addr.arpa` → a.b.c.d.
    static func reverseAddress(_ name: DNSName) -> IPv4Address? {
        let labels = name.labels
        guard labels.count == 6, labels[4].lowercased() == "in-addr", labels[5].lowercased() == "arpa" else {
            return nil
        }
        let octets = labels[0..<4].reversed().compactMap { UInt8($0) }
        return octets.count == 4 ? IPv4Address(octets[0], octets[1], octets[2], octets[3]) : nil
    }
}
