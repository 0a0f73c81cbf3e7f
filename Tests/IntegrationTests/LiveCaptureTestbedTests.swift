import CaptureFiles
import CaptureAnalysis
import CaptureLive
import Foundation
import Testing
import Wire

/// Real traffic on the `tiny` testbed, captured with `LiveCapture` on the scanner's `eth0` inside
/// its namespace, then analysed and compared with tshark on the same file (docs/CAPTURE.md).
@Suite("Live capture on the tiny testbed", .tags(.integration), .serialized, .sharedTestbed("tiny"))
struct LiveCaptureTestbedTests {
    static let scanner = IPv4Address(198, 18, 0, 50)
    static let gateway = "198.18.0.1"
    /// studio-mac: 22 (SSH banner) and 445 open, the rest closed; Bonjour; 0.4 ms link.
    static let mac = "198.18.0.20"
    /// windows-pc: every port filtered but 445, ignores ping.
    static let windows = "198.18.0.30"
    /// printer: 631 and 9100 open, behind a 20 ms link.
    static let printer = "198.18.0.60"

    /// One M-SEARCH (MX 1) from the scanner's address, then 1.5 s of listening for answers.
    static let ssdpSearch = """
        import socket, time
        s = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
        s.setsockopt(socket.IPPROTO_IP, socket.IP_MULTICAST_IF, socket.inet_aton("198.18.0.50"))
        s.sendto(b"M-SEARCH * HTTP/1.1\\r\\nHOST: 239.255.255.250:1900\\r\\nMAN: \\"ssdp:discover\\"\\r\\nMX: 1\\r\\nST: ssdp:all\\r\\n\\r\\n", ("239.255.255.250", 1900))
        s.settimeout(0.2); end = time.time() + 1.5; n = 0
        while time.time() < end:
            try: s.recv(4096); n += 1
            except socket.timeout: pass
        print(n)
        """

    static func temporaryPcap() -> String {
        FileManager.default.temporaryDirectory.appendingPathComponent("scanbench-captest-\(UUID().uuidString).pcap")
            .path
    }

    /// Captures on the scanner's eth0 while `traffic` runs.
    static func capture(
        _ testbed: LiveTestbed,
        outputPath: String? = nil,
        filter: String? = nil,
        keepsPackets: Bool = false,
        _ traffic: () throws -> Void
    ) async throws -> CaptureResult {
        let capture = try await LiveCapture.start(
            LiveCaptureConfiguration(
                interface: "eth0",
                namespace: testbed.scannerNamespace,
                filter: filter,
                outputPath: outputPath,
                keepsPackets: keepsPackets
            )
        )
        do {
            try traffic()
        } catch {
            _ = try? await capture.stop()
            throw error
        }
        try await Task.sleep(for: .milliseconds(300))  // late answers (20 ms link, SSDP, mDNS)
        return try await capture.stop()
    }

    @Test(
        "nmap -sT, ping, nmap -sn (ARP), mDNS, SSDP, DNS and HTTP: our counts equal tshark's, zero drops; scanbench analyze agrees",
        .timeLimit(.minutes(3))
    )
    func countsEqualTsharksOnTheSameFile() async throws {
        let testbed = try LiveTestbed.shared
        let path = Self.temporaryPcap()
        defer { try? FileManager.default.removeItem(atPath: path) }
        let result = try await Self.capture(testbed, outputPath: path) {
            let ports = "21-23,80,445,631,9100"
            let nmap = try testbed.exec([
                "nmap", "-sT", "-Pn", "-n", "--max-retries", "1", "-p", ports, Self.mac, Self.printer, Self.windows,
            ])
            #expect(nmap.status == 0, "nmap -sT: \(nmap.stderr)")
            try testbed.exec(["ping", "-n", "-c", "3", "-i", "0.2", Self.printer])
            try testbed.exec(["ping", "-n", "-c", "1", "-W", "1", Self.windows])  // never answered
            try testbed.exec(["nmap", "-sn", "-n", "198.18.0.0/27"])  // ARP sweep
            try testbed.exec([
                "dig", "+time=2", "+tries=1", "-p", "5353", "@224.0.0.251",
                "_services._dns-sd._udp.local", "PTR",
            ])
            let ssdp = try testbed.exec(["python3", "-c", Self.ssdpSearch])
            #expect(
                (Int(ssdp.stdout.trimmingCharacters(in: .whitespacesAndNewlines)) ?? 0) >= 1,
                "no SSDP answer: \(ssdp)"
            )
            try testbed.exec(["dig", "+time=2", "+tries=1", "@\(Self.gateway)", "-x", Self.printer])
            try testbed.exec(["curl", "-s", "-m", "3", "-o", "/dev/null", "http://\(Self.gateway)/"])
        }
        let statistics = result.statistics
        let analysis = try WireAnalyzer.analyze(file: path, options: AnalysisOptions(scanner: Self.scanner))

