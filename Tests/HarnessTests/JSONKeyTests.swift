@testable import AppContract
@testable import AppSession
@testable import CaptureFiles
@testable import CaptureAnalysis
import Fixture
import Foundation
import Harness
@testable import NetTools
@testable import ScanKit
import Testbed
import Testing
import Wire

/// Every `--json` output of the CLI, and every JSON file it writes for users, is snake_case
/// (issue 13). Each report type is encoded with sample values in which every optional is set and
/// every array has an element, and each key, at any depth, must match `^[a-z0-9_]+$` — so a
/// camelCase property added without a CodingKey fails here.
///
/// Dictionary keys that are data, not schema, are exempt by where they sit (their values are still
/// walked): see `dataKeys`.
@Suite("JSON keys")
struct JSONKeyTests {
    /// Objects whose keys are data, by the end of their path (array indices left out): TXT record
    /// keys (`bonjour`, probe signals, fixture devices' `mdns`), WHOIS field names such as `aut-num`
    /// (`whois`), errno names (`scan`, `app`), port states (`ports`) and decoder layers (`analyze`).
    static let dataKeys = [".txt", ".record.network", ".summary.waiting_by_error", "$.counts", ".malformed_by_layer"]

    /// Paths (`$.a.b[0].c`) of keys that are not snake_case.
    static func offending(_ value: some Encodable) throws -> [String] {
        let encoder = JSONEncoder()
        encoder.dateEncodingStrategy = .iso8601
        let object = try JSONSerialization.jsonObject(with: try encoder.encode(value), options: [.fragmentsAllowed])
        var bad: [String] = []
        walk(object, path: "$", keysAreData: false, into: &bad)
        return bad
    }

    /// Every key at any depth, as a set (to check that renamed keys are there).
    static func keys(_ value: some Encodable) throws -> Set<String> {
        let encoder = JSONEncoder()
        encoder.dateEncodingStrategy = .iso8601
        var found: Set<String> = []
        func collect(_ node: Any) {
            if let object = node as? [String: Any] {
                for (key, child) in object { found.insert(key); collect(child) }
            } else if let array = node as? [Any] {
                array.forEach(collect)
            }
        }
        collect(try JSONSerialization.jsonObject(with: try encoder.encode(value), options: [.fragmentsAllowed]))
        return found
    }

    private static func walk(_ node: Any, path: String, keysAreData: Bool, into bad: inout [String]) {
        if let object = node as? [String: Any] {
            for (key, child) in object.sorted(by: { $0.key < $1.key }) {
                if !keysAreData, key.wholeMatch(of: /[a-z0-9_]+/) == nil { bad.append("\(path).\(key)") }
                let childPath = "\(path).\(key)"
                let unindexed = childPath.replacing(/\[\d+\]/, with: "")
                walk(
                    child,
                    path: childPath,
                    keysAreData: !keysAreData && dataKeys.contains { unindexed.hasSuffix($0) },
                    into: &bad
                )
            }
        } else if let array = node as? [Any] {
            for (index, child) in array.enumerated() {
                walk(child, path: "\(path)[\(index)]", keysAreData: false, into: &bad)
            }
        }
    }

    // MARK: Samples

    static let replies = [
        NetTools.PingAttempt(sequence: 1, rttMs: 1.5, method: "icmp"),
        NetTools.PingAttempt(sequence: 2, rttMs: nil, method: "icmp", error: "timeout"),
    ]

    static let portResult = ConnectPortScanner.PortResult(
        port: 22,
        state: .open,
        service: "ssh",
        rttMs: 0.4,
        banner: "SSH-2.0-x"
    )

    static let bonjour = BonjourService(
        instance: "Kitchen",
        type: "_raop._tcp",
        domain: "local.",
        host: "kitchen.local.",
        port: 7000,
        addresses: ["198.18.0.12"],
        txt: ["rpMd": "AudioAccessory5,1", "model": "x"]
    )

