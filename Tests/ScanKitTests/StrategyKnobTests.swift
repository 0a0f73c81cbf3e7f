import Platform

import Foundation
import Testing
@testable import ScanKit
@testable import AppInputs

/// Every knob of the strategy schema changes what the scanner does.
///
/// The knobs are not listed or counted by hand: `StrategyKnobModel.paths` encodes a strategy with
/// every optional part present and walks the JSON, so a knob declared in any section's `knobs` table
/// (`Sources/AppInputs/Strategy/`) appears here at once. `KnobChecks.all` maps each path to a check
/// that loads two (or more) strategies differing only in that knob — from YAML, through
/// `StrategyLoader`, so the key's spelling is part of the check — builds what the runner builds
/// from them, and shows a difference in events, planned probes, timings or packets. Everything
/// runs on this machine's loopback (see `LoopbackPeers.swift`): no LAN, no testbed.
///
/// Two groups are checked elsewhere:
/// - `budget.reset_at_scan_start`, `bonjour.generation_check` and the `tools` section
///   (`KnobChecks.inAppSession`): their behaviour is the app session's, checked in a testbed by
///   `AppSessionIntegrationTests` (the generation check: `RescanIntegrationTests`, which needs a rescan,
///   so a second session of the long-lived Bonjour service) and the issue-9 runs, not on loopback here.
/// - the `classify` section (`KnobChecks.afterTheScan`): the app's classify step after the
///   session acts on it, checked by `ClassifyStepTests` (each knob changes the step's sweep) and
///   `ClassifyIntegrationTests` (reuse changes the probe's connections on a testbed).
@Suite("Strategy knobs: every knob changes behaviour", .serialized)
struct StrategyKnobTests {
    @Test("the registry of checks covers exactly the model's knobs")
    func registryMatchesTheModel() {
        let model = Set(StrategyKnobModel.paths).subtracting(KnobChecks.inAppSession).subtracting(
            KnobChecks.afterTheScan
        )
        let covered = Set(KnobChecks.all.keys)
        #expect(
            model.subtracting(covered).isEmpty,
            "knobs in the model without a behaviour check: \(model.subtracting(covered).sorted())"
        )
        #expect(
            covered.subtracting(model).isEmpty,
            "checks for knobs the model no longer has: \(covered.subtracting(model).sorted())"
        )
        let elsewhere = KnobChecks.inAppSession.union(KnobChecks.afterTheScan)
        let notKnobs = elsewhere.subtracting(StrategyKnobModel.paths)
        #expect(notKnobs.isEmpty, "checked elsewhere but not knobs: \(notKnobs.sorted())")
    }

    @Test("the model walk sees every CodingKeys case the loader knows")
    func walkSeesEveryCodingKey() {
        // Each key of each Codable section must be a component of some walked path; otherwise the
        // "full" strategy left an optional part out and a knob could hide from the registry.
        let components = Set(
            StrategyKnobModel.paths.flatMap {
                $0.replacingOccurrences(of: "[]", with: "").split(separator: ".").map(String.init)
            }
        )
        let missing = StrategyLoader.knownKeys.subtracting(components)
        #expect(missing.isEmpty, "CodingKeys not reached by the walk: \(missing.sorted())")
    }

    @Test(
        "each knob changes behaviour",
        arguments: StrategyKnobModel.paths.filter {
            !KnobChecks.inAppSession.contains($0) && !KnobChecks.afterTheScan.contains($0)
        }
    )
    func knobChangesBehaviour(_ path: String) async throws {
        let check = try #require(KnobChecks.all[path], "\(path) is a knob of the model with no behaviour check")
        let start = MonotonicClock.now()
        try await check()
        print("knob \(path): checked in \(Int(Knob.ms(MonotonicClock.now() - start))) ms")
    }
}

/// The strategy schema's knobs, read off the Codable model.
enum StrategyKnobModel {
    /// A strategy with every optional part present: a description, explicit steps, a thermal
    /// step, a random port range.
    static var full: Strategy {
        var strategy = Strategy()
        strategy.description = "every key present"
        strategy.pipeline.steps = strategy.resolvedSteps
        strategy.budget.thermalScript = [ThermalStep(atSeconds: 1, state: .serious)]
        strategy.enrichment.randomPortRange = Strategy.PortRange(min: 33000, max: 44000)
        return strategy
    }

    /// Every leaf path of `full` as JSON: `section.key`, `section.sub.key`, and `key[].field` for
    /// arrays of objects; sorted.
    static let paths: [String] = {
        let encoder = JSONEncoder()
        guard let data = try? encoder.encode(full), let object = try? JSONSerialization.jsonObject(with: data) else {
            return []
        }
        func walk(_ value: Any, _ prefix: String) -> [String] {
            if let dictionary = value as? [String: Any] {
                return dictionary.flatMap { key, child in walk(child, prefix.isEmpty ? key : "\(prefix).\(key)") }
            }
            if let array = value as? [Any], let first = array.first, first is [String: Any] {
                return walk(first, prefix + "[]")
            }
            return [prefix]
        }
        return walk(object, "").sorted()
    }()
}

/// Behaviour checks by knob path; each throws or records an issue when the knob is inert.
enum KnobChecks {
    /// Knobs that only the app session (`scanbench app`) acts on.
    static let inAppSession: Set<String> = [
        "budget.reset_at_scan_start", "bonjour.generation_check", "tools.executor", "tools.ping.method",
        "tools.ping.timestamps", "tools.ping.timeout_ms",
        "tools.ping.tcp_ports", "tools.port_scanner.max_concurrent", "tools.port_scanner.timeout_ms",
        "tools.port_scanner.waiting_policy", "tools.port_scanner.local_endpoint_reuse",
        "tools.port_scanner.connection_api", "tools.bonjour_service", "tools.trace.method",
        "tools.trace.probes_per_hop",
    ]

    /// Knobs that only the app's classify step after the session acts on (`ClassifyStepTests`).
    static let afterTheScan: Set<String> = Set(Strategy.Classify.keys.map { "classify.\($0)" })

    static let all: [String: @Sendable () async throws -> Void] = engine.merging(arp) { a, _ in a }
        .merging(bonjour) { a, _ in a }
        .merging(tcp) { a, _ in a }
        .merging(enrichment) { a, _ in a }
        .merging(ssdp) { a, _ in a }
        .merging(latency) { a, _ in a }
        .merging(publishing) { a, _ in a }
}
