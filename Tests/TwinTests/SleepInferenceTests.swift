import Fixture
import Foundation
import Testing
import Twin
import Wire

/// Time in the twin (issue 45): a deep sleeper's cycle read from its answer timeline, a device
/// with too little evidence left with a reply probability, and the survey check.
@Suite("Twin: sleep cycles and the survey")
struct SleepInferenceTests {
    static let scanner = IPv4Address(198, 18, 0, 50)
    static let router = IPv4Address(198, 18, 0, 1)
    static let sleeper = IPv4Address(198, 18, 0, 20)

    /// Echo requests every `everyMs` for `forS`, answered in 2 ms while awake: asleep `sleepS` of
    /// every `sleepS + awakeS`, `phaseS` into its cycle at 0.
    static func sleeperProbes(
        sleepS: Double,
        awakeS: Double,
        phaseS: Double,
        everyMs: Double,
        forS: Double
    ) -> [Probe] {
        stride(from: 0.0, to: forS * 1000, by: everyMs).map { at in
            let position = (at / 1000 + phaseS).truncatingRemainder(dividingBy: sleepS + awakeS)
            return Probe(kind: .icmp, atMs: at, answerMs: position < sleepS ? nil : 2)
        }
    }

    @Test("3 s asleep, 0.5 s awake, asked every 100 ms: a deep sleep of about 3 s and 0.5 s")
    func sleeperIsFound() throws {
        let probes = Self.sleeperProbes(sleepS: 3, awakeS: 0.5, phaseS: 1, everyMs: 100, forS: 20)
        guard case .sleeps(let sleep, let evidence) = SleepInference.infer(probes) else {
            Issue.record("no sleep found: \(SleepInference.infer(probes))")
            return
        }
        #expect(abs(sleep.sleepS - 3) <= 0.15, "\(sleep)")
        #expect(abs(sleep.awakeS - 0.5) <= 0.15, "\(sleep)")
        #expect(sleep.phaseS == nil)
        #expect(evidence.contains("silent spans"), "\(evidence)")
    }

    @Test("a slower cycle asked once a second is still found, within one interval")
    func coarseProbing() throws {
        let probes = Self.sleeperProbes(sleepS: 8, awakeS: 4, phaseS: 0, everyMs: 1000, forS: 60)
        guard case .sleeps(let sleep, _) = SleepInference.infer(probes) else {
            Issue.record("no sleep found: \(SleepInference.infer(probes))")
            return
        }
        #expect(abs(sleep.sleepS - 8) <= 1, "\(sleep)")
        #expect(abs(sleep.awakeS - 4) <= 1, "\(sleep)")
    }

    @Test("one unanswered request, or one silent stretch, is too little evidence")
    func tooLittleEvidence() {
        var probes = (0..<20).map { Probe(kind: .arp, atMs: Double($0) * 100, answerMs: 1) }
        probes[7].answerMs = nil
        guard case .tooLittleEvidence(let why) = SleepInference.infer(probes) else {
            Issue.record("\(SleepInference.infer(probes))")
            return
        }
        #expect(why.contains("0 silent spans"), "\(why)")
        // One silent stretch of 3 s between answers: one cycle is not a cycle.
        let once = Self.sleeperProbes(sleepS: 3, awakeS: 30, phaseS: 32, everyMs: 100, forS: 10)
        guard case .tooLittleEvidence = SleepInference.infer(once) else {
            Issue.record("\(SleepInference.infer(once))")
            return
        }
    }

    @Test("requests on a channel the host never answers (echo off, a filtered port) are not sleep")
    func unansweredChannelsDoNotCount() {
        let probes = (0..<40).flatMap { i in
            [
                Probe(kind: .arp, atMs: Double(i) * 100, answerMs: 1),
                Probe(kind: .icmp, atMs: Double(i) * 100 + 1),
                Probe(kind: .tcp, port: 443, atMs: Double(i) * 100 + 2),
            ]
        }
        #expect(SleepInference.infer(probes) == .alwaysAnswered)
    }

    /// Echo requests about every 500 ms (jittered by a fixed pattern) to a station that wakes every
    /// `periodMs` (at 37 ms past the grid) and answers 1 ms after delivery.
    static func dozerProbes(periodMs: Double, count: Int) -> [Probe] {
        (0..<count).map { i in
            let at = Double(i) * 500 + Double((i * 37) % 91)
            let wake = ((at - 37) / periodMs).rounded(.up) * periodMs + 37
            return Probe(kind: .icmp, atMs: at, answerMs: wake - at + 1)
        }
    }

