import Foundation
import Testing
import Wire
@testable import ScanKit

@Suite("Publishing: throttle, frame lateness, UI model")
struct PublishingTests {
    static func throttle(_ policy: Strategy.PublishPolicy, percent: Double = 2, intervalMs: Int = 500,
                         boundaries: Bool = false) -> PublishThrottle {
        var settings = Strategy.Publishing()
        settings.policy = policy
        settings.percent = percent
        settings.intervalMs = intervalMs
        settings.phaseBoundaries = boundaries
        return PublishThrottle(settings)
    }

    @Test func perCallbackPublishesEveryCallback() {
        var t = Self.throttle(.perCallback)
        let reasons = (0..<10).flatMap { t.decide(.progress(fraction: Double($0) / 10, devices: 0), nowNs: UInt64($0)) }
        #expect(reasons == Array(repeating: "callback", count: 10))
        #expect(t.decide(.phaseEnded, nowNs: 11).isEmpty)
        #expect(t.decide(.final, nowNs: 12) == ["final"])
    }

    @Test func perHostAddsAPublishForEveryCallbackThatBroughtDevices() {
        var t = Self.throttle(.perHost)
        #expect(t.decide(.progress(fraction: 0.1, devices: 0), nowNs: 0) == ["host"])
        #expect(t.decide(.progress(fraction: 0.2, devices: 2), nowNs: 1) == ["host", "host"])
        #expect(t.decide(.progress(fraction: 0.3, devices: 2), nowNs: 2) == ["host"])
    }

    @Test func everyPercentWaitsForTheStep() {
        var t = Self.throttle(.everyPercent, percent: 25)
        let fractions = (1...16).map { Double($0) / 16 }
        let published = fractions.filter { !t.decide(.progress(fraction: $0, devices: 0), nowNs: 0).isEmpty }
        #expect(published == [0.25, 0.5, 0.75, 1])
    }

    @Test func everyMsPublishesAtMostOncePerInterval() {
        var t = Self.throttle(.everyMs, intervalMs: 500, boundaries: true)
        let ms: UInt64 = 1_000_000
        let times: [UInt64] = [0, 100, 499, 500, 900, 1001, 1002]
        let published = times.filter { !t.decide(.progress(fraction: 0.5, devices: 0), nowNs: $0 * ms).isEmpty }
        #expect(published == [0, 500, 1001])
        #expect(t.decide(.phaseEnded, nowNs: 1100 * ms) == ["phase_boundary"])
        #expect(t.decide(.progress(fraction: 0.6, devices: 0), nowNs: 1200 * ms).isEmpty, "the boundary publish restarts the interval")
    }

    @Test func frameLatenessCountsOnlyTicksMoreThanAnIntervalLate() {
        var stats = FrameStatistics()
        let i = FrameStatistics.sixtyHertzNs
        #expect(stats.record(dueNs: i, actualNs: i + 1_000_000) == 1_000_000)
        #expect(stats.record(dueNs: 2 * i, actualNs: 2 * i + i) == i)       // exactly one interval: not late
        #expect(stats.record(dueNs: 3 * i, actualNs: 3 * i + 50_000_000) == 50_000_000)
        #expect(stats.record(dueNs: 4 * i, actualNs: 4 * i - 10) == 0)      // early
        #expect(stats.frames == 4 && stats.lateFrames == 1 && stats.worstHitchNs == 50_000_000)
        // After a 50 ms stall the next tick is the next grid slot, not a burst of missed ones.
        #expect(stats.nextDue(originNs: 0, actualNs: 3 * i + 50_000_000) == 6 * i)
        #expect(stats.nextDue(originNs: 0, actualNs: i) == 2 * i)
    }

    @MainActor
    @Test func deviceListModelDiffsSortedRows() {
        let model = DeviceListModel()
        let a = DiscoveredDevice(ip: .init(198, 18, 0, 20), source: .arp)
        var b = DiscoveredDevice(ip: .init(198, 18, 0, 3), source: .bonjour, hostname: "Living Room")
        let first = model.apply(devices: [a, b], progress: 0.5)
        #expect(first == RowDiff(inserted: 2))
        #expect(model.rows.map(\.title) == ["Living Room", "198.18.0.20"])
        #expect(model.rows.map(\.subtitle) == ["198.18.0.3 · Bonjour", "—"], "the address shows when a hostname hides it")
        b.latencyMs = 3
        let c = DiscoveredDevice(ip: .init(198, 18, 0, 9), source: .tcp)
        let second = model.apply(devices: [b, c], progress: 1)
        #expect(second == RowDiff(inserted: 1, removed: 1, changed: 1))
        #expect(model.progressText == "100 % · 2 devices")
        model.setProgress(0.25)
        #expect(model.progressText == "25 % · 2 devices" && model.rows.count == 2, "progress only: the rows stay")
        #expect(model.list.total == RowDiff(inserted: 3, removed: 1, changed: 1))
    }

