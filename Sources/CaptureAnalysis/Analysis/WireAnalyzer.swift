import CaptureFiles
import Wire

/// Decodes captured frames one by one and accumulates everything `WireAnalysis` reports.
///
/// Feed frames in capture order with `add`, then call `finish()`. Decoding never traps: a frame
/// that some layer cannot decode is counted as malformed (by layer) and otherwise ignored.
///
/// Frames are folded as they come: counters per source address (the scanner may only be known
/// at the end), probe tallies, ARP requests per (sender, target), and frame times as runs for
/// the radio model; nothing is kept per frame unless `keepsFrameRecords` (for `traffic(in:)`).
///
/// ```swift
/// let analysis = try WireAnalyzer.analyze(file: "run.pcap", options: .init(scanner: scannerIP))
/// print(analysis.tcp.attempts, analysis.attemptsInFlight.peak)
/// ```
public struct WireAnalyzer: Sendable {
    public let options: AnalysisOptions
    /// The link type of the frames being added; may change between frames (a pcapng file whose
    /// interfaces differ in link type, see `analyze(captureFile:)`).
    public var linkType: LinkType
    /// Whether a 24-byte record is kept per frame, which only `WireAnalysis.traffic(in:)` needs.
    public let keepsFrameRecords: Bool
    private var records: [PacketRecord] = []
    private var inOrder = true
    private var tcp: TCPTracker
    private var echo: EchoTracker
    /// The newest frame time so far: the clock that retires finished TCP attempts.
    private var newest = Int64.min
    private(set) var addresses = AddressTable(empty: AddressTally())
    /// Where the given scanner's tally is in `addresses`, once it has one (half the frames of a
    /// scan are to it).
    private var scannerIndex: Int?
    private var frames = FrameTimeline()
    private var arpRequests: [UInt64: Int] = [:]
    private var hosts = HostActivity()
    /// The given scanner's frames by length, for the airtime estimate (`AirtimeTally`).
    private var airtime = AirtimeTally()
    /// The 802.11 transmitters, when frames of an 802.11 link type were added.
    private var wlan: WLANStations?
    /// The reused copy of a borrowed frame, when host tracking needs it as a slice.
    private var scratch: [UInt8] = []
    /// Whether the caller can read the capture again for the scanner's unicast runs
    /// (`ScannerRunsReplay`), so an address's runs may be dropped while it has sent no probe. The
    /// file analyses set it; frames handed over one by one keep every address's runs.
    var dropsUnprovenRuns = false
    /// The runs an address's unicast frames may make while it has sent no probe before they are
    /// no longer kept: 16 KiB. A scan's targets answer and never probe, so on an evening's capture
    /// of one /24 their runs (one a sweep) were most of the analysis's memory; a phone's own
    /// traffic before it starts scanning rarely makes a thousand bursts, and when it does the
    /// scanner's runs are read again.
    static let unprovenRunLimit = 1_024

    /// - Parameters:
    ///   - options: scanner address (or nil to infer), abandonment timeout.
    ///   - linkType: the link-layer type of the frames that will be added.
    ///   - keepsFrameRecords: keep a record per frame so the analysis can count arbitrary time
    ///     windows (`traffic(in:)`); memory then grows by 24 bytes a frame.
    public init(
        options: AnalysisOptions = AnalysisOptions(),
        linkType: LinkType = .ethernet,
        keepsFrameRecords: Bool = false
    ) {
        self.options = options
        self.linkType = linkType
        self.keepsFrameRecords = keepsFrameRecords
        tcp = TCPTracker(
            abandonAfter: options.abandonAfter,
            folds: TCPAttemptFolds(
                only: options.scanner?.value,
                listsAttempts: options.keepsAttempts,
                abandonAfter: options.abandonAfter
            )
        )
        echo = EchoTracker(keepsSamples: options.keepsAttempts, duplicateWindow: options.abandonAfter)
    }

    /// The analysis's scanner when its unicast runs were dropped before it probed
    /// (`dropsUnprovenRuns`): the caller must read them again (`ScannerRunsReplay`).
    func scannerWithDroppedRuns(in analysis: WireAnalysis) -> IPv4Address? {
        guard let scanner = analysis.scanner, addresses.value(of: scanner.value)?.tracksUnicast == false else {
            return nil
        }
        return scanner
    }

