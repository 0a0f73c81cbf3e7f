extension RunMetrics {
    /// A strategy's whole cost in one run: everything the app did under it — the scan, the
    /// session's tools (their packets are on the same capture, their connections in the same event
    /// log) and the classify step after them — so that no benefit an objective scores (categories
    /// correct) comes without the cost that bought it (docs/METRICS.md, "Session cost").
    ///
    /// The scan's own share stays in `wire` and `stack`; this group adds the classify step's, from
    /// the step's own capture (`names.category_probe_*`).
    public struct Session: Codable, Sendable, Equatable {
        /// TCP connection attempts on the wire: the scan's and the tools', plus the step's.
        public var tcpAttempts = 0
        /// Every frame on the scanner's link, ARP included: the scan's, plus the step's.
        public var packets = 0
        /// Connection objects: the stack's (scan and tools, from the event log), plus the step's TCP
        /// connects (NetTools' probe keeps no connection objects; each of its connects is one SYN
        /// attempt on the wire).
        public var connectionsCreated = 0
        /// Airtime (estimate), ms, of the scan's frames plus the step's, under the scan's PHY model;
        /// nil when either estimate is missing.
        public var airtimeMsEst: Double?
        /// Seconds from the scan's start until the categories were ready: the end of the classify
        /// step; nil when no step ran.
        public var timeToCategoriesS: Double?
        /// The classify step's share of the figures above: 0 when it sent nothing.
        public var classifyTcpAttempts = 0
        public var classifyPackets = 0

        public init() {}

        /// The session of a scan (its `wire` and `stack`) followed by a classify step whose capture
        /// shows `classify` (nil: no step ran), the categories ready `timeToCategoriesS` after the
        /// scan's start.
        public init(scan metrics: RunMetrics, classify: WireCounters?, timeToCategoriesS: Double?) {
            let step = classify ?? WireCounters()
            tcpAttempts = metrics.wire.tcpAttempts + step.tcpAttempts
            packets = metrics.wire.packets + step.packets
            connectionsCreated = metrics.stack.connectionsCreated + step.tcpAttempts
            if let scanAirtime = metrics.wire.airtimeMsEst {
                airtimeMsEst = classify == nil ? scanAirtime : step.airtimeMsEst.map { scanAirtime + $0 }
            }
            self.timeToCategoriesS = timeToCategoriesS
            classifyTcpAttempts = step.tcpAttempts
            classifyPackets = step.packets
        }

        enum CodingKeys: String, CodingKey {
            case packets
            case tcpAttempts = "tcp_attempts"
            case connectionsCreated = "connections_created"
            case airtimeMsEst = "airtime_ms_est"
            case timeToCategoriesS = "time_to_categories_s"
            case classifyTcpAttempts = "classify_tcp_attempts"
            case classifyPackets = "classify_packets"
        }
    }
}
