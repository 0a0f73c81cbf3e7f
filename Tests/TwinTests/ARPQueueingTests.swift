import Foundation
import Testing
import Twin
import Wire

/// An ARP sweep's burst queues the replies, so an ARP-only host's one ARP round trip is its link
/// plus the queue where the sweep asked it. Observations built by hand: twenty hosts timed both
/// ways, asked a millisecond apart; those asked at 10-15 ms answered ARP 4 ms later than IP (a
/// burst), the rest on time; two ARP-only hosts with 0.6 ms links, one asked inside the burst,
/// one outside.
@Suite("ARP queueing in twin derivation and check")
struct ARPQueueingTests {
    static let scanner = IPv4Address(198, 18, 0, 250)
    static let inBurst = IPv4Address(198, 18, 0, 201)
    static let quiet = IPv4Address(198, 18, 0, 202)

    static func observations(burstMs: Double = 4) -> CaptureObservations {
        var capture = CaptureObservations(file: "hand-built", scanner: scanner, scannerReason: "test")
        for k in 1...20 {
            var host = HostObservations(address: IPv4Address(198, 18, 0, UInt8(k)))
            host.macs[MACAddress(String(format: "02:00:00:00:00:%02x", k))!] = 1
            host.arpRequests = 1
            host.arpReplies = 1
            host.echoRequests = 3
            host.echoReplies = 3
            host.ipRTTs = [0.6, 0.6, 0.6]
            host.arpRTTs = [(10...15).contains(k) ? 0.6 + burstMs : 0.6]
            host.arpAskedAtMs = Double(k)
            if k == 1 { host.dnsAnswers = 1 }  // the gateway: the LAN's name server
            capture.hosts[host.address] = host
        }
        for (address, asked) in [(inBurst, 12.5), (quiet, 30.0)] {
            var host = HostObservations(address: address)
            host.macs[MACAddress(String(format: "02:00:00:00:01:%02x", Int(address.octets[3])))!] = 1
            host.arpRequests = 1
            host.arpReplies = 1
            host.arpRTTs = [(10...15).contains(Int(asked)) ? 0.6 + burstMs : 0.6]
            host.arpAskedAtMs = asked
            capture.hosts[address] = host
        }
        return capture
    }

    @Test("an ARP-only host asked inside a burst gets the link of one asked outside it, not the queue")
    func derivationTakesTheLocalQueueOff() throws {
        let twin = try TwinDerivation.derive(
            Self.observations(),
            options: TwinOptions(name: "twin-queue", testbedRoundTripMs: 0.2)
        )
        let delay = { (address: IPv4Address) in twin.fixture.devices.first { $0.ip == address }?.link?.delayMs }
        #expect(delay(Self.quiet) == 0.2)
        #expect(delay(Self.inBurst) == 0.2)  // (4.6 − 4 − 0.2) / 2, not (4.6 − 0.2) / 2 = 2.2
        #expect(twin.yaml(command: "test").contains("asked nearest in time"))
    }

    @Test("the check compares ARP-only hosts' round trips with each capture's own queue taken off")
    func checkCleansBothCaptures() {
        let original = Self.observations(burstMs: 0)
        let twin = Self.observations(burstMs: 4)
        let comparison = TwinComparison.compare(original: original, twin: twin)
        #expect(comparison.differenceCount == 0, "\(comparison.text)")
        // A link that really is slower still differs: the queue is taken off, not the link.
        var slower = twin
        slower.hosts[Self.inBurst]?.arpRTTs = [0.6 + 4 + 3]
        let row = TwinComparison.compare(original: original, twin: slower).rows.first { $0.address == Self.inBurst }
        #expect(
            row?.differences.contains { $0.hasPrefix("RTT median 0.60 vs 3.60 ms") } == true,
            "\(row?.differences ?? [])"
        )
    }
}
