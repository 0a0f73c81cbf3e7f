import Foundation
import Testing
@testable import Capture
import Wire

/// Real traffic in a throwaway two-namespace LAN, captured with `LiveCapture` in namespace a,
/// then analysed and compared with tshark on the same file.
@Suite("Live capture (integration)", .tags(.integration), .serialized, .enabled(if: CaptureLab.isUsable))
struct LiveCaptureIntegrationTests {
    static let scanner = IPv4Address(CaptureLab.addressA)!
    static let target = IPv4Address(CaptureLab.addressB)!

    static func temporaryPcap() -> String {
        FileManager.default.temporaryDirectory.appendingPathComponent("scanbench-captest-\(UUID().uuidString).pcap").path
    }

    static func waitForListener(_ lab: CaptureLab, port: Int) async throws {
        for _ in 0..<100 {
            let listening = try lab.exec(lab.namespaceB, ["ss", "-ltnH"], check: false).stdout
            if listening.contains("\(CaptureLab.addressB):\(port)") { return }
            try await Task.sleep(for: .milliseconds(30))
        }
        Issue.record("the banner server never listened on port \(port)")
    }

    @Test(.timeLimit(.minutes(3)))
    func countsEqualTsharksOnTheSameFile() async throws {
        let path = Self.temporaryPcap()
        defer { try? FileManager.default.removeItem(atPath: path) }
        let (analysis, statistics) = try await CaptureLab.with { lab in
            let server = try lab.spawn(lab.namespaceB, ["python3", "-c",
                LabScripts.bannerServer(address: CaptureLab.addressB, ports: [22, 8080])])
            // SIGKILL: children of test threads inherit a mask that blocks SIGTERM.
            defer { kill(server.processIdentifier, SIGKILL); server.waitUntilExit() }
            try await Self.waitForListener(lab, port: 8080)

            let capture = try await LiveCapture.start(LiveCaptureConfiguration(
                interface: lab.interfaceA, namespace: lab.namespaceA, outputPath: path))
            let a = lab.namespaceA, b = lab.namespaceB
            try lab.exec(a, ["nmap", "-sT", "-Pn", "-n", "-p", "20-25,80,443,8080,9000-9010", CaptureLab.addressB])
            try lab.exec(a, ["ping", "-n", "-c", "5", "-i", "0.05", CaptureLab.addressB])
            try lab.exec(a, ["ping", "-n", "-c", "1", "-W", "1", CaptureLab.absentAddress], check: false)
            try lab.exec(a, ["python3", "-c", LabScripts.politeClient(address: CaptureLab.addressB, port: 8080)])
            try lab.exec(a, ["python3", "-c", LabScripts.discoveryQueries(source: CaptureLab.addressA, count: 3)])
            try lab.exec(b, ["python3", "-c", LabScripts.discoveryAnswers(
                source: CaptureLab.addressB, scanner: CaptureLab.addressA, port: 50999, count: 2)])
            try await Task.sleep(for: .milliseconds(300))
            let result = try await capture.stop()
            let analysis = try WireAnalyzer.analyze(file: path, options: AnalysisOptions(scanner: Self.scanner))
            return (analysis, result.statistics)
        }

        #expect(statistics.dropped == 0)
        #expect(statistics.captured == analysis.totals.packets)
        let t = analysis.totals
        let comparisons: [(String, Int, String)] = [
            ("frames", t.packets, "frame"),
            ("SYN", t.tcpSyn, "tcp.flags.syn==1 && tcp.flags.ack==0 && !icmp"),
            ("SYN/ACK", t.tcpSynAck, "tcp.flags.syn==1 && tcp.flags.ack==1 && !icmp"),
            ("RST", t.tcpRst, "tcp.flags.reset==1 && !icmp"),
            ("FIN", t.tcpFin, "tcp.flags.fin==1 && !icmp"),
            ("ICMP echo requests", t.icmpEchoRequests, "icmp.type==8"),
            ("ICMP echo replies", t.icmpEchoReplies, "icmp.type==0"),
            ("ICMP unreachable", t.icmpUnreachable, "icmp.type==3"),
            ("ARP requests", t.arpRequests, "arp.opcode==1"),
            ("ARP replies", t.arpReplies, "arp.opcode==2"),
            ("mDNS", t.mdnsPackets, "mdns && !icmp"),
            ("SSDP", t.ssdpPackets, "ssdp && !icmp"),
        ]
        var report: [String] = []
        for (name, ours, filter) in comparisons {
            let theirs = try Tshark.count(path, filter: filter)
            report.append("\(name): ours \(ours), tshark \(theirs)")
            #expect(ours == theirs, "\(name): ours \(ours) vs tshark \(theirs) (filter \(filter))")
        }
        print("capture vs tshark: " + report.joined(separator: "; ") + "; drops \(statistics.dropped)")

        // The traffic itself: what nmap and the clients must have produced.
        #expect(t.tcpSyn >= 20)
        #expect(t.icmpEchoRequests == 5 && t.icmpEchoReplies == 5)
        #expect(t.arpRequests >= 1)
        #expect(t.mdnsQueries == 3 && t.mdnsResponses == 2)
        #expect(t.ssdpSearches == 3 && t.ssdpResponses == 2)
        #expect(analysis.tcp.open == 3)        // nmap 22 and 8080, plus the polite client's 8080
        #expect(analysis.tcp.closed == analysis.tcp.attempts - 3)
        #expect(analysis.tcp.endedByFin >= 1)
        #expect(analysis.tcp.handshakesCompleted == 3)
        #expect(analysis.tcp.bytesToScanner >= 19)   // the polite client reads its banner; nmap may reset before reading one
        #expect(analysis.attemptsInFlight.peak >= 1)
        #expect(analysis.fromOthers.tcpSyn == 0)
    }