    @Test("answers held to a 307.2 ms grid: power save with listen_interval 3; a prompt or jittery device gets none")
    func powerSave() throws {
        guard
            case .dozes(let powerSave, let evidence) = PowerSaveInference.infer(
                Self.dozerProbes(periodMs: 307.2, count: 40)
            )
        else {
            Issue.record("\(PowerSaveInference.infer(Self.dozerProbes(periodMs: 307.2, count: 40)))")
            return
        }
        #expect(powerSave.listenInterval == 3, "\(evidence)")
        #expect(evidence.contains("307.2 ms grid"), "\(evidence)")
        // One beacon: listen_interval 1.
        guard case .dozes(let one, _) = PowerSaveInference.infer(Self.dozerProbes(periodMs: 102.4, count: 40)) else {
            Issue.record("no power save on a 102.4 ms grid")
            return
        }
        #expect(one.listenInterval == 1)
        // Prompt answers (2 ms ± 1): nothing to say.
        let prompt = (0..<40).map { Probe(kind: .icmp, atMs: Double($0) * 500, answerMs: 2 + Double($0 % 3)) }
        #expect(PowerSaveInference.infer(prompt) == .prompt)
        // Round trips spread over 0–200 ms with no grid: jitter, said to be too little evidence.
        let jittery = (0..<40).map {
            Probe(kind: .icmp, atMs: Double($0) * 500, answerMs: Double(($0 * 53) % 200) + 0.5)
        }
        guard case .tooLittleEvidence(let why) = PowerSaveInference.infer(jittery) else {
            Issue.record("\(PowerSaveInference.infer(jittery))")
            return
        }
        #expect(why.contains("no grid"), "\(why)")
    }

