import Benchmark
import Foundation
import ScanKit
import Wire

/// The main actor's cost of one publish (`DeviceList`, what `DeviceListModel` runs on the main
/// actor), by device count: the calibration of the UI-lag model (docs/METRICS.md, "UI").
enum PublishingBenchmarks {
    /// The device counts the calibration table lists.
    static let sizes = [10, 25, 50, 100, 250, 500]

    /// `count` devices as a scan's list holds them: every third named (Bonjour or PTR), every
    /// fourth with a vendor, most with a latency, on consecutive addresses.
    static func devices(_ count: Int) -> [DiscoveredDevice] {
        (0..<count).map { i in
            let ip = IPv4Address(UInt32(0x0A00_0001) + UInt32(i))
            return DiscoveredDevice(
                ip: ip,
                source: i % 3 == 0 ? .bonjour : .arp,
                hostname: i % 3 == 0 ? "Device \(i)" : nil,
                vendor: i % 4 == 0 ? "Vendor \(i % 7)" : nil,
                latencyMs: i % 5 == 4 ? nil : Double(i % 40) + 0.4,
                id: UUID(uuid: (UInt8(i & 0xFF), UInt8(i >> 8), 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1))
            )
        }
    }

    /// A typical publish during a scan, both ways: one device appears, one leaves the middle of the
    /// list (so the identity diff has an insertion and a removal), one gets a new latency.
    static func flipPair(_ count: Int) -> ([DiscoveredDevice], [DiscoveredDevice]) {
        let a = devices(count)
        var b = a
        b.remove(at: count / 2)
        b[0].latencyMs = 99
        var fresh = DiscoveredDevice(ip: IPv4Address(UInt32(0x0A00_0001) + UInt32(count)), source: .tcp, latencyMs: 3)
        fresh.id = UUID(uuid: (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 2))
        b.append(fresh)
        return (a, b)
    }

    static func register() {
        for count in sizes {
            Benchmark(
                "Publishing: device-list publish, \(count) devices (1 in, 1 out, 1 changed)",
                configuration: .init(maxIterations: 20_000),
                closure: { benchmark in
                    let (a, b) = flipPair(count)
                    var list = DeviceList()
                    list.apply(devices: a, progress: 0.5)
                    var flip = false
                    benchmark.startMeasurement()
                    for _ in benchmark.scaledIterations {
                        flip.toggle()
                        blackHole(list.apply(devices: flip ? b : a, progress: 0.5))
                    }
                    benchmark.stopMeasurement()
                }
            )
        }

        Benchmark(
            "Publishing: progress-only publish, 500 devices",
            configuration: .init(scalingFactor: .kilo),
            closure: { benchmark in
                var list = DeviceList()
                list.apply(devices: devices(500), progress: 0.5)
                benchmark.startMeasurement()
                for i in benchmark.scaledIterations {
                    list.setProgress(Double(i % 100) / 100)
                }
                benchmark.stopMeasurement()
                blackHole(list.progressText)
            }
        )
    }
}