    /// Analyses packets already in memory, keeping frame records (the packets are in memory
    /// anyway), so `traffic(in:)` works on the result.
    public static func analyze(
        packets: [CapturedPacket],
        linkType: LinkType = .ethernet,
        options: AnalysisOptions = AnalysisOptions()
    ) -> WireAnalysis {
        var analyzer = WireAnalyzer(options: options, linkType: linkType, keepsFrameRecords: true)
        for packet in packets { analyzer.add(packet) }
        return analyzer.finish()
    }

    /// Adds one captured frame.
    public mutating func add(_ packet: CapturedPacket) {
        add(timestamp: packet.timestamp, originalLength: packet.originalLength, bytes: packet.data[...])
    }

    /// Adds one captured frame.
    ///
    /// - Parameters:
    ///   - timestamp: capture time, ns since the Unix epoch.
    ///   - originalLength: the length on the wire (counted in `bytes`).
    ///   - bytes: the captured bytes, starting at the link-layer header.
    public mutating func add(timestamp: Int64, originalLength: Int, bytes: ArraySlice<UInt8>) {
        bytes.withUnsafeBytes { add($0, slice: bytes, timestamp: timestamp, originalLength: originalLength) }
    }

    /// Adds one captured frame whose bytes are only borrowed for the call (a capture reader's
    /// buffer): every layer is decoded where the bytes lie, and nothing is copied unless host
    /// tracking needs the frame as a slice.
    ///
    /// - Parameters:
    ///   - timestamp: capture time, ns since the Unix epoch.
    ///   - originalLength: the length on the wire.
    ///   - bytes: the captured bytes, starting at the link-layer header.
    public mutating func add(timestamp: Int64, originalLength: Int, borrowing bytes: UnsafeRawBufferPointer) {
        guard options.tracksHosts else {
            add(bytes, slice: nil, timestamp: timestamp, originalLength: originalLength)
            return
        }
        // Host tracking reads every frame as a slice: one reused buffer, so no frame costs an allocation.
        scratch.removeAll(keepingCapacity: true)
        scratch.append(contentsOf: bytes)
        add(timestamp: timestamp, originalLength: originalLength, bytes: scratch[...])
    }

    /// - Parameters:
    ///   - frame: the frame's bytes, borrowed.
    ///   - slice: the same bytes as the caller's slice, when it has one; host tracking reads it
    ///     (`add(borrowing:)` copies a frame into one when hosts are tracked, so it is there then).
    private mutating func add(
        _ frame: UnsafeRawBufferPointer,
        slice: ArraySlice<UInt8>?,
        timestamp: Int64,
        originalLength: Int
    ) {
        var record = PacketRecord(
            timestamp: timestamp,
            length: UInt32(clamping: originalLength),
            category: .malformed,
            tcpFlags: 0,
            malformedLayer: 0,
            source: 0,
            destination: 0
        )
        record.groupAddressed = LinkDecoder.isGroupAddressed(frame, linkType: linkType) ?? false
        do {
            try classify(frame, timestamp: timestamp, into: &record)
        } catch {
            record.category = .malformed
            record.malformedLayer = UInt8(WireLayer.allCases.firstIndex(of: error.layer) ?? 0)
        }
        fold(record)
        if timestamp > newest {
            newest = timestamp
            tcp.retire(now: timestamp)
        }
        if options.tracksHosts, let slice { hosts.add(record, bytes: slice, linkType: linkType) }
        if keepsFrameRecords {
            if let last = records.last, last.timestamp > timestamp { inOrder = false }
            records.append(record)
        }
    }

    /// Adds one classified frame to the per-address counters and the radio timelines.
    @inline(__always)
    private mutating func fold(_ record: PacketRecord) {
        let time = record.timestamp
        let source = addresses.index(of: record.source)
        addresses.values[source].sent.add(record)
        let group = record.sentToGroup
        frames.add(time, group: group)
        if let scanner = options.scanner?.value {
            if group || record.source == scanner || record.destination == scanner {
                airtime.add(length: Int(record.length), group: group, fromScanner: record.source == scanner)
            }
        }
        guard !group else { return }
        if let scanner = options.scanner?.value {
            // Only the scanner's unicast runs are read (the radio model): no one else's are kept.
            if record.source == scanner {
                addresses.values[source].unicast.add(time)
            } else if record.destination == scanner {
                let index = scannerIndex ?? addresses.index(of: scanner)
                scannerIndex = index
                addresses.values[index].unicast.add(time)
            }
            return
        }
        addUnicast(time, at: source)
        if record.destination != record.source { addUnicast(time, at: addresses.index(of: record.destination)) }
    }

