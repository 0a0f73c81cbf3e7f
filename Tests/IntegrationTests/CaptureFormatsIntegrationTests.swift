import CaptureFiles
import CaptureAnalysis
import CaptureLive
import Foundation
import Testing
import Wire

/// Real `tiny` traffic re-encapsulated as the iPhone capture routes would record it (PKTAP,
/// SLL2, raw IP, Apple pcapng with mixed interfaces and process blocks, pymobiledevice3's
/// pcapng): tshark decodes each file to the expected counts, `scanbench analyze` gives the same
/// numbers for every one, and `--process NetMonitor` keeps exactly NetMonitor's packets.
@Suite("Capture formats from real traffic", .tags(.integration), .serialized, .sharedTestbed("tiny"))
struct CaptureFormatsIntegrationTests {
    static let scanner = IPv4Address(198, 18, 0, 50)
    static let netMonitor = PacketProcess(pid: 412, name: "NetMonitor")!
    static let mdns = PacketProcess(pid: 97, name: "mDNSResponder")!

    /// Who owns a frame on the phone: mDNS is mDNSResponder's, ARP the kernel's (no process),
    /// everything else the scanner app's.
    static func owner(_ frame: [UInt8]) -> PacketProcess? {
        guard frame.count >= 14, frame[12] == 0x08, frame[13] == 0x00 else { return nil }
        let ip = frame[14...]
        let headerLength = Int(ip[ip.startIndex] & 0x0F) * 4
        guard ip.count >= headerLength + 4, ip[ip.startIndex + 9] == 17 else { return netMonitor }
        let udp = ip.startIndex + headerLength
        let ports = [UInt16(ip[udp]) << 8 | UInt16(ip[udp + 1]), UInt16(ip[udp + 2]) << 8 | UInt16(ip[udp + 3])]
        return ports.contains(5353) ? mdns : netMonitor
    }

    static func temporary(_ suffix: String) -> String {
        FileManager.default.temporaryDirectory.appendingPathComponent("scanbench-formats-\(UUID().uuidString)\(suffix)")
            .path
    }

    static func writePcap(
        _ packets: [CapturedPacket],
        linkType: LinkType,
        _ encapsulate: ([UInt8]) -> [UInt8]?
    ) throws -> String {
        let path = temporary(".pcap")
        let writer = try PcapFileWriter(path: path, linkType: linkType)
        for packet in packets {
            guard let data = encapsulate(packet.data) else { continue }
            try writer.write(CapturedPacket(timestamp: packet.timestamp, originalLength: data.count, data: data))
        }
        try writer.close()
        return path
    }

