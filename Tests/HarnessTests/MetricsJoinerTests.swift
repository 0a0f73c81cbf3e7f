import AppContract
import CaptureFiles
import CaptureAnalysis
import Fixture
import Foundation
import ScanKit
import Testbed
import Testing
import Wire
@testable import Harness
import Results

@Suite("Metrics join")
struct MetricsJoinerTests {
    static let fixtureText = """
        name: join
        network:
          subnet: 198.18.0.0/24
          gateway: 198.18.0.1
          scanner: {ip: 198.18.0.50, mac: "02:00:00:00:00:32"}
        devices:
          - {name: gateway, ip: 198.18.0.1, mac: "02:00:00:00:00:01", category: router, hostname: gw, link: {delay_ms: 1}}
          - {name: phone, ip: 198.18.0.10, mac: "02:00:00:00:00:0a", category: phone, link: {delay_ms: 10}}
          - {name: ghost, ip: 198.18.0.11, mac: "02:00:00:00:00:0b", category: iot, arp: {reply_probability: 0}}
          - {name: speaker, ip: 198.18.0.12, mac: "02:00:00:00:00:0c", category: speaker, arp: {reply_probability: 0},
             mdns: [{type: _raop._tcp, instance: Kitchen, port: 7000}], tcp: {open: [7000]}}
        """

    static func truth() throws -> GroundTruth {
        let fixture = try FixtureLoader.load(text: fixtureText, file: "join.yaml")
        return GroundTruth(
            fixture: fixture,
            fixturePath: "join.yaml",
            plan: TestbedPlan(fixture: fixture, names: TestbedNames(id: "x"))
        )
    }

    static func ip(_ text: String) -> IPv4Address { IPv4Address(text)! }

    /// A run's observation with only a truth and an event log (no scan report, capture or process).
    static func observation(_ truth: GroundTruth, _ records: [EventRecord]) -> RunObservation {
        RunObservation(
            truth: truth,
            scan: nil,
            events: records,
            wire: nil,
            captureDrops: 0,
            process: ProcessStats(),
            realtimeMinusMonotonicNs: 0
        )
    }

    /// The fixture's devices as the join sees them under a run of these events (no report, no capture).
    static func joinedDevices(_ records: [EventRecord]) throws -> [DeviceOutcome] {
        MetricsJoiner(observation: observation(try truth(), records)).join().devices
    }

    /// The speaker's missed reason under a run whose events are `events` (plus start and end).
    static func speakerReason(_ events: [ScanEvent]) throws -> String {
        let t0: UInt64 = 1_000_000_000
        let records =
            [EventRecord(timeNs: t0, event: .scanStart(.init(strategy: "s", hosts: 253)))]
            + events.enumerated().map { EventRecord(timeNs: t0 + UInt64($0.offset + 1) * 1_000_000, event: $0.element) }
            + [EventRecord(timeNs: t0 + 2_000_000_000, event: .scanEnd(.init(devices: 0)))]
        return try #require(joinedDevices(records).first { $0.name == "speaker" }?.missedBecause)
    }

    @Test("per device: the first mDNS answer heard, and TCP connects answered by a SYN-ACK or refused")
    func firstAnswerAndRefusals() throws {
        let (gateway, phone, speaker) = (Self.ip("198.18.0.1"), Self.ip("198.18.0.10"), Self.ip("198.18.0.12"))
        let t0: UInt64 = 1_000_000_000
        func at(_ ms: UInt64, _ event: ScanEvent) -> EventRecord {
            EventRecord(timeNs: t0 + ms * 1_000_000, event: event)
        }
        func connect(
            _ id: UInt64,
            _ ip: IPv4Address,
            _ ms: UInt64,
            _ end: ConnectionStateName,
            _ error: String?
        )
            -> [EventRecord]
        {
            [
                at(
                    ms,
                    .connectionCreated(.init(connection: id, transport: .tcp, ip: ip, port: 80, phase: "tcp_probe"))
                ),
                at(ms, .connectionState(.init(connection: id, state: .preparing))),
                at(ms + 5, .connectionState(.init(connection: id, state: end, error: error))),
            ]
        }
        let records =
            [at(0, .scanStart(.init(strategy: "s", hosts: 253)))]
            + connect(1, gateway, 10, .ready, nil) + connect(2, phone, 20, .failed, "ECONNREFUSED")
            + connect(3, phone, 30, .waiting, "ECONNREFUSED")
            + [
                at(7_600, .answerReceived(.init(phase: "bonjour", protocol: .mdns, from: speaker))),
                at(9_000, .answerReceived(.init(phase: "bonjour", protocol: .mdns, from: speaker))),
                at(9_500, .answerReceived(.init(phase: "ssdp", protocol: .ssdp, from: gateway))),
                at(10_000, .scanEnd(.init(devices: 0))),
            ]
        let devices = try Self.joinedDevices(records)
        let byName = Dictionary(uniqueKeysWithValues: devices.map { ($0.name, $0) })
        #expect(byName["speaker"]?.mdnsFirstAnswerMs == 7_600)
        #expect(byName["gateway"]?.mdnsFirstAnswerMs == nil)  // an SSDP answer is no mDNS answer
        #expect(byName["gateway"]?.tcpReady == 1 && byName["gateway"]?.tcpRefused == 0)
        #expect(byName["phone"]?.tcpReady == 0 && byName["phone"]?.tcpRefused == 2)
        #expect(byName["speaker"]?.tcpReady == nil && byName["ghost"]?.tcpRefused == nil)  // no connect to them
    }

    @Test("the physical floor: the fastest answer the fixture allows, per device and for all of them")
    func physicalFloor() throws {
        let text = Self.fixtureText.replacingOccurrences(
            of: "category: phone, link: {delay_ms: 10}}",
            with:
                "category: phone, link: {delay_ms: 10}, arp: {reply_delay_ms: 900}, mdns: [{type: _ssh._tcp, instance: P, port: 22, delay_ms: 300}]}"
        )
        let fixture = try FixtureLoader.load(text: text, file: "floor.yaml")
        func floor(_ name: String) -> Double? {
            Discoverability.floorMs(
                fixture.devices.first { $0.name == name }!,
                scannerLink: fixture.network.scanner.link
            )
        }
        #expect(floor("gateway") == 2, "an immediate ARP reply over a 1 ms link: one round trip")
        #expect(floor("phone") == 320, "mDNS after 300 ms beats ARP after 900 ms; plus a 20 ms round trip")
        #expect(floor("ghost") == nil, "never answers anything: no floor")
        #expect(floor("speaker") == 0, "no ARP, but mDNS at once")
        let observation = RunObservation(
            truth: GroundTruth(
                fixture: fixture,
                fixturePath: "floor.yaml",
                plan: TestbedPlan(fixture: fixture, names: TestbedNames(id: "x"))
            ),
            scan: nil,
            events: [],
            wire: nil,
            captureDrops: 0,
            process: ProcessStats(),
            realtimeMinusMonotonicNs: 0
        )
        let (metrics, devices, _) = MetricsJoiner(observation: observation).join()
        #expect(metrics.timeTo100PercentFloorS == 0.32)
        #expect(devices.first { $0.name == "phone" }?.floorMs == 320)
    }

