import AppContract
import Testing
@testable import ScanKit

/// `publishing`: the observer the runner plugs in (`PublishingObserver`), fed progress callbacks
/// and phase ends as the engine would; the `publish` events say what reached the UI model.
extension KnobChecks {
    static let publishing: [String: @Sendable () async throws -> Void] = [
        "publishing.policy": publishPolicy,
        "publishing.percent": publishPercent,
        "publishing.interval_ms": publishInterval,
        "publishing.phase_boundaries": phaseBoundaries,
        "publishing.isolation": isolation,
        "publishing.device_flush_ms": deviceFlush,
    ]

    /// Feeds `fractions` (one callback each, `gapMs` apart) and a phase end; returns the publish
    /// reasons in order and the observer's summary.
    static func publish(
        _ knobs: [String: String],
        fractions: [Double],
        gapMs: Int = 0
    )
        async throws -> (reasons: [String], events: [EventRecord], summary: ObserverSummary)
    {
        let strategy = try Knob.strategy(knobs)
        let log = EventLog()
        let accumulator = ScanAccumulator()
        let observer = ScanRunner.publishing(strategy, accumulator, log)
        await observer.scanStarted(accumulator: accumulator)
        for fraction in fractions {
            observer.progress(
                ScanProgress(fraction: fraction, phaseID: "tcp_probe", displayName: "Probing ports…"),
                accumulator: accumulator
            )
            if gapMs > 0 { try await Task.sleep(for: .milliseconds(gapMs)) }
        }
        observer.phaseEnded("tcp_probe")
        let summary = await observer.scanFinished(accumulator: accumulator)
        let events = log.records()
        return (events.all { if case .publish(let p) = $0 { p.reason.rawValue } else { nil } }, events, summary)
    }

    /// Progress in eighths: exact in binary, so "moved 12.5 points" is never lost to rounding.
    static let eighths = (1...8).map { Double($0) / 8 }

    /// `policy`: what makes a publish.
    static func publishPolicy() async throws {
        // percent_or_ms: the first callback (interval arm: no publish yet), then 3/8, 5/8, 7/8 by the step.
        for (policy, reason, count) in [
            ("per_callback", "callback", 8), ("per_host", "host", 8), ("every_percent", "percent", 4),
            ("every_ms", "interval", 1), ("percent_or_ms", "percent", 3),
        ] {
            let run = try await publish(
                ["publishing.policy": policy, "publishing.percent": "25", "publishing.interval_ms": "60000"],
                fractions: eighths
            )
            #expect(
                run.reasons.filter { $0 == reason }.count == count && run.reasons.last == "final",
                "\(policy): \(run.reasons)"
            )
        }
    }

    /// `percent`: the progress step between `every_percent` publishes.
    static func publishPercent() async throws {
        let fine = try await publish(
            ["publishing.policy": "every_percent", "publishing.percent": "12.5"],
            fractions: eighths
        )
        let coarse = try await publish(
            ["publishing.policy": "every_percent", "publishing.percent": "50"],
            fractions: eighths
        )
        #expect(fine.reasons.filter { $0 == "percent" }.count == 8)
        #expect(coarse.reasons.filter { $0 == "percent" }.count == 2)
    }

    /// `interval_ms`: the time between `every_ms` publishes (20 callbacks over ~400 ms).
    static func publishInterval() async throws {
        let fractions = (1...20).map { Double($0) / 20 }
        let often = try await publish(
            ["publishing.policy": "every_ms", "publishing.interval_ms": "50"],
            fractions: fractions,
            gapMs: 20
        )
        let rarely = try await publish(
            ["publishing.policy": "every_ms", "publishing.interval_ms": "60000"],
            fractions: fractions,
            gapMs: 20
        )
        #expect(often.reasons.filter { $0 == "interval" }.count >= 4, "50 ms: \(often.reasons)")
        #expect(rarely.reasons.filter { $0 == "interval" }.count == 1)
    }

    /// `phase_boundaries`: a phase end publishes too.
    static func phaseBoundaries() async throws {
        for boundaries in [true, false] {
            let run = try await publish(
                [
                    "publishing.policy": "every_ms", "publishing.interval_ms": "60000",
                    "publishing.phase_boundaries": "\(boundaries)",
                ],
                fractions: [0.5]
            )
            #expect(run.reasons.contains("phase_boundary") == boundaries)
        }
    }

    /// `isolation`: on the main actor every callback's bookkeeping costs main-actor time, so
    /// main busy time exceeds what the publishes themselves took; on its own actor only publishes
    /// reach the main actor, so the two are equal.
    static func isolation() async throws {
        let fractions = (1...300).map { Double($0) / 300 }
        for isolation in ["main_actor", "own_actor"] {
            let run = try await publish(
                ["publishing.policy": "every_percent", "publishing.percent": "100", "publishing.isolation": isolation],
                fractions: fractions
            )
            let publishesMs =
                Double(run.events.all { if case .publish(let p) = $0 { p.mainBusyNs } else { nil } }.reduce(0, +)) / 1e6
            let busyMs = run.summary.mainBusyMs ?? 0
            if isolation == "main_actor" {
                #expect(busyMs > publishesMs + 0.001, "main_actor: busy \(busyMs) ms, publishes \(publishesMs) ms")
            } else {
                #expect(
                    abs(busyMs - publishesMs) < 0.000_01,
                    "own_actor: busy \(busyMs) ms, publishes \(publishesMs) ms"
                )
            }
        }
    }

    /// `device_flush_ms`: with a new device before each of 20 callbacks 20 ms apart, 0 hands the
    /// list over with every publish; 150 sends most publishes as progress only.
    static func deviceFlush() async throws {
        var progressOnly: [Int: Int] = [:]
        for flush in [0, 150] {
            let strategy = try Knob.strategy([
                "publishing.policy": "per_callback", "publishing.device_flush_ms": "\(flush)",
            ])
            let log = EventLog()
            let accumulator = ScanAccumulator()
            let observer = ScanRunner.publishing(strategy, accumulator, log)
            await observer.scanStarted(accumulator: accumulator)
            for i in 1...20 {
                await accumulator.upsert(DiscoveredDevice(ip: Loopback.ip(UInt8(i)), source: .arp))
                observer.progress(
                    ScanProgress(fraction: Double(i) / 20, phaseID: "arp", displayName: ""),
                    accumulator: accumulator
                )
                try await Task.sleep(for: .milliseconds(20))
            }
            _ = await observer.scanFinished(accumulator: accumulator)
            let publishes = log.records().all { if case .publish(let p) = $0 { p } else { nil } }
            progressOnly[flush] = publishes.filter { $0.deviceList == false }.count
            #expect(
                publishes.last?.deviceList == true,
                "device_flush_ms \(flush): the final publish hands the list over"
            )
        }
        #expect(progressOnly[0] == 0 && (progressOnly[150] ?? 0) >= 10, "progress-only publishes: \(progressOnly)")
    }
}
