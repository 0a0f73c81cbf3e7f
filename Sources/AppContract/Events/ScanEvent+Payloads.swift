import Wire

extension ScanEvent {
    /// `scan_start`: the engine begins a pipeline.
    public struct ScanStart: Codable, Sendable, Equatable {
        /// The strategy's `name`.
        public var strategy: String
        /// How many target addresses the run plans to probe.
        public var hosts: Int
        public init(strategy: String, hosts: Int) { self.strategy = strategy; self.hosts = hosts }
    }

    /// `scan_end`: the engine returned its result.
    public struct ScanEnd: Codable, Sendable, Equatable {
        public var devices: Int
        public init(devices: Int) { self.devices = devices }
    }

    /// `phase_start`.
    public struct PhaseStart: Codable, Sendable, Equatable {
        public var phase: String
        public var step: Int
        public init(phase: String, step: Int) { self.phase = phase; self.step = step }
    }

    /// `phase_end`: `outcome` is `completed`, `abandoned` (deadline hit, work left running) or
    /// `cancelled` (the scan was stopped).
    public struct PhaseEnd: Codable, Sendable, Equatable {
        public var phase: String
        public var step: Int
        public var outcome: PhaseOutcome
        public var elapsedNs: UInt64
        enum CodingKeys: String, CodingKey { case phase, step, outcome, elapsedNs = "elapsed_ns" }
        public init(phase: String, step: Int, outcome: PhaseOutcome, elapsedNs: UInt64) {
            self.phase = phase; self.step = step; self.outcome = outcome; self.elapsedNs = elapsedNs
        }
    }

    /// `connection_created`: a connection object was made (before it starts).
    public struct ConnectionCreated: Codable, Sendable, Equatable {
        /// Run-unique connection number.
        public var connection: UInt64
        public var transport: ConnectionTransport
        public var ip: IPv4Address
        public var port: Int
        /// The phase or tool that made it, e.g. `tcp_probe`, or `tool.ports` (`ScanEvent.toolPhase`).
        public var phase: String
        public init(connection: UInt64, transport: ConnectionTransport, ip: IPv4Address, port: Int, phase: String) {
            self.connection = connection; self.transport = transport; self.ip = ip; self.port = port; self.phase = phase
        }

        /// Made by one of the app's tools beside the scan (`scanbench app`), not by the scan.
        public var isTool: Bool { ScanEvent.isToolPhase(phase) }
    }

    /// `connection_state`: NWConnection-style state change (`setup`, `preparing`, `waiting`,
    /// `ready`, `failed`, `cancelled`), with the POSIX error name for `waiting`/`failed`.
    public struct ConnectionState: Codable, Sendable, Equatable {
        public var connection: UInt64
        public var state: ConnectionStateName
        public var error: String?
        public init(connection: UInt64, state: ConnectionStateName, error: String? = nil) {
            self.connection = connection; self.state = state; self.error = error
        }
    }

    /// `budget_acquire`: a slot was granted; `waited_ns` is 0 on the fast path.
    public struct BudgetAcquire: Codable, Sendable, Equatable {
        public var active: Int
        /// Effective limit at the time, absent when unlimited.
        public var limit: Int?
        public var waitedNs: UInt64
        enum CodingKeys: String, CodingKey { case active, limit, waitedNs = "waited_ns" }
        public init(active: Int, limit: Int?, waitedNs: UInt64) {
            self.active = active; self.limit = limit; self.waitedNs = waitedNs
        }
    }

    /// `budget_wait`: a task queued for a slot.
    public struct BudgetWait: Codable, Sendable, Equatable {
        public var active: Int
        public var limit: Int?
        public var queued: Int
        public init(active: Int, limit: Int?, queued: Int) {
            self.active = active; self.limit = limit; self.queued = queued
        }
    }

    /// `budget_wait_cancelled`: a queued task was cancelled and left the queue (structured style).
    public struct BudgetWaitCancelled: Codable, Sendable, Equatable {
        public var queued: Int
        public init(queued: Int) { self.queued = queued }
    }

    /// `budget_release`: a slot was given back; `deferred` is true when the release ran in a
    /// fire-and-forget task (shipped style). The shipped style also logs its wake decision:
    /// `limit` (the effective limit it compared against), `queued` (tasks still queued after
    /// it) and `woke` (whether it resumed a waiter; absent when nobody was queued).
    public struct BudgetRelease: Codable, Sendable, Equatable {
        public var active: Int
        public var deferred: Bool
        public var limit: Int?
        public var queued: Int?
        public var woke: Bool?
        public init(active: Int, deferred: Bool, limit: Int? = nil, queued: Int? = nil, woke: Bool? = nil) {
            self.active = active
            self.deferred = deferred
            self.limit = limit
            self.queued = queued
            self.woke = woke
        }
    }

