import CaptureFiles
import Wire

/// Everything measured from one capture, from the scanner's point of view.
///
/// Encodes to JSON with explicit snake_case keys (`scanbench analyze --json`), as every type under
/// it does; no key strategy is needed. Definitions of every figure are in docs/CAPTURE.md.
public struct WireAnalysis: Sendable, Codable {
    /// The capture's link-layer type.
    public var linkType: String
    /// Timestamp of the earliest and latest frame (ns since the epoch).
    public var firstTimestamp: Int64?
    public var lastTimestamp: Int64?
    /// The scanner's address (given or inferred; nil when nothing could be inferred).
    public var scanner: IPv4Address?
    /// Set when the scanner was inferred rather than given.
    public var scannerInference: ScannerInference?
    /// Abandonment timeout used for unanswered attempts, ns.
    public var abandonAfter: Int64
    /// Every frame on the link.
    public var totals: ProtocolCounters
    /// Frames whose IPv4 source (ARP: sender address) is the scanner.
    public var fromScanner: ProtocolCounters
    /// Every other frame on the scanner's link (unicast to it, broadcast, multicast).
    public var fromOthers: ProtocolCounters
    /// Totals over the scanner's TCP attempts.
    public var tcp: TCPSummary
    /// The scanner's TCP attempts, in first-SYN order (empty when not kept).
    public var attempts: [TCPAttempt]
    /// Attempts in flight: from first SYN to terminal packet (RST, FIN pair, ICMP unreachable)
    /// or abandonment.
    public var attemptsInFlight: InFlightSeries
    /// Attempts awaiting an answer: from first SYN to the first answer or abandonment.
    public var awaitingAnswer: InFlightSeries
    /// Established connections in flight: from SYN/ACK to terminal packet.
    public var connectionsInFlight: InFlightSeries
    /// Every matched wire RTT of the scanner's probes, in send order.
    public var rttSamples: [RTTSample]
    /// RTT statistics per target.
    public var rttByTarget: [TargetRTT]
    /// Echo replies that answered a request already answered.
    public var duplicateEchoReplies: Int
    /// Echo replies without a request in the capture.
    public var unmatchedEchoReplies: Int
    /// TCP segments belonging to no attempt seen from its SYN.
    public var untrackedTcpSegments: Int
    /// What reading the file found (format, link types, damage, process filter); nil when the
    /// analysis did not come from `analyze(captureFile:)`.
    public var captureFile: CaptureFileSummary?
    /// The 802.11 transmitters (frames, bytes, retries, measured airtime, doze periods); nil
    /// unless the capture holds 802.11 frames.
    public var wlan: WLANSummary?
    /// Per-host facts (empty unless `AnalysisOptions.tracksHosts`); not part of the JSON.
    public internal(set) var hosts = HostActivity()

    /// One record per frame, in time order, when the analyzer kept them (`keepsFrameRecords`).
    var records: [PacketRecord]? = nil
    /// The scanner's ARP requests, by the address they asked for.
    var arpRequestsByScanner: [IPv4Address: Int] = [:]
    /// Frame runs the radio model reads (every group-addressed frame and the scanner's unicast,
    /// or every frame without a scanner), merged in first-time order as they are read.
    var radioRuns: (FrameRuns, FrameRuns) = (FrameRuns(), FrameRuns())
    /// The given scanner's frames by length for `airtimeEstimate`; nil when no scanner was given.
    var airtime: AirtimeTally?

    enum CodingKeys: String, CodingKey {
        case scanner, totals, tcp, attempts
        case linkType = "link_type"
        case firstTimestamp = "first_timestamp"
        case lastTimestamp = "last_timestamp"
        case scannerInference = "scanner_inference"
        case abandonAfter = "abandon_after"
        case fromScanner = "from_scanner"
        case fromOthers = "from_others"
        case attemptsInFlight = "attempts_in_flight"
        case awaitingAnswer = "awaiting_answer"
        case connectionsInFlight = "connections_in_flight"
        case rttSamples = "rtt_samples"
        case rttByTarget = "rtt_by_target"
        case duplicateEchoReplies = "duplicate_echo_replies"
        case unmatchedEchoReplies = "unmatched_echo_replies"
        case untrackedTcpSegments = "untracked_tcp_segments"
        case captureFile = "capture_file"
        case wlan
    }

