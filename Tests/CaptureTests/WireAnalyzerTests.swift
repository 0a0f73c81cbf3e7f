import Foundation
import Testing
@testable import CaptureFiles
@testable import CaptureAnalysis
import Wire

@Suite("Wire analysis")
struct WireAnalyzerTests {
    static let scanner = SyntheticTraffic.scanner
    static let t1 = IPv4Address(198, 18, 0, 10)
    static let t2 = IPv4Address(198, 18, 0, 11)

    /// A scan touching every outcome, plus pings and discovery datagrams.
    static func scan() -> SyntheticTraffic {
        let s = scanner, t1 = t1
        var t = SyntheticTraffic()
        let start = t.now
        t.arp(.request, sender: s, target: t1)  // +0
        t.tcp(from: s, 40022, to: t1, 22, seq: 100, flags: .syn)  // open, data, RST from us
        t.tcp(from: s, 40023, to: t1, 23, seq: 200, flags: .syn)  // closed
        t.tcp(from: s, 40024, to: t1, 24, seq: 300, flags: .syn)  // no answer, retransmitted
        t.tcp(from: s, 40025, to: t1, 25, seq: 400, flags: .syn)  // ICMP unreachable
        t.tcp(from: s, 40080, to: t1, 80, seq: 500, flags: .syn)  // open, FIN close
        t.advance(ms: 1)  // +1 ms
        t.tcp(from: t1, 22, to: s, 40022, seq: 9000, ack: 101, flags: [.syn, .ack])
        t.tcp(from: t1, 23, to: s, 40023, seq: 0, ack: 201, flags: [.rst, .ack])
        let offending = PacketBuilder.ipv4(
            source: s,
            destination: t1,
            protocol: .tcp,
            payload:
                PacketBuilder.tcp(
                    source: s,
                    destination: t1,
                    sourcePort: 40025,
                    destinationPort: 25,
                    sequence: 400,
                    flags: .syn
                )
        )
        t.frame(from: t1, to: s, .icmp, PacketBuilder.icmpError(type: 3, code: 13, quoting: offending))
        t.advance(ms: 1)  // +2 ms
        t.tcp(from: t1, 80, to: s, 40080, seq: 7000, ack: 501, flags: [.syn, .ack])
        t.tcp(from: s, 40022, to: t1, 22, seq: 101, ack: 9001, flags: .ack)
        t.tcp(from: s, 40080, to: t1, 80, seq: 501, ack: 7001, flags: .ack)
        t.tcp(
            from: t1,
            22,
            to: s,
            40022,
            seq: 9001,
            ack: 101,
            flags: [.psh, .ack],
            payload: Array("SSH-2.0-x\r\n".utf8)
        )
        t.tcp(
            from: s,
            40080,
            to: t1,
            80,
            seq: 501,
            ack: 7001,
            flags: [.psh, .ack],
            payload: Array("GET / HTTP/1.0\r\n\r\n".utf8)
        )
        t.advance(ms: 1)  // +3 ms
        t.tcp(from: s, 40022, to: t1, 22, seq: 101, ack: 9012, flags: [.rst, .ack])
        t.tcp(
            from: t1,
            80,
            to: s,
            40080,
            seq: 7001,
            ack: 519,
            flags: [.psh, .ack],
            payload: Array(repeating: 0x41, count: 100)
        )
        t.tcp(from: s, 40080, to: t1, 80, seq: 519, ack: 7101, flags: [.fin, .ack])
        t.tcp(from: t1, 80, to: s, 40080, seq: 7101, ack: 520, flags: [.fin, .ack])
        t.advance(ms: 1)  // +4 ms
        t.tcp(from: s, 40080, to: t1, 80, seq: 520, ack: 7102, flags: .ack)
        // Echo: 2 ms RTT, then a duplicate reply.
        t.frame(from: s, to: t2, .icmp, PacketBuilder.icmpEcho(reply: false, identifier: 7, sequence: 1))
        t.advance(ms: 2)  // +6 ms
        t.frame(from: t2, to: s, .icmp, PacketBuilder.icmpEcho(reply: true, identifier: 7, sequence: 1))
        t.frame(from: t2, to: s, .icmp, PacketBuilder.icmpEcho(reply: true, identifier: 7, sequence: 1))
        // Discovery datagrams.
        let query: [UInt8] = [0, 0, 0, 0, 0, 1, 0, 0, 0, 0, 0, 0, 1, 0x61, 0, 0, 1, 0, 1]
        let response: [UInt8] = [0, 0, 0x84, 0, 0, 0, 0, 0, 0, 0, 0, 0]
        t.udp(from: s, 5353, to: IPv4Address(224, 0, 0, 251), 5353, query)
        t.udp(from: t2, 5353, to: IPv4Address(224, 0, 0, 251), 5353, response)
        t.udp(from: t2, 5353, to: IPv4Address(224, 0, 0, 251), 5353, [1, 2, 3])  // malformed mDNS
        t.udp(
            from: s,
            50000,
            to: IPv4Address(239, 255, 255, 250),
            1900,
            Array("M-SEARCH * HTTP/1.1\r\nST: ssdp:all\r\n\r\n".utf8)
        )
        t.udp(from: t2, 1900, to: s, 50000, Array("HTTP/1.1 200 OK\r\nST: upnp:rootdevice\r\n\r\n".utf8))
        t.udp(from: s, 50001, to: t2, 53, query)
        t.udp(from: s, 50002, to: t2, 9999, [0])
        // A truncated frame: Ethernet + 10 bytes of IPv4.
        let cut = Array(
            PacketBuilder.ethernet(
                destination: SyntheticTraffic.targetMAC,
                source: SyntheticTraffic.scannerMAC,
                type: .ipv4,
                payload: offending
            ).prefix(24)
        )
        t.packets.append(CapturedPacket(timestamp: t.now, originalLength: 74, data: cut))
        // Retransmit of port 24 at +1 s; a new attempt on port 24's 4-tuple with another ISN at +1.5 s.
        t.now = start + 1_000_000_000
        t.tcp(from: s, 40024, to: t1, 24, seq: 300, flags: .syn)
        t.now = start + 1_500_000_000
        t.tcp(from: s, 40024, to: t1, 24, seq: 333, flags: .syn)
        t.now = start + 10_000_000_000
        t.arp(.request, sender: s, target: t2)  // capture ends at +10 s
        return t
    }