    /// Adds a unicast frame to the runs of the address at `index` while they are kept, and stops
    /// keeping them once its frames (from or to it) make more than `unprovenRunLimit` runs while
    /// it has sent no probe, when the caller can read the capture again (`dropsUnprovenRuns`).
    @inline(__always)
    private mutating func addUnicast(_ time: Int64, at index: Int) {
        guard addresses.values[index].tracksUnicast else { return }
        addresses.values[index].unicast.add(time)
        if dropsUnprovenRuns, addresses.values[index].probes.score == 0,
            addresses.values[index].unicast.count > Self.unprovenRunLimit
        {
            addresses.values[index].unicast = FrameRuns()
            addresses.values[index].tracksUnicast = false
        }
    }

    private mutating func classify(
        _ frame: UnsafeRawBufferPointer,
        timestamp: Int64,
        into record: inout PacketRecord
    ) throws(WireDecodingError) {
        let found: (type: EtherType, offset: Int)?
        if linkType.isWireless {
            found = try wireless(frame, timestamp: timestamp, length: Int(record.length))
            if found == nil {
                record.category = .wlanNoPayload
                return
            }
        } else {
            found = try LinkDecoder.networkPayload(of: frame, linkType: linkType)
        }
        guard let (type, offset) = found else {
            record.category = .unsupportedLink
            return
        }
        let network = UnsafeRawBufferPointer(rebasing: frame[offset...])
        switch type {
        case .arp:
            let arp = try ARPPacket(decoding: network)
            record.source = arp.senderIP.value
            record.destination = arp.targetIP.value
            switch arp.operation {
            case .request:
                record.category = .arpRequest
                arpRequests[UInt64(arp.senderIP.value) << 32 | UInt64(arp.targetIP.value), default: 0] += 1
            case .reply: record.category = .arpReply
            case .other: record.category = .arpOther
            }
        case .ipv4:
            let ip = try IPv4Header(decoding: network)
            record.source = ip.source.value
            record.destination = ip.destination.value
            if ip.fragmentOffset != 0 {
                record.category = .ipv4Fragment
                return
            }
            let payload = offset + ip.headerLength
            try classifyTransport(
                frame,
                payload: payload..<(payload + ip.payloadLength),
                timestamp: timestamp,
                ip: ip,
                into: &record
            )
        case .ipv6:
            record.category = .ipv6
        default:
            record.category = .otherEthernet
        }
    }

    /// Tallies an 802.11 frame for its transmitter and returns its packet, if it carries one.
    ///
    /// - Throws: the radio header's or MAC header's damage, after the frame was tallied when its
    ///   transmitter could be read.
    private mutating func wireless(
        _ frame: UnsafeRawBufferPointer,
        timestamp: Int64,
        length: Int
    )
        throws(WireDecodingError) -> (type: EtherType, offset: Int)?
    {
        if wlan == nil { wlan = WLANStations() }
        let decoded: WLANFrame
        do {
            decoded = try WLANFrame(decoding: frame, linkType: linkType)
        } catch {
            wlan?.addUndecodable()
            throw error
        }
        if decoded.damage != nil, decoded.receiver == nil {
            wlan?.addUndecodable()
        } else {
            wlan?.add(decoded, timestamp: timestamp, length: length)
        }
        if let damage = decoded.damage { throw damage }
        return decoded.payload
    }

    /// - Parameter payload: where the IPv4 payload lies in the frame.
    private mutating func classifyTransport(
        _ frame: UnsafeRawBufferPointer,
        payload: Range<Int>,
        timestamp: Int64,
        ip: IPv4Header,
        into record: inout PacketRecord
    ) throws(WireDecodingError) {
        let bytes = UnsafeRawBufferPointer(rebasing: frame[payload])
        switch ip.protocol {
        case .tcp:
            let segment = try TCPHeader(decoding: bytes)
            record.category = .tcp
            record.tcpFlags = UInt8(truncatingIfNeeded: segment.flags.rawValue)
            tcp.handle(time: timestamp, source: ip.source, destination: ip.destination, segment: segment)
        case .udp:
            let udp = try UDPHeader(decoding: bytes)
            record.category = Self.classify(udp, payload: UnsafeRawBufferPointer(rebasing: bytes[udp.payloadRange]))
        case .icmp:
            switch try ICMPMessage.Kind(decoding: bytes) {
            case .echoRequest(let identifier, let sequence):
                record.category = .icmpEchoRequest
                echo.request(
                    time: timestamp,
                    source: ip.source,
                    destination: ip.destination,
                    identifier: identifier,
                    sequence: sequence
                )
            case .echoReply(let identifier, let sequence):
                record.category = .icmpEchoReply
                echo.reply(
                    time: timestamp,
                    source: ip.source,
                    destination: ip.destination,
                    identifier: identifier,
                    sequence: sequence
                )
            case .destinationUnreachable(let code, let quoted):
                record.category = .icmpUnreachable
                if let quoted { tcp.handleICMPError(time: timestamp, type: 3, code: code, quoted: quoted) }
            case .timeExceeded:
                record.category = .icmpTimeExceeded
            case .other:
                record.category = .icmpOther
            }
        default:
            record.category = .ipv4Other
        }
    }