    @Test("the twin of a dozing station has power_save and its link delay from the quickest answer")
    func twinOfADozer() throws {
        var probes = Self.dozerProbes(periodMs: 307.2, count: 40)
        probes.append(Probe(kind: .arp, atMs: 0, answerMs: 1))
        let twin = try TwinDerivation.derive(Self.observations(device: probes, durationS: 20), options: TwinOptions())
        let device = try #require(twin.fixture.devices.first { $0.ip == Self.sleeper })
        #expect(device.powerSave?.listenInterval == 3, "\(device)")
        #expect(device.deepSleep == nil)
        #expect((device.link?.delayMs ?? 0) < 5, "\(String(describing: device.link))")
        #expect(device.link?.jitterMs == nil)
        let yaml = twin.yaml(command: "test")
        #expect(
            try FixtureLoader.load(text: yaml, file: "twin.yaml").devices.contains { $0.powerSave?.listenInterval == 3 }
        )
    }

    /// A LAN of two: the router (answers DNS, so it is the gateway) and `device`, asked as `probes` say.
    static func observations(device probes: [Probe], durationS: Double) -> CaptureObservations {
        var observations = CaptureObservations(file: "lan.pcap", scanner: scanner, scannerReason: "test")
        observations.startMs = 0
        observations.endMs = durationS * 1000
        var gateway = HostObservations(address: router)
        gateway.arpRequests = 1
        gateway.arpReplies = 1
        gateway.dnsAnswers = 1
        gateway.probes = [Probe(kind: .arp, atMs: 0, answerMs: 1)]
        var host = HostObservations(address: sleeper)
        host.probes = probes
        host.arpRequests = probes.filter { $0.kind == .arp }.count
        host.arpReplies = probes.filter { $0.kind == .arp && $0.answerMs != nil }.count
        host.echoRequests = probes.filter { $0.kind == .icmp }.count
        host.echoReplies = probes.filter { $0.kind == .icmp && $0.answerMs != nil }.count
        host.ipRTTs = probes.compactMap { $0.kind == .icmp ? $0.answerMs : nil }
        observations.hosts = [router: gateway, sleeper: host]
        observations.arpTargets = Set((1...254).map { IPv4Address(198, 18, 0, UInt8($0)) })
        return observations
    }

    @Test("the twin gives a sleeper deep_sleep and no reply probability; it loads as a fixture")
    func twinOfASleeper() throws {
        let echo = Self.sleeperProbes(sleepS: 3, awakeS: 0.5, phaseS: 1, everyMs: 100, forS: 20)
        let arp = Self.sleeperProbes(sleepS: 3, awakeS: 0.5, phaseS: 1, everyMs: 1000, forS: 20).map {
            Probe(kind: .arp, atMs: $0.atMs + 50, answerMs: $0.answerMs)
        }
        let twin = try TwinDerivation.derive(
            Self.observations(device: echo + arp, durationS: 20),
            options: TwinOptions()
        )
        let device = try #require(twin.fixture.devices.first { $0.ip == Self.sleeper })
        let sleep = try #require(device.deepSleep, "\(device)")
        #expect(abs(sleep.sleepS - 3) <= 0.15 && abs(sleep.awakeS - 0.5) <= 0.15, "\(sleep)")
        #expect(device.arp?.replyProbability == nil, "\(String(describing: device.arp))")
        #expect(device.notes?.contains("deep_sleep from its answer timeline") == true)
        let yaml = twin.yaml(command: "test")
        #expect(yaml.contains("deep_sleep:"), "\(yaml)")
        let loaded = try FixtureLoader.load(text: yaml, file: "twin.yaml")
        #expect(loaded.devices.first { $0.ip == Self.sleeper }?.deepSleep == device.deepSleep)
    }

    @Test("a device with one unanswered request keeps a reply probability and says why")
    func twinOfALossyDevice() throws {
        var probes = (0..<20).map { Probe(kind: .arp, atMs: Double($0) * 100, answerMs: 1) }
        probes[7].answerMs = nil
        let twin = try TwinDerivation.derive(Self.observations(device: probes, durationS: 2), options: TwinOptions())
        let device = try #require(twin.fixture.devices.first { $0.ip == Self.sleeper })
        #expect(device.deepSleep == nil)
        #expect(device.arp?.replyProbability == 0.95, "\(String(describing: device.arp))")
        #expect(
            device.notes?.contains("too little evidence for a sleep cycle: reply probability only") == true,
            "\(device.notes ?? "")"
        )
    }

    @Test("a sweep that asks ARP for the network and broadcast addresses too (arp-scan --localnet) gives its /24")
    func sweepWithNetworkAndBroadcast() throws {
        var observations = Self.observations(device: [Probe(kind: .arp, atMs: 0, answerMs: 1)], durationS: 1)
        observations.arpTargets = Set((0...255).map { IPv4Address(198, 18, 0, UInt8($0)) })
        let twin = try TwinDerivation.derive(observations, options: TwinOptions())
        #expect(twin.fixture.network.subnet.description == "198.18.0.0/24")
        #expect(SurveyCheck.check(observations).text(file: "x").contains("ARP asked for 253 of 198.18.0.0/24's 254"))
    }

    @Test("a short scan is not a survey, and says what it could not see; a thorough one is")
    func survey() throws {
        // A scan: one ARP request and one ping per device, 2 ports, 12 s, no meta-query, no SSDP.
        var scan = Self.observations(
            device: [Probe(kind: .arp, atMs: 0, answerMs: 1), Probe(kind: .icmp, atMs: 5000, answerMs: 2)],
            durationS: 12
        )
        scan.hosts[Self.sleeper]?.ports = [80: .open, 443: .closed]
        scan.mdnsQuestions = ["_http._tcp.local"]
        let check = SurveyCheck.check(scan)
        #expect(!check.isSurvey)
        let text = check.text(file: "scan.pcap")
        #expect(text.contains("NOT a survey"), "\(text)")
        #expect(text.contains("lasted 12.0 s, under the recipe's 80 s"), "\(text)")
        #expect(text.contains("could not see: TCP ports never asked on any device: every port but 80, 443"), "\(text)")
        #expect(text.contains("could not see: mDNS service types never browsed"), "\(text)")
        #expect(text.contains("no SSDP M-SEARCH for ssdp:all"), "\(text)")
        #expect(text.contains("sleep and wake cycles of 198.18.0.1, 198.18.0.20"), "\(text)")
        // The twin's header carries the same.
        let yaml = try TwinDerivation.derive(scan, options: TwinOptions()).yaml(command: "test")
        #expect(yaml.contains("# Survey check (docs/REAL-DEVICES.md, \"The survey\"): NOT a survey"), "\(yaml)")

        // A survey: every device asked every 500 ms for 90 s, pinged, every recipe port, meta-query, ssdp:all.
        let every = stride(from: 0.0, to: 90_000, by: 500).map { Probe(kind: .arp, atMs: $0, answerMs: 1) }
        var survey = Self.observations(device: every + [Probe(kind: .icmp, atMs: 10, answerMs: 2)], durationS: 90)
        survey.hosts[Self.router]?.probes = every
        survey.hosts[Self.router]?.echoRequests = 1
        for address in [Self.router, Self.sleeper] {
            survey.hosts[address]?.ports = Dictionary(uniqueKeysWithValues: SurveyCheck.ports.map { ($0, .closed) })
        }
        survey.mdnsQuestions = ["_services._dns-sd._udp.local"]
        survey.mSearches = 1
        survey.mSearchTargets = ["ssdp:all"]
        let passed = SurveyCheck.check(survey)
        #expect(passed.isSurvey, "\(passed.text(file: "survey.pcap"))")
    }
}