    @Test(
        "PKTAP, SLL2, raw IP, Apple and pymobiledevice3 pcapng of one tiny scan: tshark and analyze agree; --process keeps NetMonitor's half",
        .timeLimit(.minutes(2))
    )
    func everyEncapsulationGivesTheSameNumbers() async throws {
        let testbed = try LiveTestbed.shared
        let capture = try await LiveCapture.start(
            LiveCaptureConfiguration(
                interface: "eth0",
                namespace: testbed.scannerNamespace,
                keepsPackets: true
            )
        )
        do {
            try testbed.exec([
                "nmap", "-sT", "-Pn", "-n", "--max-retries", "1", "-p", "22,80,445,631", "198.18.0.20", "198.18.0.60",
            ])
            try testbed.exec(["ping", "-n", "-c", "2", "-i", "0.2", "198.18.0.60"])
            try testbed.exec(["nmap", "-sn", "-n", "198.18.0.0/28"])
            try testbed.exec([
                "dig", "+time=1", "+tries=1", "-p", "5353", "@224.0.0.251", "_services._dns-sd._udp.local", "PTR",
            ])
            try await Task.sleep(for: .milliseconds(300))
        } catch {
            _ = try? await capture.stop()
            throw error
        }
        let packets = try await capture.stop().packets
        let owners = packets.map { Self.owner($0.data) }
        let arpFrames = packets.filter { $0.data.count >= 14 && $0.data[12] == 0x08 && $0.data[13] == 0x06 }.count
        #expect(arpFrames >= 14 && owners.contains(Self.mdns) && owners.contains(Self.netMonitor))

        var files: [(name: String, path: String, hasARP: Bool)] = []
        defer { for file in files { try? FileManager.default.removeItem(atPath: file.path) } }
        files.append(("Ethernet pcap", try Self.writePcap(packets, linkType: .ethernet) { $0 }, true))
        files.append(
            (
                "PKTAP pcap",
                try Self.writePcap(packets, linkType: .pktap) { frame in
                    LinkEncapsulation.pktap(
                        frame,
                        process: Self.owner(frame),
                        outbound: frame[6..<12] != packets[0].data[0..<6]
                    )
                }, true
            )
        )
        files.append(
            ("SLL2 pcap", try Self.writePcap(packets, linkType: .linuxCooked2, LinkEncapsulation.linuxCooked2), true)
        )
        files.append(("raw IP pcap", try Self.writePcap(packets, linkType: .raw, LinkEncapsulation.rawIP), false))

        // Apple's tcpdump -P: an interface per link type, process blocks, EPB option 0x8001.
        var apple = PcapngBuilder(application: "tcpdump")
        let ethernet = apple.addInterface(linkType: 1, name: "en0")
        let raw = apple.addInterface(linkType: 101, name: "pdp_ip0")
        let cooked = apple.addInterface(linkType: 276, name: "any")
        let pibs = [Self.netMonitor: apple.addProcess(Self.netMonitor), Self.mdns: apple.addProcess(Self.mdns)]
        // pymobiledevice3: one Ethernet interface, µs timestamps, a comment on every packet.
        var pmd3 = PcapngBuilder(application: "pymobiledevice3")
        let phone = pmd3.addInterface(linkType: 1, nanosecondTimestamps: false)
        for (packet, owner) in zip(packets, owners) {
            let index = owner.flatMap { pibs[$0] }
            if owner == Self.netMonitor, let ip = LinkEncapsulation.rawIP(packet.data) {
                apple.addPacket(interface: raw, timestamp: packet.timestamp, data: ip, processIndex: index)
            } else if owner == Self.mdns, let sll2 = LinkEncapsulation.linuxCooked2(packet.data) {
                apple.addPacket(interface: cooked, timestamp: packet.timestamp, data: sll2, processIndex: index)
            } else {
                apple.addPacket(
                    interface: ethernet,
                    timestamp: packet.timestamp,
                    data: packet.data,
                    processIndex: index
                )
            }
            pmd3.addPacket(
                interface: phone,
                timestamp: packet.timestamp,
                nanosecondUnits: false,
                data: packet.data,
                comment: owner?.pymobiledevice3Comment ?? "PID: 0, ProcName: , EPID: 0, EProcName: , SVC: 0"
            )
        }
        for (name, builder) in [("Apple pcapng", apple), ("pymobiledevice3 pcapng", pmd3)] {
            let path = Self.temporary(".pcapng")
            try Data(builder.bytes).write(to: URL(fileURLWithPath: path))
            files.append((name, path, true))
        }

        // (tshark display filter, analyze --json keys under totals)
        let figures: [(String, [String])] = [
            ("frame", ["packets"]),
            ("tcp.flags.syn==1 && tcp.flags.ack==0 && !icmp", ["tcp_syn"]),
            ("tcp.flags.syn==1 && tcp.flags.ack==1 && !icmp", ["tcp_syn_ack"]),
            ("tcp.flags.reset==1 && !icmp", ["tcp_rst"]),
            ("icmp.type==8", ["icmp_echo_requests"]),
            ("arp.opcode==1", ["arp_requests"]),
            ("arp.opcode==2", ["arp_replies"]),
            ("mdns && !icmp", ["mdns_queries", "mdns_responses", "mdns_malformed"]),
        ]
        var reference: [String: Int] = [:]
        var referenceTCP: [String: Int] = [:]
        for file in files {
            let cli = try ScanBenchCLI.scanbench([
                "analyze", "--json", "--summary-only", "--scanner", Self.scanner.description, file.path,
            ])
            #expect(cli.status == 0, "\(file.name): scanbench analyze: \(cli.stderr)")
            let json = try #require(try JSONSerialization.jsonObject(with: Data(cli.stdout.utf8)) as? [String: Any])
            let totals = try #require(json["totals"] as? [String: Any])
            let tcp = try #require(json["tcp"] as? [String: Any])
            var line: [String] = []
            for (filter, keys) in figures {
                let ours = keys.reduce(0) { $0 + ((totals[$1] as? Int) ?? -1_000_000) }
                let theirs = try Tshark.count(file.path, filter: filter)
                #expect(ours == theirs, "\(file.name): analyze \(keys) \(ours) vs tshark '\(filter)' \(theirs)")
                if reference.isEmpty || reference[filter] == nil { reference[filter] = ours }
                let arpLess =
                    file.hasARP
                    ? reference[filter]!
                    : (filter.hasPrefix("arp")
                        ? 0 : filter == "frame" ? reference[filter]! - arpFrames : reference[filter]!)
                #expect(ours == arpLess, "\(file.name): \(keys) \(ours), the Ethernet pcap's \(reference[filter]!)")
                line.append("\(keys[0]) \(ours)")
            }
            for key in ["attempts", "open", "closed", "no_answer"] {
                let value = (tcp[key] as? Int) ?? -1
                if referenceTCP[key] == nil { referenceTCP[key] = value }
                #expect(value == referenceTCP[key], "\(file.name): tcp.\(key) \(value) vs \(referenceTCP[key]!)")
                line.append("tcp.\(key) \(value)")
            }
            print("\(file.name): " + line.joined(separator: ", "))
        }
        #expect((referenceTCP["attempts"] ?? 0) >= 8 && (reference["icmp.type==8"] ?? 0) == 2)

        // --process: exactly the NetMonitor frames, the rest counted, the TCP figures whole.
        let netMonitorFrames = owners.filter { $0 == Self.netMonitor }.count
        for file in files where ["PKTAP pcap", "Apple pcapng", "pymobiledevice3 pcapng"].contains(file.name) {
            let cli = try ScanBenchCLI.scanbench([
                "analyze", "--json", "--summary-only", "--scanner", Self.scanner.description,
                "--process", "NetMonitor", file.path,
            ])
            #expect(cli.status == 0, "\(file.name) --process: \(cli.stderr)")
            let json = try #require(try JSONSerialization.jsonObject(with: Data(cli.stdout.utf8)) as? [String: Any])
            let totals = try #require(json["totals"] as? [String: Any])
            let filter = try #require((json["capture_file"] as? [String: Any])?["process_filter"] as? [String: Any])
            #expect(
                totals["packets"] as? Int == netMonitorFrames,
                "\(file.name): \(totals["packets"] ?? "nil") vs \(netMonitorFrames)"
            )
            #expect(filter["matched"] as? Int == netMonitorFrames)
            #expect(filter["without_process"] as? Int == arpFrames)
            #expect(
                (filter["other_processes"] as? [String: Int])?["mDNSResponder"]
                    == owners.filter { $0 == Self.mdns }.count
            )
            #expect(totals["mdns_queries"] as? Int == 0 && totals["arp_requests"] as? Int == 0)
            #expect((json["tcp"] as? [String: Any])?["attempts"] as? Int == referenceTCP["attempts"])
        }
        let plain = try ScanBenchCLI.scanbench(["analyze", "--process", "NetMonitor", files[0].path])
        #expect(plain.status != 0 && plain.stderr.contains("says nothing about processes"))
    }
}
