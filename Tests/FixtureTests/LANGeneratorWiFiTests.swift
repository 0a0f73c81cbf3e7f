@testable import Fixture
import Foundation
import Testing
import Wire

/// `scanbench fixture generate --wifi full`: the same LAN as without it plus the Wi-Fi keys,
/// drawn at the rates docs/FIXTURES.md ("Wi-Fi behaviours") states.
@Suite("LAN generator: Wi-Fi behaviours")
struct LANGeneratorWiFiTests {
    static func options(
        _ seed: UInt64,
        _ profile: LANProfile,
        wifi: WiFiModelling,
        devices: Int = 100
    ) -> LANGeneratorOptions {
        LANGeneratorOptions(
            seed: seed,
            devices: devices,
            subnet: IPv4Network("198.18.0.0/23")!,
            profile: profile,
            wifi: wifi
        )
    }

    @Test(
        "--wifi full draws the same LAN as late-arp and only adds power_save, deep_sleep, scanner wifi (and their notes)",
        arguments: LANProfile.allCases
    )
    func fullOnlyAdds(profile: LANProfile) throws {
        for seed in UInt64(1)...5 {
            let plain = try LANGenerator.fixture(Self.options(seed, profile, wifi: .lateARP))
            var full = try LANGenerator.fixture(Self.options(seed, profile, wifi: .full))
            #expect(full.network.scanner.wifi != nil)
            #expect(full.devices.contains { $0.powerSave != nil })
            full.network.scanner.wifi = nil
            for index in full.devices.indices {
                let notes = try #require(full.devices[index].notes)
                let wifiParts = ["power save:", "modem sleep:", "deep sleep:"]
                let kept = notes.components(separatedBy: "; ").filter { part in
                    !wifiParts.contains { part.hasPrefix($0) }
                }
                #expect(
                    kept.joined(separator: "; ") == plain.devices[index].notes,
                    "only the Wi-Fi parts are added to the notes"
                )
                full.devices[index].notes = plain.devices[index].notes
                full.devices[index].powerSave = nil
                full.devices[index].deepSleep = nil
            }
            #expect(full == plain)
        }
        // The default writes no --wifi, so the committed LANs' headers and bytes stay as they are.
        #expect(!Self.options(1, profile, wifi: .lateARP).commandLine().contains("--wifi"))
        #expect(
            Self.options(1, profile, wifi: .full).commandLine().hasSuffix("--profile \(profile.rawValue) --wifi full")
        )
        #expect(
            try LANGenerator.yaml(Self.options(9, profile, wifi: .full))
                == LANGenerator.yaml(Self.options(9, profile, wifi: .full))
        )
    }

    @Test(
        "who gets what: every dozing Wi-Fi device and every ESP-based one buffers unicast; half the battery kinds sleep deeply",
        arguments: LANProfile.allCases
    )
    func rates(profile: LANProfile) throws {
        var sleepers: [(p: Double, success: Bool)] = []
        for seed in UInt64(1)...15 {
            let (fixture, kinds) = try LANGenerator.generate(Self.options(seed, profile, wifi: .full))
            let scanner = try #require(fixture.network.scanner.wifi)
            #expect(scanner.roam == Fixture.PathGap(perHour: profile.roamsPerHour, gapMs: [50, 300]))
            #expect(
                scanner.associationLoss
                    == Fixture.PathGap(perHour: profile.associationLossesPerHour, gapMs: [1_000, 10_000])
            )
            let congestion = try #require(scanner.congestion)
            #expect(congestion.perHour == 12.6 && congestion.durationMs == [2_000, 10_000])
            #expect((20...100).contains(congestion.delayMs ?? 0) && (1...5).contains(congestion.lossPercent ?? 0))
            for (device, kind) in zip(fixture.devices, kinds) {
                let wired = device.notes?.contains("): wired ") == true
                let expectsPowerSave = !wired && (device.arp != nil || WiFiDraw.modemSleepKinds.contains(kind.id))
                #expect(
                    (device.powerSave != nil) == expectsPowerSave,
                    "\(device.name) \(kind.id): \(device.notes ?? "")"
                )
                if let powerSave = device.powerSave {
                    #expect((1...5).contains(powerSave.beacons) && (50...300).contains(powerSave.timeoutMs))
                }
                if let sleep = device.deepSleep {
                    #expect((5...30).contains(sleep.sleepS) && (2...10).contains(sleep.awakeS) && sleep.phaseS == nil)
                }
                if WiFiDraw.deepSleepKinds.contains(kind.id), !wired {
                    sleepers.append((profile.deepSleepShare, device.deepSleep != nil))
                } else {
                    #expect(device.deepSleep == nil)
                }
            }
        }
        #expect(sleepers.count > 10)
        let z = LANGeneratorDistributionTests.z(sleepers)
        #expect(
            abs(z) < LANGeneratorDistributionTests.zTwoSided,
            "deep sleepers: z = \(z) over \(sleepers.count) battery devices"
        )
    }
}
