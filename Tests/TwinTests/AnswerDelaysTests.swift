import Fixture
import Testing
import Twin
import Wire

/// Answer delays per protocol as distributions: enough answers give a median and a 90th
/// percentile (and the link's jitter is fitted to them); too few say so, in the device's notes and
/// the twin's header.
@Suite("Twin: answer-delay distributions")
struct AnswerDelaysTests {
    static let scanner = IPv4Address(198, 18, 0, 50)
    static let router = IPv4Address(198, 18, 0, 1)
    static let host = IPv4Address(198, 18, 0, 20)

    /// `count` probes of `kind`, one a second, answered in `delay(i)` ms.
    static func probes(_ kind: Probe.Kind, _ count: Int, port: Int? = nil, delay: (Int) -> Double) -> [Probe] {
        (0..<count).map { Probe(kind: kind, port: port, atMs: Double($0) * 1000 + 10, answerMs: delay($0)) }
    }

    @Test("20 answers or more give a distribution; fewer are too little evidence")
    func distributions() {
        var host = HostObservations(address: Self.host)
        // Echo: 1.0, 1.1, … 2.9 ms (20 answers): median 1.95, p90 2.71 (`Percentile`: position 17.1).
        host.probes = Self.probes(.icmp, 20) { 1 + Double($0) / 10 } + Self.probes(.tcp, 5, port: 22) { _ in 2 }
        let delays = AnswerDelays(host)
        let icmp = delays.summaries[.icmp]
        #expect(icmp?.count == 20)
        #expect(abs((icmp?.median ?? 0) - 1.95) < 0.001)
        #expect(abs((icmp?.p90 ?? 0) - 2.71) < 0.001, "\(String(describing: icmp))")
        #expect(delays.summaries[.tcp] == nil && delays.tooFew[.tcp] == 5)
        #expect(delays.summaries[.arp] == nil && delays.tooFew[.arp] == nil)
        let note = delays.note ?? ""
        #expect(note.contains("answer delays (ms, answers / median / p90): icmp 20 / 1.95 /"), "\(note)")
        #expect(
            note.contains("too little evidence for an answer-delay distribution (under 20 answers): tcp 5"),
            "\(note)"
        )
    }

    @Test("the jitter fitted to median and p90 gives back a uniform link's spread")
    func jitterFit() {
        // Round trips of a link of 5 ms ± 2 ms each way: 10 + U1 + U2, drawn on an even grid.
        let grid = stride(from: -2.0, through: 2.0, by: 0.1)
        let roundTrips = grid.flatMap { a in grid.map { b in 10 + a + b } }
        let jitter = AnswerDelays.jitter(fromRoundTrips: roundTrips) ?? 0
        #expect(abs(jitter - 2) < 0.1, "\(jitter)")
        #expect(AnswerDelays.jitter(fromRoundTrips: Array(roundTrips.prefix(19))) == nil)
    }

    @Test("a twin: jitter only from enough round trips, and the header names who had too few")
    func twin() throws {
        var observations = CaptureObservations(file: "lan.pcap", scanner: Self.scanner, scannerReason: "test")
        observations.startMs = 0
        observations.endMs = 60_000
        var router = HostObservations(address: Self.router)
        router.arpRequests = 1
        router.arpReplies = 1
        router.dnsAnswers = 1
        router.probes = [Probe(kind: .arp, atMs: 0, answerMs: 1)]
        router.ipRTTs = [2, 4, 6]  // three round trips: a spread, but too few to write one
        var host = HostObservations(address: Self.host)
        host.arpRequests = 1
        host.arpReplies = 1
        host.probes = [Probe(kind: .arp, atMs: 0, answerMs: 1)] + Self.probes(.icmp, 40) { 10 + Double($0 % 5) }
        host.echoRequests = 40
        host.echoReplies = 40
        host.ipRTTs = host.probes.filter { $0.kind == .icmp }.compactMap(\.answerMs)
        observations.hosts = [Self.router: router, Self.host: host]
        observations.arpTargets = Set((1...254).map { IPv4Address(198, 18, 0, UInt8($0)) })
        let twin = try TwinDerivation.derive(observations, options: TwinOptions(testbedRoundTripMs: 0))
        let devices = twin.fixture.devices
        #expect(devices[0].link?.jitterMs == nil)
        // Round trips 10–14 ms: median 12, p90 14 → jitter (14 − 12) / 1.106 = 1.81.
        #expect(devices[1].link?.delayMs == 6)
        #expect(devices[1].link?.jitterMs == 1.81)
        #expect(devices[1].notes?.contains("icmp 40 / 12.0 / 14.0") == true, "\(devices[1].notes ?? "")")
        let yaml = twin.yaml(command: "test")
        #expect(
            yaml.contains("answer-delay distributions: too little evidence (under 20 timed answers) for arp on 2"),
            "\(yaml)"
        )
    }
}
