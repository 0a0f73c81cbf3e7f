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
    /// Per-host facts (empty unless `AnalysisOptions.tracksHosts`); not part of the JSON.
    public internal(set) var hosts = HostActivity()

    var records: [PacketRecord] = []

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
    }

    /// Capture duration in ns (0 for fewer than two frames).
    public var duration: Int64 { (lastTimestamp ?? 0) - (firstTimestamp ?? 0) }

    init(records: [PacketRecord], linkType: LinkType, firstTimestamp: Int64?, lastTimestamp: Int64?,
         scanner: IPv4Address?, inference: ScannerInference?, abandonAfter: Int64,
         attempts: [TCPAttempt], keepsAttempts: Bool, samples: [RTTSample],
         duplicateEchoReplies: Int, unmatchedEchoReplies: Int, untrackedTCPSegments: Int) {
        self.records = records
        self.linkType = linkType.description
        self.firstTimestamp = firstTimestamp
        self.lastTimestamp = lastTimestamp
        self.scanner = scanner
        self.scannerInference = inference
        self.abandonAfter = abandonAfter
        let split = Self.count(records[...], scanner: scanner)
        totals = split.all
        fromScanner = split.fromScanner
        fromOthers = split.fromOthers
        tcp = TCPSummary(attempts)
        self.attempts = keepsAttempts ? attempts : []
        attemptsInFlight = InFlightSeries(intervals: attempts.map { ($0.firstSynAt, $0.endedAt) })
        awaitingAnswer = InFlightSeries(intervals: attempts.map { a in
            (a.firstSynAt, a.answeredAt ?? (a.ending == .abandoned ? a.endedAt : min(a.endedAt, a.lastSynAt + abandonAfter)))
        })
        connectionsInFlight = InFlightSeries(intervals: attempts.compactMap { a in
            a.outcome == .open ? (a.answeredAt ?? a.firstSynAt, a.endedAt) : nil
        })
        rttSamples = samples
        var byTarget: [IPv4Address: (icmp: [Int64], tcp: [Int64])] = [:]
        for sample in samples {
            switch sample.kind {
            case .icmpEcho: byTarget[sample.target, default: ([], [])].icmp.append(sample.rtt)
            case .tcpSyn: byTarget[sample.target, default: ([], [])].tcp.append(sample.rtt)
            }
        }
        rttByTarget = byTarget.keys.sorted().map { target in
            let values = byTarget[target]!
            return TargetRTT(target: target, icmpEcho: .init(values.icmp), tcpSyn: .init(values.tcp))
        }
        self.duplicateEchoReplies = duplicateEchoReplies
        self.unmatchedEchoReplies = unmatchedEchoReplies
        self.untrackedTcpSegments = untrackedTCPSegments
    }

    /// ARP requests the scanner sent, by the address they asked for.
    public func arpRequestsByTarget() -> [IPv4Address: Int] {
        guard let scanner = scanner?.value else { return [:] }
        var counts: [IPv4Address: Int] = [:]
        for record in records where record.category == .arpRequest && record.source == scanner {
            counts[IPv4Address(record.destination), default: 0] += 1
        }
        return counts
    }

    /// How long the scanner's radio would be awake for this capture under `model`, from the times
    /// of the frames a phone at the scanner's address sends or must receive: frames whose IPv4
    /// source or destination (ARP: sender or target address) is the scanner, and every frame to a
    /// broadcast or multicast address. Without a known scanner every frame counts.
    public func radioActivity(model: RadioPowerModel = .huang2012WiFi) -> RadioActivity {
        let times = records.compactMap { record -> Int64? in
            guard let scanner = scanner?.value else { return record.timestamp }
            let group = record.groupAddressed || IPv4Address(record.destination).isMulticast || record.destination == UInt32.max
            return group || record.source == scanner || record.destination == scanner ? record.timestamp : nil
        }
        return model.activity(frameTimes: times)
    }

    /// Packets, bytes and per-protocol counts inside each window.
    ///
    /// - Parameter windows: half-open [start, end) intervals in ns since the epoch; they may
    ///   overlap and need not be sorted. Results come back in the same order.
    public func traffic(in windows: [TimeWindow]) -> [WindowTraffic] {
        windows.map { window in
            var low = 0, high = records.count
            while low < high {
                let mid = (low + high) / 2
                if records[mid].timestamp < window.start { low = mid + 1 } else { high = mid }
            }
            var end = low
            while end < records.count && records[end].timestamp < window.end { end += 1 }
            let split = Self.count(records[low..<end], scanner: scanner)
            return WindowTraffic(window: window, all: split.all, fromScanner: split.fromScanner,
                                 fromOthers: split.fromOthers)
        }
    }

    private static func count(_ records: ArraySlice<PacketRecord>, scanner: IPv4Address?)
        -> (all: ProtocolCounters, fromScanner: ProtocolCounters, fromOthers: ProtocolCounters) {
        var all = ProtocolCounters(), mine = ProtocolCounters(), others = ProtocolCounters()
        let s = scanner?.value
        for record in records {
            all.add(record)
            if let s, record.source == s { mine.add(record) } else { others.add(record) }
        }
        return (all, mine, others)
    }
}
