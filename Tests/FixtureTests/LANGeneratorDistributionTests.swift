@testable import Fixture
import Foundation
import Testing

/// The generated mix matches the distributions docs/FIXTURES.md states, within sampling error,
/// over thousands of generated devices per profile (40 LANs of 100 devices, seeds 1–40: fixed, so
/// every run sees the same draws).
///
/// Each check is a test at α = 0.001: a correct generator fails one with probability at most
/// 0.001 for a given set of seeds (about 3 % for the ~30 checks together, and then on every run,
/// since the seeds are fixed — change them only with a reason).
/// - Categories and kinds: Pearson's χ² goodness of fit, cells with an expected count below 5
///   pooled, critical value from the Wilson–Hilferty approximation (within 1 % of the exact
///   quantile for 3 or more degrees of freedom). Categories are dealt by systematic rounding
///   (`LANGenerator.categoryCounts`), whose counts vary less than a multinomial's, so the test is
///   conservative there; kinds are drawn independently per device.
/// - Per-device shares (private MAC, asleep, poor Wi-Fi, wired, closed ports, ping, host name,
///   slow Bonjour, late SSDP): each device is a Bernoulli trial with its own stated p; the count
///   of successes is compared with Σp by a normal z-test, |z| < 3.29 (two-sided 0.001).
@Suite("LAN generator distributions")
struct LANGeneratorDistributionTests {
    static let alpha = 0.001
    /// Standard normal quantile for 1 − α (one-sided, χ²) and 1 − α/2 (two-sided, z).
    static let zOneSided = 3.0902
    static let zTwoSided = 3.2905

    /// Devices other than the gateway, with their kinds, over the seeds.
    static func sample(_ profile: LANProfile) throws -> [(device: Fixture.Device, kind: DeviceKind)] {
        var sample: [(Fixture.Device, DeviceKind)] = []
        for seed in UInt64(1)...40 {
            let (fixture, kinds) = try LANGenerator.generate(
                LANGeneratorOptions(seed: seed, devices: 100, subnet: .init("198.18.0.0/23")!, profile: profile)
            )
            sample += zip(fixture.devices, kinds).dropFirst()
        }
        return sample
    }

    /// Pearson's χ² for observed vs expected counts (cells with expected < 5 pooled into one);
    /// returns the statistic and the critical value at `alpha`.
    static func chiSquare(observed: [Double], expected: [Double]) -> (statistic: Double, critical: Double, cells: Int) {
        var cells: [(Double, Double)] = []
        var pooled = (0.0, 0.0)
        for (o, e) in zip(observed, expected) where e > 0 {
            if e < 5 { pooled.0 += o; pooled.1 += e } else { cells.append((o, e)) }
        }
        if pooled.1 > 0 { cells.append(pooled) }
        let statistic = cells.reduce(0) { $0 + ($1.0 - $1.1) * ($1.0 - $1.1) / $1.1 }
        let k = Double(cells.count - 1)
        let h = 2 / (9 * k)
        let critical = k * pow(1 - h + zOneSided * h.squareRoot(), 3)
        return (statistic, critical, cells.count)
    }

    /// z for a count of successes among independent trials with probabilities `p`.
    static func z(_ trials: [(p: Double, success: Bool)]) -> Double {
        let expected = trials.reduce(0) { $0 + $1.p }
        let variance = trials.reduce(0) { $0 + $1.p * (1 - $1.p) }
        let observed = Double(trials.filter(\.success).count)
        return variance == 0 ? (observed == expected ? 0 : .infinity) : (observed - expected) / variance.squareRoot()
    }

    @Test("the critical values are right (χ² 0.999 quantiles from tables)")
    func criticalValues() {
        // NIST/SEMATECH e-Handbook, table 1.3.6.7.4: χ²(0.999) for 10 and 30 degrees of freedom.
        let ten = Self.chiSquare(observed: Array(repeating: 10, count: 11), expected: Array(repeating: 10, count: 11))
        #expect(abs(ten.critical - 29.588) < 0.3 && ten.statistic == 0)
        let thirty = Self.chiSquare(
            observed: Array(repeating: 10, count: 31),
            expected: Array(repeating: 10, count: 31)
        )
        #expect(abs(thirty.critical - 59.703) < 0.3)
    }

