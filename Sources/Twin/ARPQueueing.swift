import Foundation
import Results
import OrderStatistics

/// What ARP cost beyond the IP round trip at one moment of the capture (ms).
///
/// A scan's ARP sweep sends its requests in bursts, so the replies queue: a host asked in the
/// middle of a burst answers milliseconds later than one asked alone, whatever its link, while
/// the median excess over the whole scan stays near zero; taken over the whole scan, the queueing
/// would be read as link delay (docs/REAL-DEVICES.md has the case). So the excess is taken where
/// the host was asked: the median over the devices timed both ways (ARP and IP) whose ARP
/// requests went out nearest in time, not over the whole scan.
struct ARPQueueing: Sendable {
    /// One device timed both ways: when its ARP request went out (ms into the capture) and its
    /// ARP round trip less its IP round trip.
    struct Sample: Sendable {
        var askedAtMs: Double
        var excessMs: Double
    }

    /// How many neighbours in time the local median is taken over. An assumption (sweep from 3
    /// to 15): few enough to stay inside one burst of the sweep, enough that one sleepy
    /// device's ARP delay is outvoted.
    static let neighbours = 7

    /// Sorted by `askedAtMs`.
    let samples: [Sample]
    /// The median over every sample, for a host whose request time is unknown.
    let overallMs: Double

    init(_ hosts: [HostObservations]) {
        samples = hosts.compactMap { host in
            guard let asked = host.arpAskedAtMs, let arp = host.medianARPRTT, let ip = host.medianRTT else {
                return nil
            }
            return Sample(askedAtMs: asked, excessMs: arp - ip)
        }.sorted { $0.askedAtMs < $1.askedAtMs }
        overallMs = samples.count >= 3 ? max(0, Percentile.of(samples.map(\.excessMs), 50) ?? 0) : 0
    }

    /// The excess for a host first asked at `askedAtMs`: the median of its nearest neighbours in
    /// time, from three samples up; 0 with fewer (one device's own delay is not the LAN's).
    func excess(at askedAtMs: Double?) -> Double {
        guard samples.count >= 3 else { return 0 }
        guard let askedAtMs else { return overallMs }
        let nearest = samples.sorted { abs($0.askedAtMs - askedAtMs) < abs($1.askedAtMs - askedAtMs) }
            .prefix(Self.neighbours).map(\.excessMs)
        return max(0, Percentile.of(Array(nearest), 50) ?? 0)
    }
}
