import Foundation
import Spawn
import Testing
@testable import CaptureFiles
@testable import CaptureAnalysis
import Wire

/// The effective process (the one a socket sends for: a daemon delegating for an app) in each
/// iPhone capture route — Apple pcapng (EPB option 0x8003), pymobiledevice3's comment
/// (`EPID`/`EProcName`), PKTAP (`pth_epid`/`pth_ecomm`) — and `--process` keeping packets by it.
@Suite("effective process and --process")
struct EffectiveProcessTests {
    /// Owns the socket of the delegated packets.
    static let daemon = PacketProcess(pid: 97, name: "mDNSResponder")!
    /// The effective process of the delegated packets, and the owner of one packet of its own.
    static let app = PacketProcess(pid: 412, name: "NetMonitor")!

    /// The sample packets, each sent by the daemon for the app, then the first again sent by the
    /// app itself: three delegated packets and one of the app's own.
    static func packets() -> [(packet: CapturedPacket, delegated: Bool)] {
        let samples = PcapFileTests.samplePackets()
        var own = samples[0]
        own.timestamp = samples[2].timestamp + 1_000
        return samples.map { ($0, true) } + [(own, false)]
    }

    /// The same four packets as each route writes them: (route, file suffix, bytes).
    static func captures() throws -> [(route: String, suffix: String, bytes: [UInt8])] {
        var apple = PcapngBuilder(application: "tcpdump")
        let en0 = apple.addInterface(linkType: 1, name: "en0")
        let daemonPIB = apple.addProcess(daemon)
        let appPIB = apple.addProcess(app)
        var pmd3 = PcapngBuilder(application: "pymobiledevice3")
        let fake = pmd3.addInterface(linkType: 1, nanosecondTimestamps: false)
        let pktapPath = PcapFileTests.temporaryPath(".pcap")
        defer { try? FileManager.default.removeItem(atPath: pktapPath) }
        let pktap = try PcapFileWriter(path: pktapPath, linkType: .pktap)
        for (packet, delegated) in packets() {
            apple.addPacket(
                interface: en0,
                timestamp: packet.timestamp,
                data: packet.data,
                processIndex: delegated ? daemonPIB : appPIB,
                effectiveProcessIndex: appPIB
            )
            pmd3.addPacket(
                interface: fake,
                timestamp: packet.timestamp,
                nanosecondUnits: false,
                data: packet.data,
                comment: (delegated ? daemon : app).pymobiledevice3Comment(effective: app)
            )
            let wrapped = LinkEncapsulation.pktap(
                packet.data,
                process: delegated ? daemon : app,
                effective: app,
                outbound: true
            )
            try pktap.write(CapturedPacket(timestamp: packet.timestamp, originalLength: wrapped.count, data: wrapped))
        }
        try pktap.close()
        let pktapBytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: pktapPath)))
        return [
            ("Apple pcapng", ".pcapng", apple.bytes), ("pymobiledevice3 pcapng", ".pcapng", pmd3.bytes),
            ("PKTAP pcap", ".pcap", pktapBytes),
        ]
    }

    static func write(_ bytes: [UInt8], suffix: String) throws -> String {
        let path = PcapFileTests.temporaryPath(suffix)
        try Data(bytes).write(to: URL(fileURLWithPath: path))
        return path
    }

    @Test func everyRouteReadsTheEffectiveProcessOnlyWhereItDiffers() throws {
        for capture in try Self.captures() {
            let path = try Self.write(capture.bytes, suffix: capture.suffix)
            defer { try? FileManager.default.removeItem(atPath: path) }
            var owners: [(PacketProcess?, PacketProcess?)] = []
            try CaptureFile(path: path).forEach(wantsProcess: true) { owners.append(($0.process, $0.effectiveProcess)) }
            #expect(owners.map(\.0) == [Self.daemon, Self.daemon, Self.daemon, Self.app], "\(capture.route)")
            #expect(owners.map(\.1) == [Self.app, Self.app, Self.app, nil], "\(capture.route)")
        }
    }

    @Test func processKeepsPacketsByOwnerOrEffectiveProcessAndCountsTheEffectiveOnes() throws {
        for capture in try Self.captures() {
            let path = try Self.write(capture.bytes, suffix: capture.suffix)
            defer { try? FileManager.default.removeItem(atPath: path) }

            // The app: its own packet and the three the daemon sent for it.
            let app = try WireAnalyzer.analyze(captureFile: path, process: "netmonitor")
            let appFilter = try #require(app.captureFile?.processFilter)
            #expect(appFilter.matched == 4 && appFilter.matchedByEffectiveOnly == 3, "\(capture.route)")
            #expect(appFilter.otherProcesses.isEmpty && appFilter.withoutProcess == 0, "\(capture.route)")
            #expect(
                app.totals.packets == 4 && app.totals.tcpSyn == 2 && app.totals.arpRequests == 1,
                "\(capture.route)"
            )

            // The daemon: the three packets it owns, none by delegation; the app's own left out.
            let daemon = try WireAnalyzer.analyze(captureFile: path, process: "mDNSResponder")
            let daemonFilter = try #require(daemon.captureFile?.processFilter)
            #expect(daemonFilter.matched == 3 && daemonFilter.matchedByEffectiveOnly == 0, "\(capture.route)")
            #expect(daemonFilter.otherProcesses == ["NetMonitor": 1], "\(capture.route)")
            #expect(daemon.totals.packets == 3, "\(capture.route)")

            // Any other name: nothing kept, every packet counted under its owner.
            let other = try WireAnalyzer.analyze(captureFile: path, process: "Safari")
            let otherFilter = try #require(other.captureFile?.processFilter)
            #expect(otherFilter.matched == 0 && otherFilter.matchedByEffectiveOnly == 0, "\(capture.route)")
            #expect(otherFilter.otherProcesses == ["mDNSResponder": 3, "NetMonitor": 1], "\(capture.route)")
            #expect(other.totals.packets == 0, "\(capture.route)")
        }
    }

    @Test func theSummarySaysHowManyPacketsWereKeptOnlyAsTheEffectiveProcess() throws {
        var summary = ProcessFilterSummary(process: "NetMonitor")
        summary.matched = 4
        summary.matchedByEffectiveOnly = 3
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        let json = String(decoding: try encoder.encode(summary), as: UTF8.self)
        #expect(
            json
                == #"{"matched":4,"matched_by_effective_only":3,"other_processes":{},"process":"NetMonitor","without_process":0}"#
        )
    }

    /// Apple's options in a hostile file: 0x8003 (and 0x8001) shorter than 4 bytes, or naming a
    /// process block that does not exist, name nothing; the packet is read, nothing crashes.
    @Test func aShortOrOutOfRangeEffectiveIndexNamesNothing() throws {
        let packets = PcapFileTests.samplePackets()
        var builder = PcapngBuilder()
        let en0 = builder.addInterface(linkType: 1)
        let daemonPIB = builder.addProcess(Self.daemon)
        builder.addPacket(
            interface: en0,
            timestamp: packets[0].timestamp,
            data: packets[0].data,
            processIndex: daemonPIB,
            extraOptions: [(0x8003, [1, 0])]
        )  // 2 bytes
        builder.addPacket(
            interface: en0,
            timestamp: packets[1].timestamp,
            data: packets[1].data,
            processIndex: daemonPIB,
            effectiveProcessIndex: 99
        )  // no PIB 99
        builder.addPacket(
            interface: en0,
            timestamp: packets[2].timestamp,
            data: packets[2].data,
            extraOptions: [(0x8003, []), (0x8001, [0, 0, 0])]
        )  // empty, 3 bytes
        builder.addPacket(
            interface: en0,
            timestamp: packets[2].timestamp,
            data: packets[2].data,
            processIndex: daemonPIB,
            effectiveProcessIndex: 0xFFFF_FFFF
        )
        let path = try Self.write(builder.bytes, suffix: ".pcapng")
        defer { try? FileManager.default.removeItem(atPath: path) }
        var owners: [(PacketProcess?, PacketProcess?)] = []
        try CaptureFile(path: path).forEach(wantsProcess: true) { owners.append(($0.process, $0.effectiveProcess)) }
        #expect(owners.map(\.0) == [Self.daemon, Self.daemon, nil, Self.daemon])
        #expect(owners.allSatisfy { $0.1 == nil })
        let analysis = try WireAnalyzer.analyze(captureFile: path, process: "NetMonitor")
        #expect(analysis.captureFile?.damage == nil && analysis.captureFile?.processFilter?.matched == 0)
        #expect(analysis.captureFile?.processFilter?.otherProcesses == ["mDNSResponder": 3])
    }

    @Test func pymobiledeviceCommentsWithAndWithoutAnEffectiveProcess() {
        let delegated = PacketProcess.owners(
            pymobiledevice3Comment: Self.daemon.pymobiledevice3Comment(effective: Self.app)
        )
        #expect(delegated?.process == Self.daemon && delegated?.effective == Self.app)
        #expect(
            Self.daemon.pymobiledevice3Comment(effective: Self.app)
                == "PID: 97, ProcName: mDNSResponder, EPID: 412, EProcName: NetMonitor, SVC: 0"
        )
        let own = PacketProcess.owners(pymobiledevice3Comment: Self.app.pymobiledevice3Comment)
        #expect(own?.process == Self.app && own?.effective == nil)
        // Cut before or inside the effective fields: the owner alone.
        let cut = PacketProcess.owners(pymobiledevice3Comment: "PID: 97, ProcName: mDNSResponder, EPID: x")
        #expect(cut?.process == Self.daemon && cut?.effective == nil)
        // No owner, an effective process: kept as the effective one.
        let orphan = PacketProcess.owners(
            pymobiledevice3Comment: "PID: 0, ProcName: , EPID: 412, EProcName: NetMonitor, SVC: 0"
        )
        #expect(orphan?.process == nil && orphan?.effective == Self.app)
        #expect(PacketProcess.owners(pymobiledevice3Comment: "captured on en0") == nil)
    }

    @Test func pktapVersionTwoEffectiveProcess() throws {
        // PKTAP v2 (flag 0x80000): pid at 28, e_pid at 32, comm and e_comm at the offsets in bytes 4 and 5.
        var v2 = [UInt8](repeating: 0, count: 72)
        v2[0] = 72; v2[4] = 40; v2[5] = 56; v2[6] = 1
        v2[28] = 97  // pid 97
        v2[32] = 0x9C; v2[33] = 0x01  // e_pid 412
        v2[38] = 0x08  // flags 0x80000
        for (i, byte) in "mDNSResponder".utf8.enumerated() { v2[40 + i] = byte }
        for (i, byte) in "NetMonitor".utf8.enumerated() { v2[56 + i] = byte }
        let header = try #require((v2 + PcapFileTests.samplePackets()[0].data).withUnsafeBytes { PKTAPHeader($0) })
        #expect(header.process == Self.daemon && header.effectiveProcess == Self.app)
        // An e_comm offset past the header names no effective name; the pid alone still differs.
        v2[5] = 200
        let outside = try #require((v2 + PcapFileTests.samplePackets()[0].data).withUnsafeBytes { PKTAPHeader($0) })
        #expect(outside.effectiveProcess == PacketProcess(pid: 412, name: ""))
    }

    /// tshark reads each file we write; for PKTAP it shows the owner and the effective process
    /// where Apple's header has them, and for Apple pcapng it reads option 0x8003 as the
    /// effective process block's index — so the writers put the fields where Wireshark does.
    @Test(.enabled(if: (try? ExecutableSearch.locate("tshark")) != nil))
    func tsharkReadsEveryRouteAndAgreesOnTheEffectiveProcess() throws {
        for capture in try Self.captures() {
            let path = try Self.write(capture.bytes, suffix: capture.suffix)
            defer { try? FileManager.default.removeItem(atPath: path) }
            let first = try ChildProcess.run(["tshark", "-r", path, "-c", "1"], timeout: 60)
            #expect(first.status == 0, "\(capture.route): \(first.stderr)")
        }
        let captures = try Self.captures()
        // tshark's file-format dissector names Apple's options: 0x8001 "DPEB ID", 0x8003
        // "Effective DPED ID", each a process block index (the daemon is 0, the app 1).
        let apple = try Self.write(captures[0].bytes, suffix: ".pcapng")
        defer { try? FileManager.default.removeItem(atPath: apple) }
        let options = try ChildProcess.run(
            [
                "tshark", "-X", "read_format:MIME Files Format", "-r", apple, "-T", "fields",
                "-e", "pcapng.darwin.process_name",
                "-e", "pcapng.options.option.data.packet.darwin.dpeb_id",
                "-e", "pcapng.options.option.data.packet.darwin.edpeb_id",
            ],
            timeout: 60
        )
        #expect(options.status == 0)
        #expect(
            options.stdout.trimmingCharacters(in: .whitespacesAndNewlines)
                == "mDNSResponder,NetMonitor\t0,0,0,1\t1,1,1,1"
        )
        let pktap = try Self.write(captures[2].bytes, suffix: ".pcap")
        defer { try? FileManager.default.removeItem(atPath: pktap) }
        let fields = try ChildProcess.run(
            [
                "tshark", "-r", pktap, "-T", "fields", "-e", "pktap.pid", "-e", "pktap.cmdname",
                "-e", "pktap.epid", "-e", "pktap.ecmdname",
            ],
            timeout: 60
        )
        #expect(fields.status == 0)
        #expect(
            fields.stdout.split(separator: "\n") == [
                "97\tmDNSResponder\t412\tNetMonitor", "97\tmDNSResponder\t412\tNetMonitor",
                "97\tmDNSResponder\t412\tNetMonitor", "412\tNetMonitor\t412\tNetMonitor",
            ]
        )
    }
}