    static var signals: DeviceSignals {
        var signals = DeviceSignals(ip: "198.18.0.12")
        signals.isGateway = true
        signals.hostname = "kitchen"
        signals.mac = "02:00:00:00:00:0c"
        signals.vendor = "Apple"
        signals.openPorts = [7000]
        signals.services = [bonjour]
        signals.httpServers = ["AirTunes"]
        signals.httpTitles = ["Kitchen"]
        signals.banners = ["SSH-2.0-x"]
        signals.upnpDeviceType = "urn:schemas-upnp-org:device:MediaRenderer:1"
        signals.upnpFriendlyName = "Kitchen"
        signals.upnpManufacturer = "Sonos"
        signals.upnpModel = "One"
        signals.airplayModel = "AudioAccessory5,1"
        signals.airplayName = "Kitchen"
        signals.chromecastName = "Kitchen"
        signals.chromecastModel = "Chromecast"
        return signals
    }

    static let scanReport = AppContract.ScanReport(
        devices: [
            .init(
                ip: "198.18.0.12",
                mac: "02:00:00:00:00:0c",
                hostname: "kitchen",
                sources: ["arp", "tcp"],
                firstSource: "arp",
                latencyMs: 1.2,
                latencySource: "tcp",
                openPorts: [7000],
                firstSeenMs: 12
            )
        ],
        summary: .init(
            strategy: "scanbench-best",
            interface: "eth0",
            network: "198.18.0.0/24",
            hostsPlanned: 253,
            durationS: 4.2,
            connectionsCreated: 10,
            peakConnectionsInFlight: 4,
            budgetWaits: 1,
            publishes: 3,
            publishing: ObserverSummary(publishes: 3, mainBusyMs: 1, frames: 60, framesLate: 1, worstHitchMs: 20),
            waitingByError: ["ECONNREFUSED": 2],
            phases: [.init(id: "arp", startMs: 0, endMs: 900, outcome: "completed")]
        )
    )

    static var wireAnalysis: WireAnalysis {
        let scanner = IPv4Address(198, 18, 0, 50), target = IPv4Address(198, 18, 0, 10)
        let attempt = TCPAttempt(
            initiator: scanner,
            initiatorPort: 40022,
            target: target,
            targetPort: 22,
            initialSequence: 100,
            firstSynAt: 1_000,
            lastSynAt: 2_000,
            synTransmissions: 2,
            outcome: .open,
            answeredAt: 3_000,
            rtt: 1_000,
            icmpCode: 13,
            handshakeCompleted: true,
            bytesFromInitiator: 10,
            bytesFromTarget: 20,
            packetsFromInitiator: 3,
            packetsFromTarget: 4,
            ending: .fin,
            endedAt: 9_000,
            zeekState: "SF"
        )
        var analysis = WireAnalysis(
            records: [],
            linkType: .ethernet,
            firstTimestamp: 0,
            lastTimestamp: 10_000,
            scanner: scanner,
            inference: ScannerInference(address: scanner, synsSent: 1, arpRequestsSent: 2, echoRequestsSent: 3),
            abandonAfter: 3_000_000_000,
            attempts: [attempt],
            keepsAttempts: true,
            samples: [
                RTTSample(kind: .icmpEcho, prober: scanner, target: target, sentAt: 10, rtt: 5, detail: 1),
                RTTSample(kind: .tcpSyn, prober: scanner, target: target, sentAt: 20, rtt: 6, detail: 22),
            ],
            duplicateEchoReplies: 1,
            unmatchedEchoReplies: 1,
            untrackedTCPSegments: 1
        )
        analysis.totals.malformedByLayer = ["ipv4": 1]
        return analysis
    }