    @Test(.timeLimit(.minutes(2)))
    func wireRTTsAgreeWithPing() async throws {
        let (analysis, pingOutput) = try await CaptureLab.with { lab in
            let capture = try await LiveCapture.start(LiveCaptureConfiguration(
                interface: lab.interfaceA, namespace: lab.namespaceA, keepsPackets: true))
            let ping = try lab.exec(lab.namespaceA, ["ping", "-n", "-c", "20", "-i", "0.05", CaptureLab.addressB])
            try await Task.sleep(for: .milliseconds(100))
            let result = try await capture.stop()
            #expect(result.statistics.dropped == 0)
            return (WireAnalyzer.analyze(packets: result.packets, linkType: result.linkType,
                                         options: AnalysisOptions(scanner: Self.scanner)), ping.stdout)
        }
        // "64 bytes from 198.19.77.2: icmp_seq=3 ttl=64 time=0.051 ms"
        var pingRTT: [UInt16: Double] = [:]
        for line in pingOutput.split(separator: "\n") {
            guard let seqRange = line.range(of: "icmp_seq="), let timeRange = line.range(of: "time=") else { continue }
            let seq = UInt16(line[seqRange.upperBound...].prefix { $0.isNumber })
            let ms = Double(line[timeRange.upperBound...].prefix { $0.isNumber || $0 == "." })
            if let seq, let ms { pingRTT[seq] = ms }
        }
        #expect(pingRTT.count == 20)
        let wire = analysis.rttSamples.filter { $0.kind == .icmpEcho && $0.target == Self.target }
        #expect(wire.count == 20)
        var differences: [Double] = []
        for sample in wire {
            guard let printed = pingRTT[sample.detail] else { continue }
            differences.append(abs(printed - Double(sample.rtt) / 1e6))
        }
        #expect(differences.count == 20)
        let median = differences.sorted()[differences.count / 2]
        let pingMedian = pingRTT.values.sorted()[pingRTT.count / 2]
        let wireMedian = Double(wire.map(\.rtt).sorted()[wire.count / 2]) / 1e6
        print(String(format: "wire RTT vs ping: median |difference| %.4f ms; medians ping %.4f ms, wire %.4f ms",
                     median, pingMedian, wireMedian))
        #expect(median < 0.3)
        #expect(abs(pingMedian - wireMedian) < 0.3)
    }

    @Test(.timeLimit(.minutes(2)))
    func normalCaptureReportsZeroDropsAndEveryPacket() async throws {
        let statistics = try await CaptureLab.with { lab in
            let capture = try await LiveCapture.start(LiveCaptureConfiguration(
                interface: lab.interfaceA, namespace: lab.namespaceA, filter: "icmp", keepsPackets: true))
            try lab.exec(lab.namespaceA, ["ping", "-n", "-q", "-c", "300", "-i", "0.002", CaptureLab.addressB])
            let result = try await capture.stop()
            #expect(result.packets.count == 600)   // the filter kept only the echoes
            #expect(result.packets.allSatisfy { $0.data.count == $0.originalLength })
            return result.statistics
        }
        #expect(statistics.captured == 600)
        #expect(statistics.droppedByKernel == 0 && statistics.droppedByInterface == 0)
    }

    @Test func errorsAreReportedNotCrashes() async throws {
        await #expect(throws: CaptureError.namespaceUnavailable(name: "scanbench-captest-missing", errno: ENOENT)) {
            _ = try await LiveCapture.start(LiveCaptureConfiguration(interface: "lo", namespace: "scanbench-captest-missing"))
        }
        try await CaptureLab.with { lab in
            await #expect(throws: CaptureError.self) {
                _ = try await LiveCapture.start(LiveCaptureConfiguration(
                    interface: lab.interfaceA, namespace: lab.namespaceA, filter: "tcp and and"))
            }
            await #expect(throws: CaptureError.self) {
                _ = try await LiveCapture.start(LiveCaptureConfiguration(interface: "nonexistent0", namespace: lab.namespaceA))
            }
            let capture = try await LiveCapture.start(LiveCaptureConfiguration(interface: lab.interfaceA, namespace: lab.namespaceA))
            _ = try await capture.stop()
            await #expect(throws: CaptureError.notRunning) { _ = try await capture.stop() }
        }
    }
}