    static func analyze(scanner: IPv4Address? = WireAnalyzerTests.scanner) -> WireAnalysis {
        WireAnalyzer.analyze(packets: scan().packets, options: AnalysisOptions(scanner: scanner))
    }

    @Test func outcomesRetransmissionsAndEndings() throws {
        let analysis = Self.analyze()
        let byPort = Dictionary(grouping: analysis.attempts, by: \.targetPort)
        #expect(analysis.tcp.attempts == 6)
        #expect(analysis.tcp.synTransmissions == 7)
        #expect(analysis.tcp.synRetransmissions == 1)
        #expect(
            analysis.tcp.open == 2 && analysis.tcp.closed == 1 && analysis.tcp.unreachable == 1
                && analysis.tcp.noAnswer == 2
        )
        let ssh = try #require(byPort[22]?.first)
        #expect(ssh.outcome == .open && ssh.handshakeCompleted && ssh.ending == .rstFromScanner)
        #expect(ssh.bytesFromTarget == 11 && ssh.bytesFromInitiator == 0)
        #expect(ssh.rtt == 1_000_000)
        #expect(ssh.zeekState == "RSTO")
        let closed = try #require(byPort[23]?.first)
        #expect(closed.outcome == .closed && closed.zeekState == "REJ" && closed.rtt == 1_000_000)
        let unreachable = try #require(byPort[25]?.first)
        #expect(unreachable.outcome == .unreachable && unreachable.icmpCode == 13)
        let web = try #require(byPort[80]?.first)
        #expect(web.ending == .fin && web.zeekState == "SF")
        #expect(web.bytesFromInitiator == 18 && web.bytesFromTarget == 100)
        #expect(web.endedAt - web.firstSynAt == 4_000_000)  // the final ACK
        let silent = try #require(byPort[24])
        #expect(silent.count == 2)
        #expect(silent[0].synTransmissions == 2 && silent[0].rtt == nil && silent[0].zeekState == "S0")
        #expect(silent[0].ending == .abandoned)
        #expect(silent[0].endedAt - silent[0].firstSynAt == 1_500_000_000)  // superseded by the new ISN
        #expect(silent[1].endedAt - silent[1].firstSynAt == 3_000_000_000)  // last SYN + 3 s
        #expect(analysis.tcp.endedByFin == 1 && analysis.tcp.endedByRstFromScanner == 1)
        #expect(analysis.tcp.handshakesCompleted == 2 && analysis.tcp.connectionsWithData == 2)
    }

    @Test func inFlightSeriesAndPeak() {
        let analysis = Self.analyze()
        // At +0 five attempts start; closed and unreachable end at +1 ms.
        #expect(analysis.attemptsInFlight.peak == 5)
        #expect(analysis.attemptsInFlight.peakAt == Self.scan().packets[0].timestamp)
        let start = Self.scan().packets[0].timestamp
        #expect(analysis.attemptsInFlight.value(at: start + 1_000_000) == 3)
        #expect(analysis.attemptsInFlight.value(at: start + 3_000_000) == 2)  // port 80 and 24
        #expect(analysis.attemptsInFlight.value(at: start + 5_000_000) == 1)  // port 24 only
        #expect(analysis.attemptsInFlight.value(at: start + 9_000_000_000) == 0)
        #expect(analysis.awaitingAnswer.value(at: start + 1_500_000) == 2)  // ports 24 and 80
        #expect(analysis.connectionsInFlight.peak == 2)
    }

    @Test func protocolCountersAndDirections() {
        let analysis = Self.analyze()
        let all = analysis.totals
        #expect(all.packets == Self.scan().packets.count)
        #expect(all.arpRequests == 2)
        #expect(all.tcpSyn == 7 && all.tcpSynAck == 2 && all.tcpRst == 2 && all.tcpFin == 2)
        #expect(all.icmpEchoRequests == 1 && all.icmpEchoReplies == 2 && all.icmpUnreachable == 1)
        #expect(all.mdnsQueries == 1 && all.mdnsResponses == 1 && all.mdnsMalformed == 1)
        #expect(all.ssdpSearches == 1 && all.ssdpResponses == 1)
        #expect(all.dnsQueries == 1 && all.udpOther == 1)
        #expect(all.malformed == 1 && all.malformedByLayer == ["ipv4": 1])
        #expect(analysis.fromScanner.tcpSyn == 7 && analysis.fromOthers.tcpSyn == 0)
        #expect(analysis.fromScanner.packets + analysis.fromOthers.packets == all.packets)
        #expect(analysis.duplicateEchoReplies == 1)
    }

    @Test func rttsPerTarget() throws {
        let analysis = Self.analyze()
        let echo = try #require(analysis.rttByTarget.first { $0.target == Self.t2 }?.icmpEcho)
        #expect(echo.count == 1 && echo.median == 2_000_000)
        let syn = try #require(analysis.rttByTarget.first { $0.target == Self.t1 }?.tcpSyn)
        #expect(syn.count == 3)  // ports 22, 23, 80; an ICMP answer is not a target RTT
        #expect(syn.min == 1_000_000 && syn.max == 2_000_000)
    }

    @Test func windowsCountHalfOpenIntervals() {
        let analysis = Self.analyze()
        let start = Self.scan().packets[0].timestamp
        let windows = analysis.traffic(in: [
            TimeWindow(label: "first ms", start: start, end: start + 1_000_000),
            TimeWindow(label: "late", start: start + 1_000_000_000, end: start + 20_000_000_000),
            TimeWindow(label: "empty", start: 0, end: 1),
        ])
        #expect(windows[0].all.packets == 6 && windows[0].all.tcpSyn == 5 && windows[0].all.arpRequests == 1)
        #expect(windows[1].all.packets == 3 && windows[1].all.tcpSyn == 2)
        #expect(windows[2].all.packets == 0)
        #expect(windows[0].window.label == "first ms")
    }

    @Test func infersTheScannerAndSaysSo() throws {
        var traffic = Self.scan()
        traffic.tcp(from: Self.t2, 1234, to: Self.t1, 80, seq: 1, flags: .syn)  // one SYN from someone else
        let analysis = WireAnalyzer.analyze(packets: traffic.packets)
        let inference = try #require(analysis.scannerInference)
        #expect(inference.address == Self.scanner)
        #expect(inference.synsSent == 7 && inference.arpRequestsSent == 2 && inference.echoRequestsSent == 1)
        #expect(inference.reason.contains("--scanner"))
        #expect(analysis.tcp.attempts == 6)  // the other host's attempt is not the scanner's
    }

    @Test func windowsAndTotalsAgreeOnAFullWindow() {
        let analysis = Self.analyze()
        let whole = analysis.traffic(in: [TimeWindow(start: .min, end: .max)])
        #expect(whole[0].all == analysis.totals)
    }

    @Test("summing two sets of protocol counters adds every count (a counter left out of the sum would read 1, not 2)")
    func countersAddEveryField() throws {
        // Every integer count set to 1 through the JSON form, so a counter added later is covered.
        var fields = try #require(
            try JSONSerialization.jsonObject(with: JSONEncoder().encode(ProtocolCounters())) as? [String: Any]
        )
        for (key, value) in fields where value is Int { fields[key] = 1 }
        fields["malformed_by_layer"] = ["tcp": 1]
        var counters = try JSONDecoder().decode(
            ProtocolCounters.self,
            from: JSONSerialization.data(withJSONObject: fields)
        )
        counters.add(counters)
        let summed = try #require(
            try JSONSerialization.jsonObject(with: JSONEncoder().encode(counters)) as? [String: Any]
        )
        let counts = summed.filter { $0.value is Int }
        #expect(counts.count >= 30)
        for (key, value) in counts { #expect(value as? Int == 2, "\(key)") }
        #expect((summed["malformed_by_layer"] as? [String: Int]) == ["tcp": 2])
    }

    @Test("a capture file's frames, decoded where libpcap leaves them, give the analysis their in-memory slices give")
    func borrowedFramesMatchSlices() throws {
        var traffic = Self.scan()
        let query: [UInt8] =
            [0, 0, 0, 0, 0, 1, 0, 0, 0, 0, 0, 0] + [5] + Array("_http".utf8) + [4] + Array("_tcp".utf8)
            + [5] + Array("local".utf8) + [0, 0, 12, 0, 1]  // PTR _http._tcp.local
        traffic.udp(from: Self.scanner, 5353, to: IPv4Address(224, 0, 0, 251), 5353, query)
        traffic.udp(
            from: Self.t1,
            1900,
            to: Self.scanner,
            50_000,
            Array("HTTP/1.1 200 OK\r\nST: upnp:rootdevice\r\n\r\n".utf8)
        )
        traffic.udp(from: Self.scanner, 40_000, to: Self.t1, 53, [0x12])  // malformed DNS
        var cut = traffic.packets[1]  // a SYN cut inside TCP
        cut.data = Array(cut.data.prefix(40))
        traffic.packets.append(cut)
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("borrowed-\(getpid()).pcap").path
        defer { try? FileManager.default.removeItem(atPath: path) }
        let writer = try PcapFileWriter(path: path)
        for packet in traffic.packets { try writer.write(packet) }
        try writer.close()
        // Host tracking reads borrowed frames through a reused copy: the third path.
        for (scanner, tracksHosts) in [(Self.scanner, false), (nil, false), (Self.scanner, true)] {
            let options = AnalysisOptions(scanner: scanner, tracksHosts: tracksHosts)
            let slices = WireAnalyzer.analyze(packets: traffic.packets, options: options)
            let borrowed = try WireAnalyzer.analyze(file: path, options: options)
            let encoder = JSONEncoder()
            encoder.outputFormatting = .sortedKeys
            let base = WireAnalyzer.analyze(packets: Self.scan().packets, options: options).totals
            #expect(
                borrowed.totals.malformed == base.malformed + 1 && borrowed.totals.dnsMalformed == base.dnsMalformed + 1
            )
            #expect(
                borrowed.totals.mdnsQueries == base.mdnsQueries + 1
                    && borrowed.totals.ssdpResponses == base.ssdpResponses + 1
            )
            #expect(try encoder.encode(borrowed) == encoder.encode(slices), "scanner \(String(describing: scanner))")
        }
    }
}