    static let session = SessionReport(
        script: "adr-016",
        strategy: "scanbench-best",
        scanStartedS: 1.5,
        scan: scanReport,
        pings: [
            .init(
                target: "198.18.0.1",
                method: "icmp",
                timestamps: "kernel",
                replies: [.init(sequence: 1, sentUnixNs: 1, method: "icmp", rttMs: 1, error: "x")],
                cancelled: true,
                error: "x"
            )
        ],
        portScans: [
            .init(
                target: "198.18.0.1",
                timeoutMs: 500,
                waitingPolicy: "timer",
                results: [.init(port: 22, state: "open", outcome: "connected", rttMs: 1)],
                cancelled: true
            )
        ],
        traces: [
            .init(
                target: "198.19.200.10",
                method: "icmp",
                startedS: 2,
                durationMs: 12,
                hops: [.init(ttl: 1, address: "198.18.0.1", name: "gw", rttMs: 1, reachedDestination: false)],
                error: "x"
            )
        ],
        dnsLookups: [
            .init(
                name: "gw.home.arpa",
                type: "A",
                server: "198.18.0.1:53",
                status: "NOERROR",
                answers: ["198.18.0.1"],
                startedS: 3,
                durationMs: 2,
                error: "x"
            )
        ],
        whoisLookups: [
            .init(
                query: "a.example",
                chain: [.init(server: "whois.iana.example", raw: "refer: x")],
                startedS: 4,
                durationMs: 3,
                error: "x"
            )
        ],
        wakeOnLAN: [
            .init(
                mac: "8c:16:45:90:3d:5e",
                destination: "255.255.255.255",
                port: 9,
                startedS: 5,
                durationMs: 1,
                sentUnixNs: 1,
                packetHex: "ff",
                error: "x"
            )
        ],
        bonjourBrowses: [
            .init(
                startedS: 5,
                durationMs: 10_000,
                types: ["_ssh._tcp"],
                service: "own",
                generation: 2,
                services: [
                    .init(instance: "a", type: "_ssh._tcp", host: "a.local", port: 22, addresses: ["198.18.0.20"])
                ],
                error: "x"
            )
        ],
        detailDiscoveries: [
            .init(
                target: "198.18.0.20",
                startedS: 6,
                durationMs: 10_000,
                service: "own",
                generation: 2,
                types: ["_ssh._tcp"],
                heard: 3,
                services: ["a (_ssh._tcp)"],
                error: "x"
            )
        ],
        budget: BudgetDiagnostics(active: 1, cancelledWaits: 1),
        hang: .init(
            declaredAtS: 30,
            openPhases: ["tcp"],
            budget: BudgetDiagnostics(),
            effectiveLimit: 4,
            thermal: "serious"
        )
    )

    /// Each command's `--json` report (or each element of it, for commands printing an array).
    static func reports() throws -> [(command: String, json: any Encodable)] {
        let hop = TraceHop(
            ttl: 1,
            probes: [.init(address: "198.18.0.1", rttMs: 0.5, answer: "time-exceeded")],
            address: "198.18.0.1",
            name: "gw",
            reachedDestination: true,
            unreachable: false
        )
        let answer = DNSLookup.Answer(name: "gw.home.arpa.", ttl: 60, type: "A", data: "198.18.0.1")
        let whoisText =
            "Registrar: Example\nName Server: NS1.EXAMPLE\nDomain Status: ok https://icann.org/epp#ok\naut-num: AS64500\n"
        let fixture = try FixtureLoader.load(try FixtureLoader.resolve("home"))
        let truth = GroundTruth(
            fixture: fixture,
            fixturePath: "fixtures/lans/home.yaml",
            plan: TestbedPlan(fixture: fixture, names: TestbedNames(id: "x"))
        )
        var counters = SwitchPortCounters(name: "eth0")
        counters.framesIn = 1
        return [
            (
                "ping",
                PingReport(
                    host: "gw",
                    ip: "198.18.0.1",
                    method: "icmp",
                    replies: replies,
                    statistics: PingStatistics(replies)
                )
            ),
            (
                "ports",
                PortsReport(
                    host: "gw",
                    ip: "198.18.0.1",
                    waitingPolicy: "inspect_error",
                    elapsedMs: 12,
                    counts: ["open": 1, "closed": 0, "filtered": 0],
                    ports: [portResult]
                )
            ),
            ("traceroute", TraceReport(host: "gw", ip: "198.18.0.1", method: "udp", hops: [hop])),
            (
                "dns",
                DNSLookup.Result(
                    name: "gw.home.arpa",
                    type: "A",
                    server: "198.18.0.1",
                    status: "NOERROR",
                    queryTimeMs: 0.3,
                    answers: [answer],
                    authority: [answer]
                )
            ),
            (
                "whois",
                WhoisClient.Result(
                    query: "example.com",
                    kind: .domain,
                    chain: [.init(server: "whois.iana.example", text: whoisText, referral: "whois.nic.example")],
                    record: WhoisRecord(text: whoisText),
                    raw: whoisText
                )
            ),
            (
                "cert",
                CertificateReport(
                    host: "gw",
                    port: 443,
                    subject: "CN=gw",
                    issuer: "CN=gw",
                    subjectAltNames: ["DNS:gw"],
                    notBefore: Date(timeIntervalSince1970: 0),
                    notAfter: Date(timeIntervalSince1970: 86_400),
                    daysLeft: 1,
                    selfSigned: true,
                    verification: "ok"
                )
            ),
            ("bonjour", [bonjour]),
            (
                "wol",
                WakeOnLANReport(
                    mac: "02:00:00:00:00:0c",
                    destination: "255.255.255.255",
                    port: 9,
                    bytes: 102,
                    packetHex: "ff"
                )
            ),
            ("probe", [ProbeReport(signals: signals)]),
            ("probe --from-scan / scan --probe", ProbedScanReport(report: scanReport, probed: [signals])),
            ("scan", scanReport),
            ("app", session),
            (
                "monitor",
                HostMonitor.transitions(previous: ["gw": false], current: ["gw": true], round: 2, rtts: ["gw": 1.5])
            ),
            ("analyze", wireAnalysis),
            ("testbed up / status", truth),
            ("testbed status --counters", [counters]),
        ]
    }