    /// Capture duration in ns (0 for fewer than two frames).
    public var duration: Int64 { (lastTimestamp ?? 0) - (firstTimestamp ?? 0) }

    /// The analysis of hand-made attempts and samples (tests, and any caller that has them in a
    /// list): totals, series and per-target RTTs are derived from them as the analyzer would.
    init(
        records: [PacketRecord]?,
        addresses: AddressTable<AddressTally> = AddressTable(empty: AddressTally()),
        frames: FrameTimeline = FrameTimeline(),
        arpRequests: [UInt64: Int] = [:],
        linkType: LinkType,
        firstTimestamp: Int64?,
        lastTimestamp: Int64?,
        scanner: IPv4Address?,
        inference: ScannerInference?,
        abandonAfter: Int64,
        attempts: [TCPAttempt],
        keepsAttempts: Bool,
        samples: [RTTSample],
        duplicateEchoReplies: Int,
        unmatchedEchoReplies: Int,
        untrackedTCPSegments: Int
    ) {
        var fold = TCPAttemptFold(listsAttempts: true, abandonAfter: abandonAfter)
        for (serial, attempt) in attempts.enumerated() { fold.add(attempt, serial: serial) }
        var icmp: [UInt32: RTTValues] = [:], tcp: [UInt32: RTTValues] = [:]
        for sample in samples {
            switch sample.kind {
            case .icmpEcho: icmp[sample.target.value, default: RTTValues()].append(sample.rtt)
            case .tcpSyn: tcp[sample.target.value, default: RTTValues()].append(sample.rtt)
            }
        }
        self.init(
            records: records,
            addresses: addresses,
            frames: frames,
            arpRequests: arpRequests,
            linkType: linkType,
            firstTimestamp: firstTimestamp,
            lastTimestamp: lastTimestamp,
            scanner: scanner,
            inference: inference,
            abandonAfter: abandonAfter,
            fold: fold,
            attempts: attempts,
            keepsAttempts: keepsAttempts,
            samples: samples,
            rttByTarget: TargetRTT.table(icmpEcho: icmp, tcpSyn: tcp),
            duplicateEchoReplies: duplicateEchoReplies,
            unmatchedEchoReplies: unmatchedEchoReplies,
            untrackedTCPSegments: untrackedTCPSegments
        )
    }

    /// - Parameters:
    ///   - fold: the scanner's TCP attempts, folded (listed or not).
    ///   - attempts: `fold.attempts`, which the caller has already ordered.
    ///   - samples: every matched RTT in send order (empty when not kept).
    ///   - rttByTarget: the per-target RTT statistics.
    init(
        records: [PacketRecord]?,
        addresses: AddressTable<AddressTally>,
        frames: FrameTimeline,
        arpRequests: [UInt64: Int],
        linkType: LinkType,
        firstTimestamp: Int64?,
        lastTimestamp: Int64?,
        scanner: IPv4Address?,
        inference: ScannerInference?,
        abandonAfter: Int64,
        fold: TCPAttemptFold,
        attempts: [TCPAttempt],
        keepsAttempts: Bool,
        samples: [RTTSample],
        rttByTarget: [TargetRTT],
        duplicateEchoReplies: Int,
        unmatchedEchoReplies: Int,
        untrackedTCPSegments: Int
    ) {
        self.records = records
        self.linkType = linkType.description
        self.firstTimestamp = firstTimestamp
        self.lastTimestamp = lastTimestamp
        self.scanner = scanner
        self.scannerInference = inference
        self.abandonAfter = abandonAfter
        var all = ProtocolCounters(), mine = ProtocolCounters(), others = ProtocolCounters()
        for (address, tally) in addresses.pairs {
            all.add(tally.sent)
            if address == scanner?.value { mine.add(tally.sent) } else { others.add(tally.sent) }
        }
        totals = all
        fromScanner = mine
        fromOthers = others
        if let scanner {
            for (pair, count) in arpRequests where UInt32(truncatingIfNeeded: pair >> 32) == scanner.value {
                arpRequestsByScanner[IPv4Address(UInt32(truncatingIfNeeded: pair)), default: 0] += count
            }
            radioRuns = (frames.group, addresses.value(of: scanner.value)?.unicast ?? FrameRuns())
        } else {
            radioRuns = (frames.all, FrameRuns())
        }
        tcp = fold.totals
        self.attempts = keepsAttempts ? attempts : []
        (attemptsInFlight, awaitingAnswer, connectionsInFlight) = fold.series(of: attempts)
        rttSamples = samples
        self.rttByTarget = rttByTarget
        self.duplicateEchoReplies = duplicateEchoReplies
        self.unmatchedEchoReplies = unmatchedEchoReplies
        self.untrackedTcpSegments = untrackedTCPSegments
    }