        #expect(statistics.dropped == 0, "drops: \(statistics)")
        #expect(statistics.captured == analysis.totals.packets)
        let t = analysis.totals
        // (our figure, tshark display filter, `scanbench analyze --json` key under totals)
        let comparisons: [(String, Int, String, [String])] = [
            ("frames", t.packets, "frame", ["packets"]),
            ("SYN", t.tcpSyn, "tcp.flags.syn==1 && tcp.flags.ack==0 && !icmp", ["tcp_syn"]),
            ("SYN/ACK", t.tcpSynAck, "tcp.flags.syn==1 && tcp.flags.ack==1 && !icmp", ["tcp_syn_ack"]),
            ("RST", t.tcpRst, "tcp.flags.reset==1 && !icmp", ["tcp_rst"]),
            ("FIN", t.tcpFin, "tcp.flags.fin==1 && !icmp", ["tcp_fin"]),
            ("ICMP echo requests", t.icmpEchoRequests, "icmp.type==8", ["icmp_echo_requests"]),
            ("ICMP echo replies", t.icmpEchoReplies, "icmp.type==0", ["icmp_echo_replies"]),
            ("ICMP unreachable", t.icmpUnreachable, "icmp.type==3", ["icmp_unreachable"]),
            ("ARP requests", t.arpRequests, "arp.opcode==1", ["arp_requests"]),
            ("ARP replies", t.arpReplies, "arp.opcode==2", ["arp_replies"]),
            ("mDNS", t.mdnsPackets, "mdns && !icmp", ["mdns_queries", "mdns_responses", "mdns_malformed"]),
            (
                "SSDP", t.ssdpPackets, "ssdp && !icmp",
                ["ssdp_searches", "ssdp_notifies", "ssdp_responses", "ssdp_malformed"]
            ),
            (
                "DNS (port 53)", t.dnsQueries + t.dnsResponses + t.dnsMalformed, "udp.port==53 && !icmp",
                ["dns_queries", "dns_responses", "dns_malformed"]
            ),
        ]
        var tshark: [String: Int] = [:]
        for (name, ours, filter, _) in comparisons {
            let theirs = try Tshark.count(path, filter: filter)
            tshark[name] = theirs
            #expect(ours == theirs, "\(name): ours \(ours) vs tshark \(theirs) (filter \(filter))")
        }
        print(
            "capture vs tshark on tiny: "
                + comparisons.map { "\($0.0) \($0.1)/\(tshark[$0.0] ?? -1)" }.joined(separator: ", ")
                + "; drops \(statistics.dropped)"
        )

        // What the clients must have produced.
        #expect(t.tcpSyn >= 21)  // 7 ports × 3 hosts, plus curl
        #expect(t.icmpEchoRequests == 4 && t.icmpEchoReplies == 3)
        #expect(t.arpRequests >= 20)  // the /27 sweep
        #expect(t.arpReplies >= 3)
        #expect(t.mdnsQueries >= 1 && t.mdnsResponses >= 2)  // studio-mac and printer answer
        #expect(t.ssdpSearches >= 1 && t.ssdpResponses >= 1)  // the gateway's IGD
        #expect(t.dnsQueries >= 1 && t.dnsResponses >= 1)
        #expect(analysis.tcp.open >= 6)  // 22, 445, 631, 9100, 445, and curl's 80
        #expect(analysis.tcp.noAnswer >= 6)  // windows-pc drops all but 445
        #expect(analysis.tcp.closed >= 6)
        #expect(analysis.tcp.handshakesCompleted >= 6)
        #expect(analysis.fromOthers.tcpSyn == 0)