    @Test func everyJSONReportKeyIsSnakeCase() throws {
        for (command, json) in try Self.reports() {
            #expect(try Self.offending(json) == [], "scanbench \(command) --json")
        }
    }

    /// The keys issue 13 renamed, so a script can rely on them (README "Changed").
    @Test func renamedKeysAreThere() throws {
        let all = try Self.reports().reduce(into: Set<String>()) { $0.formUnion(try Self.keys($1.json)) }
        for key in [
            "rtt_ms", "loss_percent", "min_ms", "avg_ms", "max_ms", "stddev_ms", "waiting_policy", "elapsed_ms",
            "reached_destination", "query_time_ms", "name_servers", "subject_alt_names", "not_before", "not_after",
            "days_left", "self_signed", "packet_hex", "is_gateway", "open_ports", "http_servers", "http_titles",
            "upnp_device_type", "upnp_friendly_name", "upnp_manufacturer", "upnp_model", "airplay_model",
            "airplay_name", "chromecast_name", "chromecast_model",
        ] {
            #expect(all.contains(key), "\(key)")
        }
    }

    /// `analyze --json` used `convertToSnakeCase`; its explicit keys must print the same bytes.
    @Test func analyzeKeysAreWhatConvertToSnakeCasePrinted() throws {
        let explicit = JSONEncoder(), converted = JSONEncoder()
        explicit.outputFormatting = [.sortedKeys]
        converted.outputFormatting = [.sortedKeys]
        converted.keyEncodingStrategy = .convertToSnakeCase
        let analysis = Self.wireAnalysis
        #expect(
            String(decoding: try explicit.encode(analysis), as: UTF8.self)
                == String(decoding: try converted.encode(analysis), as: UTF8.self)
        )
    }

    /// The harness reads `scan --json`, `app --json` and `probe --from-scan --json` by key; each
    /// printed key it needs must arrive (as `Terminal.printJSON` encodes them).
    @Test func harnessDecodesWhatTheCommandsPrint() throws {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        encoder.dateEncodingStrategy = .iso8601
        func printed(_ value: some Encodable) throws -> String {
            String(decoding: try encoder.encode(value), as: UTF8.self)
        }

        let scan = try ScanReportExcerpt.decode(try printed(Self.scanReport))
        #expect(
            scan.devices.first?.firstSource == "arp" && scan.devices.first?.openPorts == [7000]
                && scan.devices.first?.firstSeenMs == 12
        )
        #expect(
            scan.summary?.connectionsCreated == 10 && scan.summary?.peakConnectionsInFlight == 4
                && scan.summary?.budgetWaits == 1
        )

        let categories = try ProbedCategories.decode(
            try printed(ProbedScanReport(report: Self.scanReport, probed: [Self.signals]))
        )
        #expect(categories.devices.first?.rule == "gateway" && categories.devices.first?.category == "router")

        let session = try JSONDecoder().decode(SessionReport.self, from: Data(try printed(Self.session).utf8))
        #expect(session.pings.first?.replies.first?.rttMs == 1 && session.portScans.first?.waitingPolicy == "timer")
        #expect(session.hang?.openPhases == ["tcp"] && session.scan?.summary.hostsPlanned == 253)
    }

    /// The walker itself: a camelCase key fails, a data dictionary's keys do not.
    @Test func walkerFlagsCamelCaseButNotDataKeys() throws {
        struct Sample: Encodable { var rttMs = 1; var txt = ["camelKey": 1]; var other = ["camelKey": 1] }
        #expect(try Self.offending(Sample()) == ["$.other.camelKey", "$.rttMs"])
    }
}