    /// ARP requests the scanner sent, by the address they asked for.
    public func arpRequestsByTarget() -> [IPv4Address: Int] {
        arpRequestsByScanner
    }

    /// How long the scanner's radio would be awake for this capture under `model`, from the times
    /// of the frames a phone at the scanner's address sends or must receive: frames whose IPv4
    /// source or destination (ARP: sender or target address) is the scanner, and every frame to a
    /// broadcast or multicast address. Without a known scanner every frame counts.
    ///
    /// The times are kept as runs with gaps of at most `FrameRuns.gap` (10 ms), so the estimate
    /// is exact for any model whose tail is at least that (every published one is).
    public func radioActivity(model: RadioPowerModel = .huang2012WiFi) -> RadioActivity {
        model.activity { radioRuns.0.forEachMerged(with: radioRuns.1, $0) }
    }

    /// What the scanner's frames would cost a phone's Wi-Fi radio under `model` — an estimate
    /// (docs/METRICS.md, "Airtime (estimate)"): their airtime, and the radio-on time, each burst of
    /// the frames `radioActivity` reads from its first frame to its last plus the power-save
    /// timeout. Nil unless the scanner was given to the analysis.
    public func airtimeEstimate(model: AirtimeModel = .standard) -> AirtimeEstimate? {
        guard let airtime else { return nil }
        let (sent, received) = airtime.airtime(under: model)
        let awake = RadioPowerModel(source: model.name, promotion: 0, tail: model.powerSaveTimeoutNs).activity {
            radioRuns.0.forEachMerged(with: radioRuns.1, $0)
        }
        return AirtimeEstimate(
            model: model.name,
            sentNs: sent,
            receivedNs: received,
            radioOnNs: awake.activeNs,
            dozes: awake.promotions
        )
    }

    /// Packets, bytes and per-protocol counts inside each window.
    ///
    /// - Parameter windows: half-open [start, end) intervals in ns since the epoch; they may
    ///   overlap and need not be sorted. Results come back in the same order.
    /// - Precondition: the analyzer kept frame records (`WireAnalyzer.analyze(packets:)` does,
    ///   `analyze(file:)` streams and does not): arbitrary windows need every frame's time.
    public func traffic(in windows: [TimeWindow]) -> [WindowTraffic] {
        guard let records else {
            preconditionFailure("traffic(in:) needs frame records: analyse with keepsFrameRecords: true")
        }
        return windows.map { window in
            var low = 0, high = records.count
            while low < high {
                let mid = (low + high) / 2
                if records[mid].timestamp < window.start { low = mid + 1 } else { high = mid }
            }
            var end = low
            while end < records.count && records[end].timestamp < window.end { end += 1 }
            let split = Self.count(records[low..<end], scanner: scanner)
            return WindowTraffic(
                window: window,
                all: split.all,
                fromScanner: split.fromScanner,
                fromOthers: split.fromOthers
            )
        }
    }

    private static func count(
        _ records: ArraySlice<PacketRecord>,
        scanner: IPv4Address?
    )
        -> (all: ProtocolCounters, fromScanner: ProtocolCounters, fromOthers: ProtocolCounters)
    {
        var all = ProtocolCounters(), mine = ProtocolCounters(), others = ProtocolCounters()
        let s = scanner?.value
        for record in records {
            all.add(record)
            if let s, record.source == s { mine.add(record) } else { others.add(record) }
        }
        return (all, mine, others)
    }
}