    /// UDP application by port (either side): 5353 mDNS, 1900 SSDP, 53 DNS. The messages are
    /// checked as their decoders check them, but not built.
    ///
    /// - Parameter payload: the UDP payload, borrowed.
    static func classify(_ udp: UDPHeader, payload: UnsafeRawBufferPointer) -> PacketCategory {
        if udp.involves(port: 5353) {
            guard let isResponse = try? DNSMessage.isResponse(validating: payload) else { return .mdnsMalformed }
            return isResponse ? .mdnsResponse : .mdnsQuery
        }
        if udp.involves(port: 1900) {
            guard let kind = try? SSDPMessage.kind(classifying: payload) else { return .ssdpMalformed }
            switch kind {
            case .search: return .ssdpSearch
            case .notify: return .ssdpNotify
            case .response: return .ssdpResponse
            case .otherRequest: return .ssdpMalformed
            }
        }
        if udp.involves(port: 53) {
            guard let isResponse = try? DNSMessage.isResponse(validating: payload) else { return .dnsMalformed }
            return isResponse ? .dnsResponse : .dnsQuery
        }
        return .udpOther
    }

    /// Ends the analysis: applies abandonment, picks or infers the scanner, builds the series.
    /// Mutating so the TCP tracker hands its last attempts over without a copy of its tables;
    /// calling it again gives the same analysis.
    public mutating func finish() -> WireAnalysis {
        var sorted = records
        if !inOrder { sorted.sort { $0.timestamp < $1.timestamp } }
        let first = frames.first
        let last = frames.last
        var tallies: [UInt32: ScannerInference.Tally] = [:]
        for (address, tally) in addresses.pairs where tally.probes.score > 0 {
            tallies[address] = tally.probes
        }
        let inference = options.scanner == nil ? ScannerInference.infer(from: tallies) : nil
        let scanner = options.scanner ?? inference?.address
        let fold = tcp.finish(captureEnd: last ?? 0).fold(of: scanner?.value)
        let attempts = fold.attempts
        var samples: [RTTSample] = []
        if options.keepsAttempts {
            samples = (echo.samples ?? []).filter { scanner == nil || $0.prober == scanner }
            for a in attempts {
                if let rtt = a.rtt {
                    samples.append(
                        RTTSample(
                            kind: .tcpSyn,
                            prober: a.initiator,
                            target: a.target,
                            sentAt: a.firstSynAt,
                            rtt: rtt,
                            detail: a.targetPort
                        )
                    )
                }
            }
            samples.sort { $0.sentAt < $1.sentAt }
        }
        let rttByTarget = TargetRTT.table(
            icmpEcho: scanner.flatMap { echo.rttByProber[$0.value] } ?? [:],
            tcpSyn: fold.rttByTarget
        )
        var analysis = WireAnalysis(
            records: keepsFrameRecords ? sorted : nil,
            addresses: addresses,
            frames: frames,
            arpRequests: arpRequests,
            linkType: linkType,
            firstTimestamp: first,
            lastTimestamp: last,
            scanner: scanner,
            inference: inference,
            abandonAfter: options.abandonAfter,
            fold: fold,
            attempts: attempts,
            keepsAttempts: options.keepsAttempts,
            samples: samples,
            rttByTarget: rttByTarget,
            duplicateEchoReplies: echo.duplicateReplies,
            unmatchedEchoReplies: echo.unmatchedReplies,
            untrackedTCPSegments: tcp.untrackedSegments
        )
        analysis.hosts = hosts
        if options.scanner != nil { analysis.airtime = airtime }
        analysis.wlan = wlan?.summary(captureEnd: last ?? 0)
        return analysis
    }
}