    /// `budget_reset`: the scan called `reset()` at its start (`budget.reset_at_scan_start`);
    /// the slots held and tasks queued just before, which the reset forgot and woke.
    public struct BudgetReset: Codable, Sendable, Equatable {
        public var active: Int
        public var queued: Int
        public init(active: Int, queued: Int) { self.active = active; self.queued = queued }
    }

    /// `thermal_change`: the scripted thermal state changed.
    public struct ThermalChange: Codable, Sendable, Equatable {
        public var state: ThermalState
        public var multiplier: Double
        public init(state: ThermalState, multiplier: Double) { self.state = state; self.multiplier = multiplier }
    }

    /// `packet_sent`: a datagram left an ARP-poke, ICMP, mDNS or SSDP socket.
    public struct PacketSent: Codable, Sendable, Equatable {
        public var phase: String
        public var kind: PacketKind
        public var ip: IPv4Address
        public var port: Int?
        public var bytes: Int
        /// How long the send waited for room in the socket's send buffer (absent: it went at once).
        public var blockedMs: Int?
        enum CodingKeys: String, CodingKey { case phase, kind, ip, port, bytes, blockedMs = "blocked_ms" }
        public init(phase: String, kind: PacketKind, ip: IPv4Address, port: Int?, bytes: Int, blockedMs: Int? = nil) {
            self.phase = phase; self.kind = kind; self.ip = ip; self.port = port; self.bytes = bytes;
            self.blockedMs = blockedMs
        }
    }

    /// `send_failed`: a datagram could not be sent, so the packet it stands for never left.
    public struct SendFailed: Codable, Sendable, Equatable {
        public var phase: String
        /// As `packet_sent`'s `kind`.
        public var kind: PacketKind
        public var ip: IPv4Address
        public var port: Int?
        /// The errno name (`EAGAIN`, `ENOBUFS`, `EHOSTUNREACH` …).
        public var error: String
        public init(phase: String, kind: PacketKind, ip: IPv4Address, port: Int?, error: String) {
            self.phase = phase; self.kind = kind; self.ip = ip; self.port = port; self.error = error
        }
    }

    /// `neighbour_table_read`: a phase read the kernel's ARP table; `addresses` are its complete
    /// entries on the scan's interface (before the phase's own filters), so a missed device's
    /// reason can say whether it was ever there.
    public struct NeighbourTableRead: Codable, Sendable, Equatable {
        public var phase: String
        public var round: Int
        public var addresses: [IPv4Address]
        public init(phase: String, round: Int, addresses: [IPv4Address]) {
            self.phase = phase; self.round = round; self.addresses = addresses
        }
    }

    /// `answer_received`: a listening phase received a datagram (`protocol` `mdns` or `ssdp`)
    /// from `from`; for SSDP, `credited` is the address the phase credited (LOCATION or sender).
    public struct AnswerReceived: Codable, Sendable, Equatable {
        public var phase: String
        public var `protocol`: AnswerProtocol
        public var from: IPv4Address
        public var credited: IPv4Address?
        public init(phase: String, protocol: AnswerProtocol, from: IPv4Address, credited: IPv4Address? = nil) {
            self.phase = phase; self.protocol = `protocol`; self.from = from; self.credited = credited
        }
    }

    /// `device_first_seen`: the accumulator learned a new address.
    public struct DeviceFirstSeen: Codable, Sendable, Equatable {
        public var ip: IPv4Address
        public var source: DeviceSource
        /// NetMonitor's coarser attribution (`local`, `bonjour`, `ssdp`).
        public var netmonitorSource: NetMonitorSource
        enum CodingKeys: String, CodingKey { case ip, source, netmonitorSource = "netmonitor_source" }
        public init(ip: IPv4Address, source: DeviceSource) {
            self.ip = ip; self.source = source; self.netmonitorSource = source.netMonitorSource
        }
    }

    /// `device_source_added`: a known device was seen by a source that had not seen it before.
    public struct DeviceSourceAdded: Codable, Sendable, Equatable {
        public var ip: IPv4Address
        public var source: DeviceSource
        public init(ip: IPv4Address, source: DeviceSource) { self.ip = ip; self.source = source }
    }