        // The command-line tool on the same file.
        let cli = try ScanBenchCLI.scanbench([
            "analyze", "--json", "--summary-only", "--scanner", Self.scanner.description, path,
        ])
        #expect(cli.status == 0, "scanbench analyze: \(cli.stderr)")
        let json = try #require(try JSONSerialization.jsonObject(with: Data(cli.stdout.utf8)) as? [String: Any])
        let totals = try #require(json["totals"] as? [String: Any])
        for (name, _, _, keys) in comparisons {
            let value = keys.reduce(0) { $0 + ((totals[$1] as? Int) ?? -1_000_000) }
            #expect(value == tshark[name], "analyze --json \(keys): \(value) vs tshark \(tshark[name] ?? -1)")
        }
        let tcp = try #require(json["tcp"] as? [String: Any])
        #expect(tcp["open"] as? Int == analysis.tcp.open)
        #expect(tcp["attempts"] as? Int == analysis.tcp.attempts)
    }

    @Test(
        "wire RTTs to the printer (20 ms link) agree with iputils ping's within 0.3 ms median",
        .timeLimit(.minutes(2))
    )
    func wireRTTsAgreeWithPing() async throws {
        let testbed = try LiveTestbed.shared
        try testbed.exec(["ping", "-n", "-c", "1", "-W", "2", Self.printer])  // ARP resolved before the capture
        var output = ""
        let result = try await Self.capture(testbed, filter: "icmp", keepsPackets: true) {
            output = try testbed.exec(["ping", "-n", "-c", "20", "-i", "0.05", Self.printer]).stdout
        }
        #expect(result.statistics.dropped == 0)
        let analysis = WireAnalyzer.analyze(
            packets: result.packets,
            linkType: result.linkType,
            options: AnalysisOptions(scanner: Self.scanner)
        )
        // "64 bytes from 198.18.0.60: icmp_seq=3 ttl=64 time=40.3 ms"
        var printed: [UInt16: Double] = [:]
        for line in output.split(separator: "\n") {
            guard
                let seq = line.range(of: "icmp_seq=").flatMap({ UInt16(line[$0.upperBound...].prefix { $0.isNumber }) }
                ),
                let ms = PingOutput.rtts(String(line)).first
            else { continue }
            printed[seq] = ms
        }
        #expect(printed.count == 20)
        let target = IPv4Address(Self.printer)!
        let wire = analysis.rttSamples.filter { $0.kind == .icmpEcho && $0.target == target }
        #expect(wire.count == 20)
        let differences = wire.compactMap { sample in printed[sample.detail].map { abs($0 - Double(sample.rtt) / 1e6) }
        }
        #expect(differences.count == 20)
        let median = PingOutput.median(differences)
        let pingMedian = PingOutput.median(Array(printed.values))
        let wireMedian = PingOutput.median(wire.map { Double($0.rtt) / 1e6 })
        print(
            String(
                format:
                    "wire RTT vs ping to the printer: median |difference| %.4f ms; medians ping %.3f ms, wire %.3f ms",
                median,
                pingMedian,
                wireMedian
            )
        )
        #expect(median < 0.3)
        #expect(abs(pingMedian - wireMedian) < 0.3)
        #expect(abs(wireMedian - 40) < 1, "the 20 ms link gives about 40 ms")
    }

    @Test("600 echoes at 2 ms intervals: every frame captured, zero drops", .timeLimit(.minutes(2)))
    func normalCaptureReportsZeroDropsAndEveryPacket() async throws {
        let testbed = try LiveTestbed.shared
        let result = try await Self.capture(testbed, filter: "icmp and host \(Self.mac)", keepsPackets: true) {
            try testbed.exec(["ping", "-n", "-q", "-c", "300", "-i", "0.002", Self.mac])
        }
        #expect(result.packets.count == 600)
        #expect(result.packets.allSatisfy { $0.data.count == $0.originalLength })
        #expect(result.statistics.captured == 600)
        #expect(result.statistics.droppedByKernel == 0 && result.statistics.droppedByInterface == 0)
    }

    @Test("a missing namespace, a bad filter, a missing interface and a second stop are errors, not crashes")
    func errorsAreReportedNotCrashes() async throws {
        let testbed = try LiveTestbed.shared
        await #expect(throws: CaptureError.namespaceUnavailable(name: "scanbench-captest-missing", errno: ENOENT)) {
            _ = try await LiveCapture.start(
                LiveCaptureConfiguration(interface: "lo", namespace: "scanbench-captest-missing")
            )
        }
        await #expect(throws: CaptureError.self) {
            _ = try await LiveCapture.start(
                LiveCaptureConfiguration(
                    interface: "eth0",
                    namespace: testbed.scannerNamespace,
                    filter: "tcp and and"
                )
            )
        }
        await #expect(throws: CaptureError.self) {
            _ = try await LiveCapture.start(
                LiveCaptureConfiguration(interface: "nonexistent0", namespace: testbed.scannerNamespace)
            )
        }
        let capture = try await LiveCapture.start(
            LiveCaptureConfiguration(interface: "eth0", namespace: testbed.scannerNamespace)
        )
        _ = try await capture.stop()
        await #expect(throws: CaptureError.notRunning) { _ = try await capture.stop() }
    }
}
