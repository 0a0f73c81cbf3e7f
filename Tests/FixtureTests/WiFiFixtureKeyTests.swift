import Fixture
import Testing

/// The Wi-Fi keys of a fixture, loaded and refused.
@Suite("Wi-Fi fixture keys")
struct WiFiFixtureKeyTests {
    static let valid = """
        name: wifi
        network:
          subnet: 198.18.0.0/24
          gateway: 198.18.0.1
          scanner:
            ip: 198.18.0.50
            mac: "02:00:00:00:00:32"
            wifi:
              roam: {per_hour: 2, gap_ms: [50, 300]}
              association_loss: {per_hour: 0.25, gap_ms: [1000, 10000]}
              congestion: {per_hour: 12.6, duration_ms: [2000, 10000], delay_ms: 40, jitter_ms: 20, loss_percent: 3}
        devices:
          - {name: gateway, ip: 198.18.0.1, mac: "02:00:00:00:00:01", category: router}
          - name: phone
            ip: 198.18.0.10
            mac: "02:00:00:00:00:0a"
            category: phone
            arp: {reply_delay_ms: 300, reply_probability: 0.7}
            power_save: {listen_interval: 3, awake_ms: 100}
          - name: doorbell
            ip: 198.18.0.11
            mac: "02:00:00:00:00:0b"
            category: camera
            deep_sleep: {sleep_s: 20, awake_s: 5}
        """

    @Test func theKeysLoad() throws {
        let fixture = try FixtureLoader.load(text: Self.valid, file: FixtureErrorTests.file)
        #expect(fixture.network.scanner.wifi?.roam == Fixture.PathGap(perHour: 2, gapMs: [50, 300]))
        #expect(fixture.network.scanner.wifi?.congestion?.lossPercent == 3)
        #expect(
            abs((fixture.devices[1].powerSave?.listenPeriodMs ?? 0) - 307.2) < 1e-9
                && fixture.devices[1].powerSave?.timeoutMs == 100
        )
        #expect(fixture.devices[2].deepSleep == Fixture.DeepSleep(sleepS: 20, awakeS: 5))
        // The writer round-trips them.
        let again = try FixtureLoader.load(text: FixtureYAMLWriter.yaml(fixture), file: "written.yaml")
        #expect(again == fixture)
    }

    static func refuse(
        _ line: String,
        with replacement: String,
        message: [String],
        fix: [String],
        sourceLocation: SourceLocation = #_sourceLocation
    ) {
        let text = FixtureErrorTests.replacing(line, with: replacement, in: valid)
        FixtureErrorTests.expectRefusal(
            text,
            line: FixtureErrorTests.lineNumber(of: replacement, in: text),
            message: message,
            fix: fix,
            sourceLocation: sourceLocation
        )
    }

    @Test func listenIntervalZeroIsRefused() {
        Self.refuse(
            "power_save: {listen_interval: 3, awake_ms: 100}",
            with: "power_save: {listen_interval: 0, awake_ms: 100}",
            message: ["power_save.listen_interval", "0", "out of range"],
            fix: ["1 to 20 beacons"]
        )
    }

    @Test func phaseOutsideTheCycleIsRefused() {
        Self.refuse(
            "deep_sleep: {sleep_s: 20, awake_s: 5}",
            with: "deep_sleep: {sleep_s: 20, awake_s: 5, phase_s: 30}",
            message: ["phase_s 30", "cycle of 25 s"],
            fix: ["below sleep_s + awake_s"]
        )
    }

    @Test func gapRangeBackwardsIsRefused() {
        Self.refuse(
            "roam: {per_hour: 2, gap_ms: [50, 300]}",
            with: "roam: {per_hour: 2, gap_ms: [300, 50]}",
            message: ["wifi.roam.gap_ms", "[min, max]"],
            fix: ["gap_ms: [50, 300]"]
        )
    }

    @Test func congestionJitterAboveDelayIsRefused() {
        Self.refuse(
            "congestion: {per_hour: 12.6, duration_ms: [2000, 10000], delay_ms: 40, jitter_ms: 20, loss_percent: 3}",
            with:
                "congestion: {per_hour: 12.6, duration_ms: [2000, 10000], delay_ms: 40, jitter_ms: 50, loss_percent: 3}",
            message: ["congestion.jitter_ms", "between 0 and delay_ms"],
            fix: ["at most delay_ms"]
        )
    }

    @Test func negativeRateIsRefused() {
        Self.refuse(
            "association_loss: {per_hour: 0.25, gap_ms: [1000, 10000]}",
            with: "association_loss: {per_hour: -1, gap_ms: [1000, 10000]}",
            message: ["per_hour -1", "out of range"],
            fix: ["0 to 36000 events per hour"]
        )
    }

    @Test func unknownWiFiKeyIsRefused() {
        Self.refuse(
            "power_save: {listen_interval: 3, awake_ms: 100}",
            with: "power_save: {listen_intervals: 3, awake_ms: 100}",
            message: ["listen_intervals"],
            fix: ["listen_interval"]
        )
    }
}
