import Platform
import Wire

extension EventTally {
    /// What the scanner did toward each address and saw of it, for saying why a device was
    /// missed and for holding its TCP connects against the wire: its connections and how they
    /// ended, the datagrams sent to it, the ARP-table reads that listed it, the listening phases and
    /// who answered them.
    public struct Evidence: Sendable {
        /// Per address.
        public struct Address: Sendable {
            /// Connection → port, for connections made to the address (any transport).
            public var ports: [UInt64: Int] = [:]
            /// Connection → its last `ready`, `failed` or `cancelled` (a `cancelled` never
            /// replaces an earlier end).
            public var ends: [UInt64: ConnectionStateName] = [:]
            /// `waiting` states of those connections by error name.
            public var waitingByError: [String: Int] = [:]
            /// `packet_sent` by kind, and `send_failed` by "kind error".
            public var packetsByKind: [PacketKind: Int] = [:]
            public var sendFailures: [String: Int] = [:]
            /// ARP-table reads that listed the address.
            public var tableReadsListing = 0
            /// Protocols of listening-phase answers from (or credited to) the address.
            public var answered: Set<AnswerProtocol> = []
            /// Its TCP connections by what the log shows of their fate (the harness holds them
            /// against the wire's SYN attempts, docs/METRICS.md "Agrees with the wire").
            public var tcp = TCPFates()
        }

        /// TCP connections to one address, by how far the log shows them getting.
        public struct TCPFates: Sendable, Equatable {
            /// Started (`preparing`): the kernel was asked to connect, so at most one SYN attempt.
            public var started: Set<UInt64> = []
            /// `preparing` states, each a connect attempt: more than `started` when a connection
            /// that followed its path was retried after `waiting` (a fresh socket, a SYN of its own).
            public var attempts = 0
            /// Answered: `ready`, or refused (`ECONNREFUSED`); only a SYN gets either answer.
            public var answered: Set<UInt64> = []
            /// Unreachable (`EHOSTUNREACH`, `EHOSTDOWN`): on the LAN, the kernel's ARP went
            /// unanswered (or an ICMP error came back after a SYN).
            public var unreachable: Set<UInt64> = []
        }

        /// Errors that only an answer to a SYN gives, and those of an unanswered ARP, by the name the log writes.
        private static let answerErrors: Set<String> = [Errno.connectionRefused.name]
        private static let unreachableErrors: Set<String> = [Errno.hostUnreachable.name, Errno.hostDown.name]

        public private(set) var byAddress: [IPv4Address: Address] = [:]
        /// ARP-table reads in the run.
        public private(set) var tableReads = 0
        /// The listening phases (`bonjour`, `ssdp`) that ran, in first-start order.
        public private(set) var listeningPhases: [String] = []
        private var addressOf: [UInt64: IPv4Address] = [:]
        private var tcpConnections: Set<UInt64> = []

        mutating func add(_ event: ScanEvent) {
            switch event {
            case .connectionCreated(let created):
                addressOf[created.connection] = created.ip
                byAddress[created.ip, default: Address()].ports[created.connection] = created.port
                if created.transport == .tcp { tcpConnections.insert(created.connection) }
            case .connectionState(let change):
                guard let ip = addressOf[change.connection] else { return }
                if tcpConnections.contains(change.connection) { noteTCP(change, at: ip) }
                if change.state == .waiting {
                    byAddress[ip, default: Address()].waitingByError[change.error ?? "unknown", default: 0] += 1
                }
                if [.ready, .failed, .cancelled].contains(change.state),
                    byAddress[ip]?.ends[change.connection] == nil || change.state != .cancelled
                {
                    byAddress[ip, default: Address()].ends[change.connection] = change.state
                }
            case .packetSent(let packet):
                byAddress[packet.ip, default: Address()].packetsByKind[packet.kind, default: 0] += 1
            case .sendFailed(let failure):
                byAddress[failure.ip, default: Address()].sendFailures[
                    "\(failure.kind.rawValue) \(failure.error)",
                    default: 0
                ] += 1
            case .neighbourTableRead(let read):
                tableReads += 1
                for ip in Set(read.addresses) { byAddress[ip, default: Address()].tableReadsListing += 1 }
            case .phaseStart(let start) where AnswerProtocol.listenedByPhase[start.phase] != nil:
                if !listeningPhases.contains(start.phase) { listeningPhases.append(start.phase) }
            case .answerReceived(let answer):
                byAddress[answer.from, default: Address()].answered.insert(answer.protocol)
                if let credited = answer.credited {
                    byAddress[credited, default: Address()].answered.insert(answer.protocol)
                }
            default:
                break
            }
        }

        /// The evidence about `ip` (empty when the run never touched it).
        public subscript(_ ip: IPv4Address) -> Address { byAddress[ip] ?? Address() }

        private mutating func noteTCP(_ change: ScanEvent.ConnectionState, at ip: IPv4Address) {
            let id = change.connection
            switch change.state {
            case .preparing:
                byAddress[ip, default: Address()].tcp.started.insert(id)
                byAddress[ip, default: Address()].tcp.attempts += 1
            case .ready:
                byAddress[ip, default: Address()].tcp.answered.insert(id)
            case .waiting, .failed:
                let error = change.error ?? ""
                if Self.answerErrors.contains(error) { byAddress[ip, default: Address()].tcp.answered.insert(id) }
                if Self.unreachableErrors.contains(error) {
                    byAddress[ip, default: Address()].tcp.unreachable.insert(id)
                }
            default:
                break
            }
        }
    }
}