    @Test("categories follow the profile's shares", arguments: LANProfile.allCases)
    func categories(profile: LANProfile) throws {
        let sample = try Self.sample(profile)
        #expect(sample.count >= 1000)
        let shares = profile.categoryShares
        let observed = shares.map { share in Double(sample.filter { $0.device.category == share.category }.count) }
        let expected = shares.map { Double($0.percent) / 100 * Double(sample.count) }
        let test = Self.chiSquare(observed: observed, expected: expected)
        print(
            "categories \(profile.rawValue): \(sample.count) devices, χ² \(NumberText.decimal(test.statistic)) < \(NumberText.decimal(test.critical)) (\(test.cells) cells)"
        )
        #expect(
            test.statistic < test.critical,
            "\(profile): χ² \(test.statistic) ≥ \(test.critical) (\(test.cells) cells)"
        )
    }

    @Test("kinds (vendors and products) follow their weights within each category", arguments: LANProfile.allCases)
    func kinds(profile: LANProfile) throws {
        let sample = try Self.sample(profile)
        var observed: [Double] = []
        var expected: [Double] = []
        for share in profile.categoryShares {
            let choices = DeviceCatalog.choices(share.category, profile: profile)
            let total = choices.reduce(0) { $0 + $1.1 }
            let inCategory = Double(share.percent) / 100 * Double(sample.count)
            for (kind, weight) in choices {
                observed.append(Double(sample.filter { $0.kind.id == kind.id }.count))
                expected.append(inCategory * weight / total)
            }
        }
        let test = Self.chiSquare(observed: observed, expected: expected)
        print(
            "kinds \(profile.rawValue): χ² \(NumberText.decimal(test.statistic)) < \(NumberText.decimal(test.critical)) (\(test.cells) cells)"
        )
        #expect(
            test.statistic < test.critical,
            "\(profile): χ² \(test.statistic) ≥ \(test.critical) (\(test.cells) cells)"
        )
    }

    @Test("gateways follow their weights")
    func gateways() throws {
        for profile in LANProfile.allCases {
            var counts: [String: Double] = [:]
            for seed in UInt64(1)...1000 {
                let (_, kinds) = try LANGenerator.generate(
                    LANGeneratorOptions(seed: seed, devices: 1, profile: profile)
                )
                counts[kinds[0].id, default: 0] += 1
            }
            let choices = DeviceCatalog.choices(.router, profile: profile, role: .gateway)
            let total = choices.reduce(0) { $0 + $1.1 }
            let test = Self.chiSquare(
                observed: choices.map { counts[$0.0.id] ?? 0 },
                expected: choices.map { 1000 * $0.1 / total }
            )
            print(
                "gateways \(profile.rawValue): χ² \(NumberText.decimal(test.statistic)) < \(NumberText.decimal(test.critical)) (\(test.cells) cells)"
            )
            #expect(test.statistic < test.critical, "\(profile): χ² \(test.statistic) ≥ \(test.critical)")
        }
    }

    @Test("per-device shares match their stated probabilities", arguments: LANProfile.allCases)
    func shares(profile: LANProfile) throws {
        let sample = try Self.sample(profile)
        func check(_ what: String, _ trials: [(p: Double, success: Bool)]) {
            #expect(trials.count >= 100, "\(profile) \(what): only \(trials.count) trials")
            let z = Self.z(trials)
            print("\(profile.rawValue) \(what): z = \(NumberText.decimal(z)) over \(trials.count) devices")
            #expect(abs(z) < Self.zTwoSided, "\(profile) \(what): z = \(z) over \(trials.count) devices")
        }
        let wired = sample.map { (p: $0.kind.wiredShare, success: ($0.device.link?.delayMs ?? 0) < 1) }
        check("wired", wired)
        let wireless = sample.filter { ($0.device.link?.delayMs ?? 0) >= 1 }
        check("poor Wi-Fi", wireless.map { (p: profile.poorWiFiShare, success: $0.device.link!.delayMs! >= 15) })
        check(
            "Wi-Fi loss",
            wireless.filter { $0.device.link!.delayMs! < 15 }
                .map { (p: profile.lossyWiFiShare, success: $0.device.link?.lossPercent != nil) }
        )
        check(
            "private MAC",
            sample.filter(\.kind.privateMAC)
                .map { (p: profile.privateMACShare, success: $0.device.mac.array[0] & 0x02 != 0) }
        )
        check("asleep", sample.filter(\.kind.powerSave).map { (p: profile.asleepShare, success: $0.device.arp != nil) })
        check(
            "closed ports",
            sample.map { (p: $0.kind.closedShare, success: $0.device.tcpPorts.defaultPolicy == .closed) }
        )
        check("ping", sample.map { (p: $0.kind.echoShare, success: $0.device.answersEcho) })
        check(
            "host name",
            sample.filter { $0.kind.hostname != nil }.map {
                (p: $0.kind.hostnameShare, success: $0.device.hostname != nil)
            }
        )
        check(
            "slow Bonjour",
            sample.filter { $0.device.mdns != nil }
                .map { (p: profile.slowBonjourShare, success: $0.device.mdns![0].delayMs != nil) }
        )
        check(
            "late SSDP",
            sample.filter { $0.device.ssdp != nil }.map {
                (p: profile.lateSSDPShare, success: $0.device.ssdp!.delayMs != nil)
            }
        )
        // Values stay on their stated ranges.
        for (device, _) in sample {
            if let arp = device.arp {
                #expect((102...408).contains(arp.replyDelayMs!) && (0.5...0.9).contains(arp.replyProbability!))
            }
            let link = try #require(device.link)
            #expect(
                (0.1...60).contains(link.delayMs!) && (link.jitterMs ?? 0) <= link.delayMs!
                    && (link.lossPercent ?? 0) <= 5
            )
        }
    }
}
