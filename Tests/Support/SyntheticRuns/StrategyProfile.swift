/// Median behaviour of one strategy on the `home` fixture, for synthetic results. The numbers are
/// shaped after the architecture review and docs/STRATEGIES.md (who finds what, at what cost).
public struct StrategyProfile: Sendable {
    public var name: String
    var found: Int
    var attempts: Int
    var retransmits: Int
    var peakInFlight: Int
    var packets: Int
    var durationS: Double
    var timeTo90S: Double
    var publishes: Int
    var worstHitchMs: Double
    var cpuS: Double
    var rssMb: Double
    var connections: Int
    /// Source that finds most devices first.
    var mainSource: String
    /// Absolute latency error scale (ms).
    var latencyErrorMs: Double

    public static let all: [StrategyProfile] = [
        StrategyProfile(
            name: "review-baseline",
            found: 20,
            attempts: 3_050,
            retransmits: 410,
            peakInFlight: 80,
            packets: 9_800,
            durationS: 38,
            timeTo90S: 30,
            publishes: 520,
            worstHitchMs: 180,
            cpuS: 4.2,
            rssMb: 38,
            connections: 3_149,
            mainSource: "tcp",
            latencyErrorMs: 40
        ),
        StrategyProfile(
            name: "review-phase1",
            found: 23,
            attempts: 1_180,
            retransmits: 120,
            peakInFlight: 72,
            packets: 4_100,
            durationS: 24,
            timeTo90S: 18,
            publishes: 480,
            worstHitchMs: 150,
            cpuS: 2.1,
            rssMb: 36,
            connections: 1_210,
            mainSource: "tcp",
            latencyErrorMs: 30
        ),
        StrategyProfile(
            name: "review-phase2",
            found: 23,
            attempts: 1_150,
            retransmits: 60,
            peakInFlight: 30,
            packets: 3_900,
            durationS: 29,
            timeTo90S: 21,
            publishes: 42,
            worstHitchMs: 24,
            cpuS: 1.9,
            rssMb: 34,
            connections: 1_120,
            mainSource: "tcp",
            latencyErrorMs: 12
        ),
        StrategyProfile(
            name: "review-phase3",
            found: 25,
            attempts: 1_140,
            retransmits: 58,
            peakInFlight: 30,
            packets: 4_000,
            durationS: 31,
            timeTo90S: 22,
            publishes: 38,
            worstHitchMs: 22,
            cpuS: 1.9,
            rssMb: 34,
            connections: 1_115,
            mainSource: "tcp",
            latencyErrorMs: 11
        ),
        StrategyProfile(
            name: "netmonitor-1.0",
            found: 26,
            attempts: 1_900,
            retransmits: 150,
            peakInFlight: 60,
            packets: 6_200,
            durationS: 30,
            timeTo90S: 9,
            publishes: 300,
            worstHitchMs: 90,
            cpuS: 2.8,
            rssMb: 40,
            connections: 1_950,
            mainSource: "arp",
            latencyErrorMs: 6
        ),
        StrategyProfile(
            name: "netmonitor-2.0",
            found: 27,
            attempts: 1_204,
            retransmits: 90,
            peakInFlight: 60,
            packets: 4_400,
            durationS: 28,
            timeTo90S: 8,
            publishes: 260,
            worstHitchMs: 70,
            cpuS: 2.2,
            rssMb: 39,
            connections: 1_260,
            mainSource: "arp",
            latencyErrorMs: 5
        ),
        StrategyProfile(
            name: "scanbench-best",
            found: 28,
            attempts: 312,
            retransmits: 20,
            peakInFlight: 41,
            packets: 1_900,
            durationS: 22,
            timeTo90S: 6,
            publishes: 45,
            worstHitchMs: 18,
            cpuS: 1.1,
            rssMb: 31,
            connections: 330,
            mainSource: "arp",
            latencyErrorMs: 1.5
        ),
    ]

    static func named(_ name: String) -> StrategyProfile {
        all.first { $0.name == name }!
    }
}