    /// `publish`: discovery state was handed to the UI model.
    public struct Publish: Codable, Sendable, Equatable {
        /// 1-based publish number within the run.
        public var sequence: Int
        public var devices: Int
        public var progress: Double
        /// The publishing policy's reason.
        public var reason: PublishReason
        /// Nanoseconds the UI model spent on the main actor for this publish.
        public var mainBusyNs: UInt64?
        /// Whether the publish handed over the device list (false: progress only,
        /// `publishing.device_flush_ms`); nil in logs from before the knob, where every publish did.
        public var deviceList: Bool?
        enum CodingKeys: String, CodingKey {
            case sequence, devices, progress, reason
            case mainBusyNs = "main_busy_ns"
            case deviceList = "device_list"
        }
        public init(
            sequence: Int,
            devices: Int,
            progress: Double,
            reason: PublishReason,
            mainBusyNs: UInt64? = nil,
            deviceList: Bool? = nil
        ) {
            self.sequence = sequence; self.devices = devices; self.progress = progress; self.reason = reason;
            self.mainBusyNs = mainBusyNs
            self.deviceList = deviceList
        }
    }

    /// `frame_probe`: one tick of the 60 Hz main-actor frame probe.
    public struct FrameProbe: Codable, Sendable, Equatable {
        /// How late the tick ran after its due time.
        public var lateNs: UInt64
        /// The frame interval (16,666,667 ns at 60 Hz).
        public var intervalNs: UInt64
        enum CodingKeys: String, CodingKey { case lateNs = "late_ns", intervalNs = "interval_ns" }
        public init(lateNs: UInt64, intervalNs: UInt64) { self.lateNs = lateNs; self.intervalNs = intervalNs }
    }

    /// `service_resolved`: the Bonjour phase resolved a browsed service to an address.
    public struct ServiceResolved: Codable, Sendable, Equatable {
        /// Instance name, e.g. `Living Room` (NetMonitor's hostname).
        public var instance: String
        /// e.g. `_airplay._tcp`.
        public var serviceType: String
        public var domain: String
        /// SRV target host, e.g. `Living-Room.local`.
        public var host: String?
        public var ip: IPv4Address
        public var port: Int
        /// False when the subnet filter rejected the address (nothing was upserted).
        public var accepted: Bool
        /// The TXT strings (`key=value`) the resolve heard; absent when it asked for none (TCP-connect resolve).
        public var txt: [String]?
        enum CodingKeys: String, CodingKey {
            case instance, domain, host, ip, port, accepted, txt, serviceType = "service_type"
        }
        public init(
            instance: String,
            serviceType: String,
            domain: String,
            host: String?,
            ip: IPv4Address,
            port: Int,
            accepted: Bool,
            txt: [String]? = nil
        ) {
            self.instance = instance; self.serviceType = serviceType; self.domain = domain; self.host = host
            self.ip = ip; self.port = port; self.accepted = accepted; self.txt = txt
        }
    }

    /// `ready_timeout`: a UDP "connection" was still not ready (its path unsatisfied) when its
    /// ready timeout fired; it was cancelled and its phase sent nothing (SSDP: `ready_timeout_ms`).
    public struct ReadyTimeout: Codable, Sendable, Equatable {
        public var phase: String
        public var connection: UInt64
        /// The timeout that fired.
        public var timeoutMs: Int
        /// Why the path was unsatisfied at the end: `ENODEV`, `ENETDOWN` or `EADDRNOTAVAIL`.
        public var error: String
        enum CodingKeys: String, CodingKey { case phase, connection, error, timeoutMs = "timeout_ms" }
        public init(phase: String, connection: UInt64, timeoutMs: Int, error: String) {
            self.phase = phase; self.connection = connection; self.timeoutMs = timeoutMs; self.error = error
        }
    }

    /// `stale_callback`: a callback of the Bonjour browser service arrived from a session that is
    /// no longer current (its browser was torn down, a new scan's session started meanwhile).
    public struct StaleCallback: Codable, Sendable, Equatable {
        /// An answer the old browser received, or its query timer.
        public var kind: StaleCallbackKind
        /// The generation of the session whose browser made the callback.
        public var generation: Int
        /// The generation current when it arrived.
        public var current: Int
        /// Discarded (`bonjour.generation_check: true`) or applied to the current service list.
        public var action: StaleCallbackAction
        /// The answer's UDP sender; absent for a timer.
        public var from: IPv4Address?
        public init(
            kind: StaleCallbackKind,
            generation: Int,
            current: Int,
            action: StaleCallbackAction,
            from: IPv4Address?
        ) {
            self.kind = kind; self.generation = generation; self.current = current; self.action = action;
            self.from = from
        }
    }
}
