import Foundation
import Results

/// How the report prints a metric the catalogue (Results' `Metric`) declares.
extension Metric {
    /// Header text with the unit: "Scan duration [s]".
    var header: String { unit.isEmpty ? title : "\(title) [\(unit)]" }

    /// The short title with the unit, for narrow columns: "Probe [s]".
    var shortHeader: String { unit.isEmpty ? shortTitle : "\(shortTitle) [\(unit)]" }

    /// Header text with the unit and which way is better: "Scan duration [s] ↓".
    var headerWithDirection: String { "\(header) \(direction.arrow)" }

    /// Prints a value of this metric; +∞, a time never reached (`Metric.timeTo100` of a run that
    /// missed a device), as "not reached".
    func format(_ value: Double) -> String {
        value == .infinity ? Self.notReached : NumberFormat.decimal(value, digits: digits)
    }

    /// What a table prints for a time never reached.
    static let notReached = "not reached"

    /// The report's first headline table (yield and wire), in column order.
    static let headlineYield: [Metric] = [
        recall, found, categoriesCorrect, tcpAttempts, retransmits, peakInFlight, packets,
    ]

    /// The second headline table (time, UI and cost).
    static let headlineCost: [Metric] = [
        duration, timeTo90, publishes, mainBusyP95, lateFrames, worstHitch, cpu, wakeups, radioActive, airtime, radioOn,
        peakRSS,
    ]

    /// The third (the whole session against the scan's share): what the categories cost.
    static let headlineSession: [Metric] = [
        categoriesCorrect, sessionConnections, connectionsCreated, sessionTCPAttempts, tcpAttempts,
        sessionPackets, packets, sessionAirtime, airtime, timeToCategories, duration,
    ]

    /// The headline tables' columns.
    static let headline: [Metric] =
        headlineYield + headlineCost
        + headlineSession.filter { metric in
            !(headlineYield + headlineCost).contains { $0.id == metric.id }
        }

    /// The Pareto section's objectives, by id, in column order. An id no metric declares is left
    /// out of every comparison, and the report says so. Cost is the whole session's — the scan, the
    /// session's tools and the classify step whose categories are an objective — counted three
    /// ways: SYNs, every packet on the link, connections; so no strategy wins by moving its cost
    /// from SYNs to ARP (a connect to an empty address costs ARP requests, never a SYN) or into
    /// the step after the scan. Time is counted to the devices and to the categories.
    static let paretoObjectiveIDs: [String] = [
        recall.id, sessionTCPAttempts.id, sessionPackets.id, sessionConnections.id, sessionAirtime.id, timeTo90.id,
        timeTo100.id,
        hostnamesCorrect.id, categoriesCorrect.id, timeToCategories.id, cpu.id,
    ]

    /// How far apart two strategies' medians of an objective may be, relative to the larger, and
    /// still count as equal on the front. Packets move with timing — device announcements and
    /// kernel timers — by a few per cent between repetitions of one seed (docs/METRICS.md,
    /// "Repeatability"), so within 5 % they are equal: a difference that size is noise, not a cost
    /// one strategy saves; the airtime estimate is a function of the same frames. Every other
    /// objective: timings as printed, counters exactly.
    static let paretoTolerance: [String: Double] = [
        packets.id: 0.05, sessionPackets.id: 0.05, airtime.id: 0.05, sessionAirtime.id: 0.05,
    ]

    /// What stands in for a session metric in results from before the session was recorded (issue
    /// 46): the scan's own figure (nil: nothing does), so an old file's front still weighs cost —
    /// the scan's, without the classify step, which the report then says.
    static let scanStandIn: [String: Metric?] = [
        sessionTCPAttempts.id: tcpAttempts, sessionPackets.id: packets, sessionConnections.id: connectionsCreated,
        sessionAirtime.id: airtime, timeToCategories.id: nil,
    ]
}

extension Metric.Direction {
    /// An arrow for table headers: ↑ when higher is better, ↓ when lower is.
    var arrow: String { self == .higherIsBetter ? "↑" : "↓" }
}