    @Test(
        "a missed device's reason says only what the run's events show: no ARP table read, no listening, when there was none"
    )
    func missedReasonsComeFromEvents() throws {
        let speaker = Self.ip("198.18.0.12")
        // A TCP-only strategy: it never read the ARP table and never listened.
        let tcpOnly = try Self.speakerReason([
            .connectionCreated(.init(connection: 1, transport: .tcp, ip: speaker, port: 80, phase: "tcp_probe")),
            .connectionState(.init(connection: 1, state: .cancelled)),
        ])
        #expect(tcpOnly.contains("the ARP table was never read"), "\(tcpOnly)")
        #expect(tcpOnly.contains("no mDNS or SSDP listening phase"), "\(tcpOnly)")
        #expect(!tcpOnly.contains("not in the ARP table"), "\(tcpOnly)")
        #expect(tcpOnly.contains("inferred: no probed port answered"), "\(tcpOnly)")
        // An ARP sweep and a Bonjour phase: the table was read twice without it, nobody answered from it.
        let swept = try Self.speakerReason([
            .phaseStart(.init(phase: "arp", step: 0)),
            .packetSent(.init(phase: "arp", kind: .udpPoke, ip: speaker, port: 55555, bytes: 1)),
            .neighbourTableRead(.init(phase: "arp", round: 0, addresses: [Self.ip("198.18.0.1")])),
            .neighbourTableRead(.init(phase: "arp", round: 1, addresses: [Self.ip("198.18.0.1")])),
            .phaseStart(.init(phase: "bonjour", step: 0)),
            .answerReceived(.init(phase: "bonjour", protocol: .mdns, from: Self.ip("198.18.0.1"))),
        ])
        #expect(
            swept.hasPrefix(
                "observed: no TCP connect to it; 1 udp_poke; not in the ARP table at any of 2 reads; no mdns answer from it during the bonjour phase"
            ),
            "\(swept)"
        )
        #expect(swept.contains("inferred: it did not answer ARP before the table was read"), "\(swept)")
        // An answer from it is reported as seen, not denied.
        let answered = try Self.speakerReason([
            .phaseStart(.init(phase: "bonjour", step: 0)),
            .answerReceived(.init(phase: "bonjour", protocol: .mdns, from: speaker)),
        ])
        #expect(answered.contains("answered mdns"), "\(answered)")
    }

    @Test(
        "a missed device's reason names its Wi-Fi mechanism: asleep at every poke, waiting ended by the policy during a path loss, probes a path gap covered"
    )
    func missedReasonsNameTheMechanism() throws {
        let text = Self.fixtureText.replacingOccurrences(
            of: "category: phone, link: {delay_ms: 10}}",
            with: "category: phone, link: {delay_ms: 10}, deep_sleep: {sleep_s: 20, awake_s: 5}}"
        )
        let fixture = try FixtureLoader.load(text: text, file: "join.yaml")
        let truth = GroundTruth(
            fixture: fixture,
            fixturePath: "join.yaml",
            plan: TestbedPlan(fixture: fixture, names: TestbedNames(id: "x"))
        )
        let (phone, speaker) = (Self.ip("198.18.0.10"), Self.ip("198.18.0.12"))
        let t0: UInt64 = 1_000_000_000
        func at(_ ms: UInt64, _ event: ScanEvent) -> EventRecord {
            EventRecord(timeNs: t0 + ms * 1_000_000, event: event)
        }
        let records = [
            at(0, .scanStart(.init(strategy: "s", hosts: 253))),
            at(100, .connectionCreated(.init(connection: 1, transport: .tcp, ip: phone, port: 80, phase: "tcp_probe"))),
            at(100, .connectionState(.init(connection: 1, state: .preparing))),
            at(1100, .connectionState(.init(connection: 1, state: .cancelled))),
            // The speaker's connect: waiting(ENETDOWN) when the path went at 1.5 s, cancelled 1 ms later (`fail`).
            at(
                1000,
                .connectionCreated(.init(connection: 2, transport: .tcp, ip: speaker, port: 7000, phase: "tcp_probe"))
            ),
            at(1000, .connectionState(.init(connection: 2, state: .preparing))),
            at(1500, .connectionState(.init(connection: 2, state: .waiting, error: "ENETDOWN"))),
            at(1501, .connectionState(.init(connection: 2, state: .cancelled))),
            at(2000, .scanEnd(.init(devices: 0))),
        ]
        var observation = Self.observation(truth, records)
        var sleeper = SwitchPortCounters(name: "phone")
        sleeper.asleepDropped = 4
        observation.switchCounters = [sleeper]
        // An association loss from 1.5 s to 4 s on the event log's clock (realtime = monotonic here).
        observation.pathEvents = [
            PathEventRecord(
                port: "scanner",
                kind: "association_loss",
                startSeconds: 0,
                endSeconds: 2.5,
                startUnix: 2.5,
                endUnix: 5
            )
        ]
        let (_, devices, _) = MetricsJoiner(observation: observation).join()
        let phoneReason = try #require(devices.first { $0.name == "phone" }?.missedBecause)
        #expect(
            phoneReason.contains("deep_sleep: asleep 20 s of every 25 s; the switch dropped 4 frames"),
            "\(phoneReason)"
        )
        #expect(phoneReason.contains("asleep at every poke (deep_sleep)"), "\(phoneReason)")
        #expect(!phoneReason.contains("path gap"), "its connect ended before the gap: \(phoneReason)")
        // Unread switch counters are no "dropped 0 frames", and imply no sleep at every poke.
        observation.switchCounters = nil
        let unread = try #require(
            MetricsJoiner(observation: observation).join().devices.first { $0.name == "phone" }?.missedBecause
        )
        #expect(unread.contains("deep_sleep: asleep 20 s of every 25 s; switch counters unread"), "\(unread)")
        #expect(!unread.contains("dropped") && !unread.contains("asleep at every poke"), "\(unread)")
        let speakerReason = try #require(devices.first { $0.name == "speaker" }?.missedBecause)
        #expect(speakerReason.contains("1× waiting ENETDOWN"), "\(speakerReason)")
        #expect(speakerReason.contains("`waiting` ended by the probe's policy during a path loss"), "\(speakerReason)")
        #expect(
            speakerReason.contains("1 of 1 TCP connects overlapped a path gap (association_loss"),
            "\(speakerReason)"
        )
        #expect(
            speakerReason.contains("path lost: a path gap (association_loss) covered its probes"),
            "\(speakerReason)"
        )
        #expect(!speakerReason.contains("deep_sleep"), "\(speakerReason)")
    }

    @Test(
        "a missed device's reason names a leave fault: away for the whole scan, or while every probe of it ran; not a scanner path gap"
    )
    func missedReasonsNameTheLeaveFault() throws {
        let text = Self.fixtureText.replacingOccurrences(
            of: "category: phone, link: {delay_ms: 10}}",
            with: "category: phone, link: {delay_ms: 10}, leave: {start_s: [0, 0], away_s: [60, 60]}}"
        )
        let fixture = try FixtureLoader.load(text: text, file: "join.yaml")
        let truth = GroundTruth(
            fixture: fixture,
            fixturePath: "join.yaml",
            plan: TestbedPlan(fixture: fixture, names: TestbedNames(id: "x"))
        )
        let (phone, speaker) = (Self.ip("198.18.0.10"), Self.ip("198.18.0.12"))
        let t0: UInt64 = 1_000_000_000
        func at(_ ms: UInt64, _ event: ScanEvent) -> EventRecord {
            EventRecord(timeNs: t0 + ms * 1_000_000, event: event)
        }
        let records = [
            at(0, .scanStart(.init(strategy: "s", hosts: 253))),
            at(100, .connectionCreated(.init(connection: 1, transport: .tcp, ip: phone, port: 80, phase: "tcp_probe"))),
            at(100, .connectionState(.init(connection: 1, state: .preparing))),
            at(1100, .connectionState(.init(connection: 1, state: .cancelled))),
            at(
                200,
                .connectionCreated(.init(connection: 2, transport: .tcp, ip: speaker, port: 7000, phase: "tcp_probe"))
            ),
            at(200, .connectionState(.init(connection: 2, state: .preparing))),
            at(1200, .connectionState(.init(connection: 2, state: .cancelled))),
            at(2000, .scanEnd(.init(devices: 0))),
        ]
        var observation = Self.observation(truth, records)
        var leaver = SwitchPortCounters(name: "phone")
        leaver.awayDropped = 6
        observation.switchCounters = [leaver]
        // The phone away from 0.5 s to 60.5 s on the event log's clock: the whole session (1-3 s).
        observation.pathEvents = [
            PathEventRecord(
                port: "phone",
                kind: "leave",
                startSeconds: 0,
                endSeconds: 60,
                startUnix: 0.5,
                endUnix: 60.5
            )
        ]
        let (_, devices, _) = MetricsJoiner(observation: observation).join()
        let phoneReason = try #require(devices.first { $0.name == "phone" }?.missedBecause)
        #expect(phoneReason.contains("leave: away from the LAN 0.0-60.0 s after the switch's start"), "\(phoneReason)")
        #expect(phoneReason.contains("the switch dropped 6 frames to or from it while away"), "\(phoneReason)")
        #expect(phoneReason.contains("left the LAN (leave fault) for the whole scan"), "\(phoneReason)")
        #expect(!phoneReason.contains("path gap"), "a device's leave is no scanner path gap: \(phoneReason)")
        let speakerReason = try #require(devices.first { $0.name == "speaker" }?.missedBecause)
        #expect(!speakerReason.contains("leave"), "\(speakerReason)")
        // Away from 1.05 s to 1.15 s only: inside the session, but the phone's probe (1.1-2.1 s) outlasted it.
        observation.pathEvents = [
            PathEventRecord(
                port: "phone",
                kind: "leave",
                startSeconds: 0,
                endSeconds: 0.1,
                startUnix: 1.05,
                endUnix: 1.15
            )
        ]
        let brief = try #require(
            MetricsJoiner(observation: observation).join().devices.first { $0.name == "phone" }?.missedBecause
        )
        #expect(brief.contains("away 0.1 s of the session's 2.0 s"), "\(brief)")
        #expect(!brief.contains("left the LAN (leave fault)"), "its probe was not inside the window: \(brief)")
    }

    @Test("a device that came back on a new address is found at it")
    func foundAtTheReturnAddress() throws {
        let fixture = try FixtureLoader.load(text: Self.fixtureText, file: "join.yaml")
        let returnAddress = Self.ip("198.18.0.77")
        let truth = GroundTruth(
            fixture: fixture,
            fixturePath: "join.yaml",
            plan: TestbedPlan(fixture: fixture, names: TestbedNames(id: "x")),
            returnAddresses: ["phone": returnAddress]
        )
        let t0: UInt64 = 1_000_000_000
        let records = [
            EventRecord(timeNs: t0, event: .scanStart(.init(strategy: "s", hosts: 253))),
            EventRecord(
                timeNs: t0 + 100_000_000,
                event: .deviceFirstSeen(.init(ip: returnAddress, source: .arp))
            ),
            EventRecord(timeNs: t0 + 2_000_000_000, event: .scanEnd(.init(devices: 1))),
        ]
        let (_, devices, _) = MetricsJoiner(observation: Self.observation(truth, records)).join()
        let phone = try #require(devices.first { $0.name == "phone" })
        #expect(phone.found && phone.ip == "198.18.0.77", "\(phone)")
        // Without the return address in the truth the same sighting is nobody's.
        let plain = Self.observation(try Self.truth(), records)
        #expect(MetricsJoiner(observation: plain).join().devices.first { $0.name == "phone" }?.found == false)
    }

    @Test("hostile answers are named in every missed reason, and blamed for the hostile device's own miss")
    func missedReasonsNameHostileAnswers() throws {
        let speaker = Self.ip("198.18.0.12")
        let t0: UInt64 = 1_000_000_000
        let records = [
            EventRecord(timeNs: t0, event: .scanStart(.init(strategy: "s", hosts: 253))),
            EventRecord(
                timeNs: t0 + 100_000_000,
                event: .connectionCreated(
                    .init(connection: 1, transport: .tcp, ip: speaker, port: 7000, phase: "tcp_probe")
                )
            ),
            EventRecord(timeNs: t0 + 100_000_000, event: .connectionState(.init(connection: 1, state: .preparing))),
            EventRecord(timeNs: t0 + 900_000_000, event: .connectionState(.init(connection: 1, state: .cancelled))),
            EventRecord(timeNs: t0 + 2_000_000_000, event: .scanEnd(.init(devices: 0))),
        ]
        var observation = Self.observation(try Self.truth(), records)
        observation.pathEvents = [
            PathEventRecord(
                port: "speaker",
                kind: PathEventRecord.hostileKind,
                startSeconds: 0,
                endSeconds: 86_400,
                startUnix: 0,
                endUnix: 86_400,
                detail: "mdns truncated"
            )
        ]
        let (_, devices, _) = MetricsJoiner(observation: observation).join()
        let speakerReason = try #require(devices.first { $0.name == "speaker" }?.missedBecause)
        #expect(speakerReason.contains("hostile: its own answers were mdns truncated"), "\(speakerReason)")
        #expect(speakerReason.contains("its answers were hostile (mdns truncated)"), "\(speakerReason)")
        let phoneReason = try #require(devices.first { $0.name == "phone" }?.missedBecause)
        #expect(phoneReason.contains("hostile: speaker's answers were mdns truncated"), "\(phoneReason)")
        #expect(!phoneReason.contains("its answers were hostile"), "not its own fault: \(phoneReason)")
    }

    @Test(
        "burst loss on the scanner's link is named in every missed reason; blamed only where an open port went unanswered"
    )
    func missedReasonsNameTheScannersBurstLoss() throws {
        let text = Self.fixtureText.replacingOccurrences(
            of: "scanner: {ip: 198.18.0.50, mac: \"02:00:00:00:00:32\"}",
            with:
                "scanner: {ip: 198.18.0.50, mac: \"02:00:00:00:00:32\", link: {burst_loss: {enter_percent: 2, exit_percent: 20}}}"
        )
        let fixture = try FixtureLoader.load(text: text, file: "join.yaml")
        let truth = GroundTruth(
            fixture: fixture,
            fixturePath: "join.yaml",
            plan: TestbedPlan(fixture: fixture, names: TestbedNames(id: "x"))
        )
        let (phone, speaker) = (Self.ip("198.18.0.10"), Self.ip("198.18.0.12"))
        let t0: UInt64 = 1_000_000_000
        func at(_ ms: UInt64, _ event: ScanEvent) -> EventRecord {
            EventRecord(timeNs: t0 + ms * 1_000_000, event: event)
        }
        // The phone has no open port; the speaker's 7000 is open, probed and not answered.
        let records = [
            at(0, .scanStart(.init(strategy: "s", hosts: 253))),
            at(100, .connectionCreated(.init(connection: 1, transport: .tcp, ip: phone, port: 80, phase: "tcp_probe"))),
            at(100, .connectionState(.init(connection: 1, state: .preparing))),
            at(1100, .connectionState(.init(connection: 1, state: .cancelled))),
            at(
                200,
                .connectionCreated(.init(connection: 2, transport: .tcp, ip: speaker, port: 7000, phase: "tcp_probe"))
            ),
            at(200, .connectionState(.init(connection: 2, state: .preparing))),
            at(1200, .connectionState(.init(connection: 2, state: .cancelled))),
            at(2000, .scanEnd(.init(devices: 0))),
        ]
        var observation = Self.observation(truth, records)
        var scanner = SwitchPortCounters(name: "scanner")
        scanner.lostOnLink = 9
        observation.switchCounters = [scanner]
        let devices = MetricsJoiner(observation: observation).join().devices
        let phoneReason = try #require(devices.first { $0.name == "phone" }?.missedBecause)
        let speakerReason = try #require(devices.first { $0.name == "speaker" }?.missedBecause)
        for reason in [phoneReason, speakerReason] {
            #expect(
                reason.contains(
                    "burst loss on the scanner's link (burst_loss: enter 2 %, exit 20 %); the switch dropped 9 of the scanner's frames"
                ),
                "\(reason)"
            )
        }
        #expect(
            speakerReason.contains("an open port was probed, unanswered, while the scanner's burst loss"),
            "\(speakerReason)"
        )
        #expect(!phoneReason.contains("an open port was probed"), "the phone has no open port: \(phoneReason)")
    }

    @Test(
        "UI: main-actor time per publish as p50, p95 and max; publishes that handed the list over; late frames past one 60 Hz frame"
    )
    func uiDistribution() throws {
        let t0: UInt64 = 1_000_000_000
        // Busy 1, 2, 3, 4 and 20 ms; the first from a log before device_flush_ms (no flag: it handed the list over).
        let busy: [(UInt64, Bool?)] = [(1, nil), (2, false), (3, false), (4, true), (20, true)]
        var events: [EventRecord] = [.init(timeNs: t0, event: .scanStart(.init(strategy: "s", hosts: 1)))]
        for (i, (ms, list)) in busy.enumerated() {
            events.append(
                .init(
                    timeNs: t0 + UInt64(i + 1) * 1_000_000,
                    event: .publish(
                        .init(
                            sequence: i + 1,
                            devices: 1,
                            progress: 0.1,
                            reason: .percent,
                            mainBusyNs: ms * 1_000_000,
                            deviceList: list
                        )
                    )
                )
            )
        }
        for late: UInt64 in [16_666_667, 16_666_668, 50_000_000] {
            events.append(
                .init(timeNs: t0 + 10_000_000, event: .frameProbe(.init(lateNs: late, intervalNs: 16_666_667)))
            )
        }
        let observation = RunObservation(
            truth: try Self.truth(),
            scan: nil,
            events: events,
            wire: nil,
            captureDrops: 0,
            process: ProcessStats(),
            realtimeMinusMonotonicNs: 0
        )
        let ui = MetricsJoiner(observation: observation).join().metrics.ui
        #expect(ui.publishes == 5 && ui.deviceListPublishes == 3)
        #expect(ui.mainBusyMs == 30 && ui.mainBusyP50Ms == 3 && ui.mainBusyMaxMs == 20)
        // p95 by linear interpolation: rank 0.95 × 4 = 3.8, between 4 and 20.
        #expect(abs((ui.mainBusyP95Ms ?? 0) - 16.8) < 1e-9)
        #expect(ui.lateFrames == 2, "exactly one frame late is on time")
        let none = MetricsJoiner(
            observation: RunObservation(
                truth: try Self.truth(),
                scan: nil,
                events: [],
                wire: nil,
                captureDrops: 0,
                process: ProcessStats(),
                realtimeMinusMonotonicNs: 0
            )
        ).join().metrics.ui
        #expect(none.mainBusyP95Ms == nil && none.mainBusyMaxMs == nil && none.deviceListPublishes == 0)
    }

    @Test("yield counts discoverable devices only, by first source; misses say why; stack and UI counters add up")
    func join() throws {
        let t0: UInt64 = 1_000_000_000
        let events: [EventRecord] = [
            .init(timeNs: t0, event: .scanStart(.init(strategy: "s", hosts: 253))),
            .init(
                timeNs: t0 + 1_000_000,
                event: .connectionCreated(
                    .init(connection: 1, transport: .tcp, ip: Self.ip("198.18.0.12"), port: 80, phase: "tcp_probe")
                )
            ),
            .init(
                timeNs: t0 + 2_000_000,
                event: .connectionState(.init(connection: 1, state: .waiting, error: "EHOSTUNREACH"))
            ),
            .init(
                timeNs: t0 + 3_000_000,
                event: .connectionCreated(
                    .init(connection: 2, transport: .tcp, ip: Self.ip("198.18.0.1"), port: 80, phase: "tcp_probe")
                )
            ),
            .init(timeNs: t0 + 500_000_000, event: .deviceFirstSeen(.init(ip: Self.ip("198.18.0.1"), source: .arp))),
            .init(timeNs: t0 + 600_000_000, event: .connectionState(.init(connection: 1, state: .cancelled))),
            .init(timeNs: t0 + 700_000_000, event: .budgetWait(.init(active: 30, limit: 30, queued: 1))),
            .init(timeNs: t0 + 800_000_000, event: .budgetAcquire(.init(active: 30, limit: 30, waitedNs: 5))),
            .init(timeNs: t0 + 900_000_000, event: .deviceFirstSeen(.init(ip: Self.ip("198.18.0.10"), source: .tcp))),
            .init(
                timeNs: t0 + 950_000_000,
                event: .deviceSourceAdded(.init(ip: Self.ip("198.18.0.10"), source: .icmp))
            ),
            .init(timeNs: t0 + 960_000_000, event: .deviceFirstSeen(.init(ip: Self.ip("198.18.0.99"), source: .tcp))),
            .init(
                timeNs: t0 + 970_000_000,
                event: .publish(.init(sequence: 1, devices: 2, progress: 0.5, reason: .host, mainBusyNs: 2_000_000))
            ),
            .init(timeNs: t0 + 980_000_000, event: .frameProbe(.init(lateNs: 40_000_000, intervalNs: 16_666_667))),
            .init(timeNs: t0 + 990_000_000, event: .frameProbe(.init(lateNs: 1_000_000, intervalNs: 16_666_667))),
            .init(timeNs: t0 + 2_000_000_000, event: .scanEnd(.init(devices: 3))),
        ]
        let scan = try ScanReportExcerpt.decode(
            """
            {"devices": [
              {"ip": "198.18.0.1", "hostname": "gw.home.arpa", "sources": ["arp"], "first_source": "arp", "latency_ms": 2.5, "latency_source": "icmp"},
              {"ip": "198.18.0.10", "sources": ["tcp", "icmp"], "first_source": "tcp", "latency_ms": 30, "latency_source": "icmp"},
              {"ip": "198.18.0.99", "sources": ["tcp"], "first_source": "tcp"}],
             "summary": {"duration_s": 2.0}}
            """
        )
        var before = SwitchPortCounters(name: "phone"), after = before
        before.lostOnLink = 4
        after.lostOnLink = 7
        after.arpRepliesDropped = 2
        after.writeFailures = 1
        let observation = RunObservation(
            truth: try Self.truth(),
            scan: scan,
            events: events,
            wire: nil,
            captureDrops: 0,
            process: ProcessStats(),
            realtimeMinusMonotonicNs: 0,
            switchCounters: [after, SwitchPortCounters(name: "new")].since([before])
        )
        let (metrics, devices, series) = MetricsJoiner(observation: observation).join()
        // ghost never answers ARP and announces nothing: not discoverable.
        #expect(metrics.yield.discoverable == 3)
        #expect(metrics.yield.found == 2)
        #expect(abs(metrics.yield.recall - 2.0 / 3.0) < 1e-9)
        #expect(metrics.yield.falsePositives == 1)
        #expect(metrics.yield.bySource == ["arp": 1, "tcp": 1])
        #expect(metrics.yield.byCategory["speaker"] == [0, 1])
        let speaker = try #require(devices.first { $0.name == "speaker" })
        #expect(!speaker.found)
        #expect(speaker.missedBecause?.contains("1× waiting EHOSTUNREACH") == true, "\(speaker.missedBecause ?? "")")
        #expect(devices.first { $0.name == "phone" }?.sources == ["tcp", "icmp"])
        #expect(metrics.stack.connectionsCreated == 2 && metrics.stack.tcpConnectionsCreated == 2)
        #expect(metrics.stack.peakInFlight == 2)
        #expect(metrics.stack.budgetWaits == 1 && metrics.stack.peakSlotsInUse == 30)
        #expect(metrics.ui.publishes == 1 && metrics.ui.lateFrames == 1 && metrics.ui.worstHitchMs == 40)
        #expect(metrics.ui.mainBusyMs == 2)
        // Latency: gateway 2.5 vs truth 2 → 0.5; phone 30 vs truth 20 → 10.
        #expect(metrics.latency.devicesWithLatency == 2)
        #expect(metrics.latency.stackVsTruthAbsMsMedian == 5.25)
        #expect(metrics.latency.stackVsWireAbsMsMedian == nil)
        #expect(metrics.names.withHostname == 1 && metrics.names.hostnameCorrect == 1)
        #expect(metrics.durationS == 2.0)
        #expect(series.devicesFound.map { $0[1] } == [1, 2, 3])
        #expect(metrics.timeTo100PercentS == nil, "the speaker was missed: the run never reached 100 %")
        #expect(metrics.timeTo90PercentS == 0.9, "90 % of the final yield: the false positive at 0.96 s does not count")
        // The switch's counters during the run, not since the testbed came up.
        #expect(metrics.wire.emulatorConfiguredDrops == 5)
        #expect(metrics.wire.emulatorWriteFailures == 1)
    }

    /// The categories of one run whose scan found the gateway, the phone and an address no
    /// device has, classified as `probe` printed them.
    static func categoryJoin(_ probe: ProbedCategories?) throws -> (RunMetrics, [DeviceOutcome]) {
        let scan = try ScanReportExcerpt.decode(
            """
            {"devices": [{"ip": "198.18.0.1", "sources": ["arp"], "first_source": "arp"},
                         {"ip": "198.18.0.10", "sources": ["arp"], "first_source": "arp"},
                         {"ip": "198.18.0.99", "sources": ["tcp"], "first_source": "tcp"}]}
            """
        )
        var observation = RunObservation(
            truth: try truth(),
            scan: scan,
            events: [],
            wire: nil,
            captureDrops: 0,
            process: ProcessStats(),
            realtimeMinusMonotonicNs: 0
        )
        observation.categories = probe
        observation.categoryProbeSeconds = probe == nil ? nil : 3.25
        if probe != nil {
            var step = RunMetrics.WireCounters()
            (step.tcpAttempts, step.packets, step.airtimeMsEst) = (120, 260, 40)
            (observation.categoryProbeWire, observation.categoryProbePacketsSent) = (step, 150)
        }
        let (metrics, devices, _) = MetricsJoiner(observation: observation).join()
        return (metrics, devices)
    }

    @Test("wired/Wi-Fi: each found device's guess against the fixture's link; none guessed, no figure")
    func linkGuesses() throws {
        // Both the gateway (1 ms one way) and the phone (10 ms) are on Wi-Fi by the fixture.
        let guessed = ProbedCategories(devices: [
            .init(ip: "198.18.0.1", category: "router", rule: "gateway", link: "wired"),
            .init(ip: "198.18.0.10", category: nil, rule: "none", link: "wifi"),
            .init(ip: "198.18.0.99", category: nil, rule: "none", link: "wifi"),
        ])
        let (metrics, devices) = try Self.categoryJoin(guessed)
        #expect(metrics.names.linkGiven == 2 && metrics.names.linkCorrect == 1, "no device at .99: not scored")
        #expect(Metric.linksCorrect.value(in: metrics) == 1 && Metric.linksCorrect.total(in: metrics) == 2)
        let byName = Dictionary(uniqueKeysWithValues: devices.map { ($0.name, $0) })
        #expect(byName["gateway"]?.linkGuess == "wired" && byName["gateway"]?.linkCorrect == false)
        #expect(byName["phone"]?.linkGuess == "wifi" && byName["phone"]?.linkCorrect == true)
        let (plain, _) = try Self.categoryJoin(
            ProbedCategories(devices: [.init(ip: "198.18.0.1", category: "router", rule: "gateway")])
        )
        #expect(plain.names.linkGiven == nil && Metric.linksCorrect.value(in: plain) == nil)
    }

    @Test(
        "categories: correct among every discoverable device, a missed one is not; per device the verdict and its rule"
    )
    func categories() throws {
        let output = """
            {"devices": [
              {"ip": "198.18.0.1", "category": "router", "category_reason": "gateway", "category_evidence": "198.18.0.1", "display_name": "gw"},
              {"ip": "198.18.0.10", "category": null, "category_reason": "none", "category_evidence": null, "probe": {"ip": "198.18.0.10"}},
              {"ip": "198.18.0.99", "category": "printer", "category_reason": "ports", "category_evidence": "port 9100"}],
             "summary": {"duration_s": 2.0}}
            """
        let (metrics, devices) = try Self.categoryJoin(try ProbedCategories.decode(output))
        // Discoverable: gateway, phone, speaker (ghost answers nothing). Found: gateway, phone.
        #expect(metrics.names.categoryTotal == 3, "every discoverable device, found or not")
        #expect(metrics.names.categoryCorrect == 1, "the gateway; the phone is unclassified, the speaker missed")
        #expect(metrics.names.categoryProbeS == 3.25)
        #expect(metrics.names.categoryProbeConnections == 120 && metrics.names.categoryProbePackets == 150)
        #expect(
            Metric.categoryProbeConnections.value(in: metrics) == 120,
            "the classify step's cost, declared once in the catalogue"
        )
        // The session pays for the step: its connects and every frame of its capture on top of the scan's.
        let session = try #require(metrics.session)
        #expect(
            session.connectionsCreated == metrics.stack.connectionsCreated + 120
                && session.tcpAttempts == metrics.wire.tcpAttempts + 120
        )
        #expect(
            session.packets == metrics.wire.packets + 260,
            "every frame of the step's capture, not only what the scanner sent"
        )
        #expect(
            session.timeToCategoriesS == metrics.durationS + 3.25,
            "the harness's probe after the app: the scan's duration plus the probe's"
        )
        #expect(
            metrics.names.categoryFound == 2 && metrics.names.categoryGiven == 1,
            "the phone is unknown: found, given none"
        )
        #expect(
            Metric.categoryPrecision.value(in: metrics) == 100 && Metric.categoryCoverage.value(in: metrics) == 50,
            "unknown is not wrong: 1 right of 1 given; 1 given of 2 found"
        )
        #expect(
            metrics.names.categoryIdentifiable == 1
                && devices.first { $0.name == "gateway" }?.categoryIdentifiable == true,
            "the gateway identifies itself; the fixture's phone and speaker announce nothing determining"
        )
        let peer = CategoryScore(
            guesses: ["198.18.0.1": "router", "198.18.0.10": "computer", "198.18.0.99": "printer"],
            ground: try Self.truth()
        )
        #expect(
            peer.found == 2 && peer.given == 2 && peer.right == 1 && peer.identifiable == 1 && peer.precision == 0.5,
            "a peer's guesses score alike: the false positive has no truth, the missed speaker is not found"
        )
        #expect(peer.confusion["phone"]?["computer"] == 1 && peer.confusion["speaker"]?[CategoryScore.notFound] == 1)
        let gateway = try #require(devices.first { $0.name == "gateway" })
        #expect(
            gateway.categoryPredicted == "router" && gateway.categoryRule == "gateway"
                && gateway.categoryEvidence == "198.18.0.1"
        )
        let phone = try #require(devices.first { $0.name == "phone" })
        #expect(phone.categoryPredicted == nil && phone.categoryRule == "none", "probed, no rule decided")
        let speaker = try #require(devices.first { $0.name == "speaker" })
        #expect(!speaker.found && speaker.categoryPredicted == nil && speaker.categoryRule == nil, "never probed")
        #expect(
            !devices.contains { $0.categoryPredicted == "printer" },
            "the false positive's verdict belongs to no fixture device"
        )
        // Without a probe (--no-classify, or no scan report) nothing is claimed.
        let (none, plain) = try Self.categoryJoin(nil)
        #expect(
            none.names.categoryCorrect == nil && none.names.categoryTotal == nil && none.names.categoryProbeS == nil
        )
        #expect(plain.allSatisfy { $0.categoryRule == nil })
        #expect(
            none.session?.connectionsCreated == none.stack.connectionsCreated && none.session?.timeToCategoriesS == nil,
            "no step: the session is the scan, and no time to categories"
        )
        // An empty scan probes nothing: 0 of every discoverable device.
        let (empty, _) = try Self.categoryJoin(ProbedCategories(devices: []))
        #expect(empty.names.categoryCorrect == 0 && empty.names.categoryTotal == 3)
        #expect(throws: HarnessError.self) { try ProbedCategories.decode("scanbench: error") }
    }

    @Test("process activity and the radio estimate reach the metrics; counters that were not measured stay null")
    func processActivityAndRadio() throws {
        var process = ProcessStats()
        (process.voluntaryContextSwitches, process.involuntaryContextSwitches) = (120, 7)
        (process.wakeups, process.syscalls) = (119, 900)
        // Two ARP requests of the scanner 1 s apart: two bursts, each a promotion and a tail.
        let scanner = Self.ip("198.18.0.50"), mac = MACAddress("02:00:00:00:00:32")!
        let frame = PacketBuilder.ethernet(
            destination: .broadcast,
            source: mac,
            type: .arp,
            payload: PacketBuilder.arp(
                operation: .request,
                senderMAC: mac,
                senderIP: scanner,
                targetMAC: .zero,
                targetIP: Self.ip("198.18.0.10")
            )
        )
        var analyzer = WireAnalyzer(options: AnalysisOptions(scanner: scanner))
        for time: Int64 in [0, 1_000_000_000] {
            analyzer.add(timestamp: time, originalLength: frame.count, bytes: frame[...])
        }
        let observation = RunObservation(
            truth: try Self.truth(),
            scan: nil,
            events: [],
            wire: analyzer.finish(),
            captureDrops: 0,
            process: process,
            realtimeMinusMonotonicNs: 0
        )
        let metrics = MetricsJoiner(observation: observation).join().metrics
        #expect(metrics.contextSwitchesVoluntary == 120 && metrics.contextSwitchesInvoluntary == 7)
        #expect(metrics.wakeups == 119 && metrics.syscalls == 900)
        #expect(metrics.wire.radioPromotions == 2)
        #expect(abs((metrics.wire.radioActiveS ?? 0) - 2 * (0.0791 + 0.2381)) < 1e-9)
        let unmeasured = RunObservation(
            truth: try Self.truth(),
            scan: nil,
            events: [],
            wire: nil,
            captureDrops: 0,
            process: ProcessStats(),
            realtimeMinusMonotonicNs: 0
        )
        let none = MetricsJoiner(observation: unmeasured).join().metrics
        #expect(none.wakeups == nil && none.syscalls == nil && none.wire.radioActiveS == nil)
    }

    @Test(
        "time to 100 %: when the k-th discoverable device was found, k the fixture's discoverable count; none when one was missed"
    )
    func timeTo100CountsOnlyCompleteRuns() throws {
        let t0: UInt64 = 1_000_000_000
        func run(finding found: [(String, UInt64)]) throws -> RunMetrics {
            let events =
                [EventRecord(timeNs: t0, event: .scanStart(.init(strategy: "s", hosts: 253)))]
                + found.map {
                    EventRecord(
                        timeNs: t0 + $0.1 * 1_000_000,
                        event: .deviceFirstSeen(.init(ip: Self.ip($0.0), source: .arp))
                    )
                }
                + [EventRecord(timeNs: t0 + 9_000_000_000, event: .scanEnd(.init(devices: found.count)))]
            let observation = RunObservation(
                truth: try Self.truth(),
                scan: nil,
                events: events,
                wire: nil,
                captureDrops: 0,
                process: ProcessStats(),
                realtimeMinusMonotonicNs: 0
            )
            return MetricsJoiner(observation: observation).join().metrics
        }
        // Discoverable: gateway, phone, speaker (ghost answers nothing).
        let complete = try run(finding: [("198.18.0.1", 100), ("198.18.0.10", 400), ("198.18.0.12", 7_000)])
        #expect(complete.timeTo100PercentS == 7.0, "the third of three discoverable devices, the slowest")
        // Missing the slowest device used to make the run faster: 0.4 s, the time of its own last find.
        let missedSlowest = try run(finding: [("198.18.0.1", 100), ("198.18.0.10", 400)])
        #expect(missedSlowest.timeTo100PercentS == nil && missedSlowest.isIncomplete)
        #expect(Metric.timeTo100.value(in: missedSlowest) == .infinity, "the worst time there is, not 0.4 s")
        #expect(missedSlowest.timeTo90PercentS == 0.4, "time to 90 % is of the run's own yield, as before")
        // A device that is not discoverable (ghost) is not waited for; an address no device has does not count.
        let withGhostAndStranger = try run(finding: [
            ("198.18.0.1", 100), ("198.18.0.10", 400), ("198.18.0.12", 900), ("198.18.0.99", 8_000),
        ])
        #expect(withGhostAndStranger.timeTo100PercentS == 0.9)
    }

    // MARK: Agrees with the wire

    static let scanner = ip("198.18.0.50"), scannerMAC = MACAddress("02:00:00:00:00:32")!
    static let phone = ip("198.18.0.10"), phoneMAC = MACAddress("02:00:00:00:00:0a")!

    /// What the stack logged of one TCP connection: its address, and the states after `setup`
    /// (`preparing` once started; then `ready`, `waiting` with an error, `cancelled`).
    struct Connect {
        var ip: IPv4Address
        var states: [(ConnectionStateName, String?)]
    }

    /// The phone answered ARP in every run here; its connects, by what the stack saw of them.
    static let ready = Connect(ip: phone, states: [(.preparing, nil), (.ready, nil), (.cancelled, nil)])
    static let refused = Connect(ip: phone, states: [(.preparing, nil), (.waiting, "ECONNREFUSED"), (.cancelled, nil)])
    /// Started, cancelled by its timer before any answer: its SYN may or may not have left (the
    /// ARP answer may have come after the cancel).
    static let timedOut = Connect(ip: phone, states: [(.preparing, nil), (.cancelled, nil)])
    /// Created and cancelled before it started (it waited for a budget slot): no SYN can follow.
    static let neverStarted = Connect(ip: phone, states: [(.cancelled, nil)])
    /// To an address no device has: ARP goes unanswered, the kernel says so.
    static func unreachable(_ address: String) -> Connect {
        Connect(ip: ip(address), states: [(.preparing, nil), (.waiting, "EHOSTUNREACH"), (.cancelled, nil)])
    }

    /// The stack's side of a run (`connects`, in order) held against a capture of the scanner's
    /// link with ARP requests for `arpFor`, the phone's ARP reply, and `synsToPhone` SYN attempts to
    /// it (each its own port and ISN).
    static func wireCheck(_ connects: [Connect], arpFor: [String], synsToPhone: Int) throws -> RunMetrics.Stack {
        let t0: UInt64 = 1_000_000_000
        var events = [EventRecord(timeNs: t0, event: .scanStart(.init(strategy: "s", hosts: 253)))]
        for (index, connect) in connects.enumerated() {
            let id = UInt64(index + 1), time = t0 + id * 1_000_000
            events.append(
                EventRecord(
                    timeNs: time,
                    event: .connectionCreated(
                        .init(
                            connection: id,
                            transport: .tcp,
                            ip: connect.ip,
                            port: 80 + index,
                            phase: "tcp_probe"
                        )
                    )
                )
            )
            events.append(EventRecord(timeNs: time, event: .connectionState(.init(connection: id, state: .setup))))
            for (offset, (state, error)) in connect.states.enumerated() {
                events.append(
                    EventRecord(
                        timeNs: time + UInt64(offset + 1) * 100_000,
                        event: .connectionState(.init(connection: id, state: state, error: error))
                    )
                )
            }
        }
        events.append(EventRecord(timeNs: t0 + 5_000_000_000, event: .scanEnd(.init(devices: 1))))
        var frames: [[UInt8]] = []
        for target in arpFor {
            frames.append(
                PacketBuilder.ethernet(
                    destination: .broadcast,
                    source: scannerMAC,
                    type: .arp,
                    payload: PacketBuilder.arp(
                        operation: .request,
                        senderMAC: scannerMAC,
                        senderIP: scanner,
                        targetMAC: .zero,
                        targetIP: ip(target)
                    )
                )
            )
        }
        frames.append(
            PacketBuilder.ethernet(
                destination: scannerMAC,
                source: phoneMAC,
                type: .arp,
                payload: PacketBuilder.arp(
                    operation: .reply,
                    senderMAC: phoneMAC,
                    senderIP: phone,
                    targetMAC: scannerMAC,
                    targetIP: scanner
                )
            )
        )
        for index in 0..<synsToPhone {
            frames.append(
                PacketBuilder.ethernet(
                    destination: phoneMAC,
                    source: scannerMAC,
                    type: .ipv4,
                    payload: PacketBuilder.ipv4(
                        source: scanner,
                        destination: phone,
                        protocol: .tcp,
                        payload: PacketBuilder.tcp(
                            source: scanner,
                            destination: phone,
                            sourcePort: UInt16(40_000 + index),
                            destinationPort: UInt16(80 + index),
                            sequence: UInt32(1_000 + index),
                            flags: .syn
                        )
                    )
                )
            )
        }
        var analyzer = WireAnalyzer(options: AnalysisOptions(scanner: scanner))
        for (index, frame) in frames.enumerated() {
            analyzer.add(
                timestamp: Int64(t0) + Int64(index) * 1_000_000,
                originalLength: frame.count,
                bytes: frame[...]
            )
        }
        let observation = RunObservation(
            truth: try truth(),
            scan: nil,
            events: events,
            wire: analyzer.finish(),
            captureDrops: 0,
            process: ProcessStats(),
            realtimeMinusMonotonicNs: 0
        )
        return MetricsJoiner(observation: observation).join().metrics.stack
    }

    @Test(
        "agrees with the wire: per address, the wire's SYN attempts lie between the connects answered and those started"
    )
    func agreesWithTheWire() throws {
        let connects = [
            Self.ready, Self.refused, Self.timedOut, Self.neverStarted, Self.unreachable("198.18.0.77"),
            Self.unreachable("198.18.0.77"), Self.unreachable("198.18.0.78"),
        ]
        let arp = ["198.18.0.10", "198.18.0.77", "198.18.0.78"]
        // Two SYNs (the answered connects) or three (the timed-out one's left too): both agree.
        for syns in [2, 3] {
            let stack = try Self.wireCheck(connects, arpFor: arp, synsToPhone: syns)
            let check = try #require(stack.wireCheck)
            #expect(stack.agreesWithWire, "\(syns) SYNs: \(check.disagreements)")
            #expect(check.disagreements.isEmpty && check.isTwoSided)
            #expect(
                check.connectsToPresent == 4 && check.connectsStartedToPresent == 3
                    && check.connectsAnsweredToPresent == 2
            )
            #expect(check.synAttemptsToPresent == syns)
            #expect(check.connectsToAbsent == 3 && check.synAttemptsToAbsent == 0 && check.arpRequestsToAbsent == 2)
        }
    }

    @Test("disagrees: connects the stack saw answered by an address that answered ARP, and no SYN to it on the wire")
    func stackClaimsConnectsTheWireNeverSaw() throws {
        let connects = [Self.ready, Self.refused, Self.timedOut]
        // The phone answered the scanner's ARP, yet not one SYN went to it: a ready connect and a
        // refused one cannot have happened without. The one-sided check (wire ≤ stack) said yes.
        let none = try Self.wireCheck(connects, arpFor: ["198.18.0.10"], synsToPhone: 0)
        #expect(!none.agreesWithWire)
        #expect(
            none.wireCheck?.disagreements == [
                "198.18.0.10: 2 connects answered in the stack (ready or refused), 0 SYN attempts on the wire"
            ]
        )
        let one = try Self.wireCheck(connects, arpFor: ["198.18.0.10"], synsToPhone: 1)
        #expect(!one.agreesWithWire, "one SYN cannot answer two connects")
    }

    @Test("disagrees: SYN attempts on the wire that no started connect of the stack explains")
    func wireShowsSynsTheStackNeverStarted() throws {
        // Four connects created, three started: a fourth SYN has no connect behind it (the
        // one-sided check counted created connects and said yes).
        let connects = [Self.ready, Self.refused, Self.timedOut, Self.neverStarted]
        let stack = try Self.wireCheck(connects, arpFor: ["198.18.0.10"], synsToPhone: 4)
        #expect(!stack.agreesWithWire)
        #expect(
            stack.wireCheck?.disagreements == [
                "198.18.0.10: 4 SYN attempts on the wire, 3 connects started in the stack"
            ]
        )
        // The stack made no connect to it at all.
        let silent = try Self.wireCheck([], arpFor: ["198.18.0.10"], synsToPhone: 1)
        #expect(!silent.agreesWithWire)
        #expect(
            silent.wireCheck?.disagreements == [
                "198.18.0.10: 1 SYN attempts on the wire, 0 connects started in the stack"
            ]
        )
    }

    @Test("disagrees: an empty address the stack found unreachable, with no ARP request for it on the wire")
    func unreachableWithoutARP() throws {
        // ARP for .77 only: the aggregate over empty addresses (some ARP for some of them) holds, the address .78 does not.
        let stack = try Self.wireCheck(
            [Self.unreachable("198.18.0.77"), Self.unreachable("198.18.0.78")],
            arpFor: ["198.18.0.77"],
            synsToPhone: 0
        )
        #expect(!stack.agreesWithWire)
        #expect(
            stack.wireCheck?.disagreements == [
                "198.18.0.78: 1 connects unreachable in the stack, no ARP request for it on the wire"
            ]
        )
    }
}
