import AppContract
import Testing
import Wire
@testable import ScanKit

@Suite("Scan accumulator merge rules")
struct ScanAccumulatorTests {
    let a = IPv4Address("198.18.0.10")!
    let b = IPv4Address("198.18.0.9")!
    let c = IPv4Address("198.18.0.100")!
    let mac1 = MACAddress("02:00:00:00:00:01")!
    let mac2 = MACAddress("02:00:00:00:00:02")!

    @Test func firstDiscovererKeepsSourceTimeAndID() async {
        let acc = ScanAccumulator()
        let first = DiscoveredDevice(ip: a, source: .arp, mac: mac1, discoveredAtNs: 100)
        #expect(await acc.upsert(first))
        #expect(
            !(await acc.upsert(DiscoveredDevice(ip: a, source: .bonjour, hostname: "Living Room", discoveredAtNs: 200)))
        )
        let d = await acc.device(a)!
        #expect(d.source == .arp)
        #expect(d.netMonitorSource == .local)
        #expect(d.discoveredAtNs == 100)
        #expect(d.id == first.id)
        #expect(d.hostname == "Living Room")  // back-filled
        #expect(d.sources == [.arp, .bonjour])
        #expect(await acc.count == 1)
    }

    @Test func existingNonNilFieldsWin() async {
        let acc = ScanAccumulator()
        await acc.upsert(
            DiscoveredDevice(ip: a, source: .bonjour, hostname: "first", vendor: "V1", mac: mac1, latencyMs: 5)
        )
        await acc.upsert(
            DiscoveredDevice(ip: a, source: .ptr, hostname: "second", vendor: "V2", mac: mac2, latencyMs: 9)
        )
        let d = await acc.device(a)!
        #expect(d.hostname == "first")
        #expect(d.vendor == "V1")
        #expect(d.mac == mac1)
        #expect(d.latencyMs == 5)
        #expect(d.latencySource == .bonjour)
        #expect(d.sources == [.bonjour, .ptr])
    }

    @Test func sameMACOnTwoIPsIsTwoDevices() async {
        let acc = ScanAccumulator()
        await acc.upsert(DiscoveredDevice(ip: a, source: .arp, mac: mac1))
        await acc.upsert(DiscoveredDevice(ip: b, source: .arp, mac: mac1))
        #expect(await acc.count == 2)
    }

    @Test func updateLatencyOnlyFillsAMissingValue() async {
        let acc = ScanAccumulator()
        #expect(!(await acc.updateLatency(a, ms: 3)))  // unknown IP
        await acc.upsert(DiscoveredDevice(ip: a, source: .arp))
        #expect(await acc.updateLatency(a, ms: 12))
        #expect(!(await acc.updateLatency(a, ms: 1)))
        let d = await acc.device(a)!
        #expect(d.latencyMs == 12)
        #expect(d.latencySource == .tcp)
        #expect(d.sources == [.arp, .tcp])
    }

    @Test func replaceLatencyAlwaysOverwrites() async {
        let acc = ScanAccumulator()
        await acc.upsert(DiscoveredDevice(ip: a, source: .tcp, latencyMs: 80))
        #expect(await acc.replaceLatency(a, ms: 2.5))
        let d = await acc.device(a)!
        #expect(d.latencyMs == 2.5)
        #expect(d.latencySource == .icmp)
        #expect(d.sources == [.tcp, .icmp])
        #expect(!(await acc.replaceLatency(c, ms: 1)))
        #expect(await acc.count == 1)
    }

    @Test func sortedSnapshotIsNumericAndSnapshotKeepsInsertionOrder() async {
        let acc = ScanAccumulator()
        for ip in [c, a, b] { await acc.upsert(DiscoveredDevice(ip: ip, source: .ssdp)) }
        #expect(await acc.snapshot().map(\.ip) == [c, a, b])
        // Numeric, not textual: .9 < .10 < .100.
        #expect(await acc.sortedSnapshot().map(\.ip) == [b, a, c])
    }

    @Test func queriesAndReset() async {
        let acc = ScanAccumulator()
        await acc.upsert(DiscoveredDevice(ip: a, source: .arp))
        await acc.upsert(DiscoveredDevice(ip: b, source: .tcp, latencyMs: 4))
        #expect(await acc.knownIPs == [a, b])
        #expect(await acc.ipsWithoutLatency == [a])
        #expect(await acc.allDeviceIPs == [a, b])
        #expect(await acc.contains(b))
        await acc.reset()
        #expect(await acc.isEmpty)
        #expect(!(await acc.contains(a)))
    }

    @Test func openPortsAreUnioned() async {
        let acc = ScanAccumulator()
        await acc.upsert(DiscoveredDevice(ip: a, source: .tcp, openPorts: [443, 80]))
        await acc.upsert(DiscoveredDevice(ip: a, source: .tcp, openPorts: [22, 80]))
        #expect(await acc.device(a)?.openPorts == [22, 80, 443])
    }

    @Test func logsFirstSightingsAndNewSources() async {
        let log = EventLog()
        let acc = ScanAccumulator(events: log)
        await acc.upsert(DiscoveredDevice(ip: a, source: .ssdp))
        await acc.upsert(DiscoveredDevice(ip: a, source: .ssdp))
        await acc.upsert(DiscoveredDevice(ip: a, source: .bonjour))
        await acc.replaceLatency(a, ms: 1)
        #expect(
            log.records().map(\.event) == [
                .deviceFirstSeen(.init(ip: a, source: .ssdp)),
                .deviceSourceAdded(.init(ip: a, source: .bonjour)),
                .deviceSourceAdded(.init(ip: a, source: .icmp)),
            ]
        )
        if case .deviceFirstSeen(let e) = log.records()[0].event { #expect(e.netmonitorSource == .ssdp) }
    }

    @Test func displayAndLatencyText() {
        #expect(DiscoveredDevice(ip: a, source: .arp).displayName == "198.18.0.10")
        #expect(DiscoveredDevice(ip: a, source: .bonjour, hostname: "tv").displayName == "tv")
        #expect(DiscoveredDevice(ip: a, source: .icmp, latencyMs: 0.4).latencyText == "<1 ms")
        #expect(DiscoveredDevice(ip: a, source: .tcp, latencyMs: 12.6).latencyText == "13 ms")
        #expect(DiscoveredDevice(ip: a, source: .ssdp).latencyText == "UPnP")
        #expect(DiscoveredDevice(ip: a, source: .bonjour).latencyText == "Bonjour")
        #expect(DiscoveredDevice(ip: a, source: .ptr).latencyText == "—")
    }
}