    static func row(_ n: UInt8, _ title: String = "") -> DeviceRow {
        DeviceRow(id: UUID(uuid: (n, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)), title: title, subtitle: "", detail: "")
    }

    @Test("row diff: identity first (inserted, removed, moved), then value for the rows kept")
    func rowDiffCountsKnownLists() {
        let (a, b, c, d, e) = (Self.row(1), Self.row(2), Self.row(3), Self.row(4), Self.row(5))
        #expect(RowDiff(from: [], to: [a, b, c]) == RowDiff(inserted: 3))
        #expect(RowDiff(from: [a, b, c], to: []) == RowDiff(removed: 3))
        #expect(RowDiff(from: [a, b, c], to: [a, b, c]) == RowDiff())
        #expect(RowDiff(from: [a, b, c], to: [a, d, b, c]) == RowDiff(inserted: 1), "one row in the middle")
        #expect(RowDiff(from: [a, b, c, d], to: [a, c, d]) == RowDiff(removed: 1))
        #expect(RowDiff(from: [a, b, c, d], to: [d, a, b, c]) == RowDiff(moved: 1), "one identity moved, nothing inserted")
        let renamed = Self.row(2, "Living Room")
        #expect(RowDiff(from: [a, b, c], to: [a, renamed, c]) == RowDiff(changed: 1), "same identity, new value")
        #expect(RowDiff(from: [a, b, c, d], to: [e, renamed, d]) == RowDiff(inserted: 1, removed: 2, changed: 1))
    }

    @Test("a merge keeps the row's identity: the row changes, it is not replaced")
    func mergedDeviceKeepsItsRow() async {
        let accumulator = ScanAccumulator()
        await accumulator.upsert(DiscoveredDevice(ip: .init(198, 18, 0, 7), source: .arp))
        var list = DeviceList()
        list.apply(devices: await accumulator.sortedSnapshot(), progress: 0.1)
        await accumulator.upsert(DiscoveredDevice(ip: .init(198, 18, 0, 7), source: .bonjour, hostname: "Printer"))
        #expect(list.apply(devices: await accumulator.sortedSnapshot(), progress: 0.2) == RowDiff(changed: 1))
    }

    @Test("rows sort by NetMonitor's ipSortKey: numeric, not by string")
    func rowsSortNumerically() {
        var list = DeviceList()
        let ips: [IPv4Address] = [.init(198, 18, 0, 100), .init(198, 18, 0, 9), .init(198, 18, 0, 20)]
        list.apply(devices: ips.map { DiscoveredDevice(ip: $0, source: .arp) }, progress: 0)
        #expect(list.rows.map(\.title) == ["198.18.0.9", "198.18.0.20", "198.18.0.100"])
        #expect(DeviceList.ipSortKey("10.0.0.1") == 167_772_161 && DeviceList.ipSortKey("fe80::1") == 0)
    }

    @Test func publishingModelCountsPublishesAndFramesOnTheMainActor() async {
        var settings = Strategy.Publishing()
        settings.policy = .everyPercent
        settings.percent = 25
        settings.isolation = .ownActor
        let accumulator = ScanAccumulator()
        await accumulator.upsert(DiscoveredDevice(ip: .init(198, 18, 0, 1), source: .arp))
        let log = EventLog()
        let model = PublishingModel(settings: settings, accumulator: accumulator, events: log)
        await model.start()
        for i in 1...40 { model.progressHandler(ScanProgress(fraction: Double(i) / 40, phaseID: "tcp_probe", displayName: "")) }
        try? await Task.sleep(for: .milliseconds(100))
        let report = await model.finish()
        #expect(report.callbacks == 40)
        #expect(report.publishes == 5, "25 % steps over 40 callbacks, plus the final publish")
        #expect(report.frames > 0, "the frame probe ticks on the main actor")
        #expect(log.records().filter { $0.event.type == "publish" }.count == 5)
    }

    @Test func frameProbeSeesAMainActorStall() async throws {
        let log = EventLog()
        let probe = await MainActor.run { () -> UIFrameProbe in
            let probe = UIFrameProbe(events: log)
            probe.start()
            return probe
        }
        try await Task.sleep(for: .milliseconds(60))
        await MainActor.run {
            // Hold the main actor for 120 ms, as a heavy publish would.
            let until = MonotonicClock.now() + 120_000_000
            while MonotonicClock.now() < until {}
        }
        try await Task.sleep(for: .milliseconds(60))
        let stats = await MainActor.run { () -> FrameStatistics in
            probe.stop()
            return probe.statistics
        }
        #expect(stats.lateFrames >= 1)
        #expect(stats.worstHitchNs >= 90_000_000, "a 120 ms stall shows as a hitch of about that size")
        #expect(log.records().filter { $0.event.type == "frame_probe" }.count == stats.frames)
    }
}
