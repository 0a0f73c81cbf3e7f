import AppContract
import Platform

import Foundation
import Testing
import Wire
@testable import ScanKit
import AppInputs

@Suite("Publishing: throttle, frame lateness, UI model")
struct PublishingTests {
    static func throttle(
        _ policy: Strategy.PublishPolicy,
        percent: Double = 2,
        intervalMs: Int = 500,
        boundaries: Bool = false,
        deviceFlushMs: Int = 0
    ) -> PublishThrottle {
        var settings = Strategy.Publishing()
        settings.policy = policy
        settings.percent = percent
        settings.intervalMs = intervalMs
        settings.phaseBoundaries = boundaries
        settings.deviceFlushMs = deviceFlushMs
        return PublishThrottle(settings)
    }

    static let ms: UInt64 = 1_000_000

    @Test func perCallbackPublishesEveryCallback() {
        var t = Self.throttle(.perCallback)
        let publishes = (0..<10).flatMap {
            t.decide(.progress(fraction: Double($0) / 10, devices: 0), nowNs: UInt64($0))
        }
        #expect(
            publishes == Array(repeating: PublishThrottle.Publish(.callback), count: 10),
            "each hands the list over"
        )
        #expect(t.decide(.phaseEnded, nowNs: 11).isEmpty)
        #expect(t.decide(.final, nowNs: 12) == [.init(.final)])
    }

    @Test func perHostAddsAPublishForEveryCallbackThatBroughtDevices() {
        var t = Self.throttle(.perHost)
        #expect(t.decide(.progress(fraction: 0.1, devices: 0), nowNs: 0).map(\.reason.rawValue) == ["host"])
        #expect(t.decide(.progress(fraction: 0.2, devices: 2), nowNs: 1).map(\.reason.rawValue) == ["host", "host"])
        #expect(t.decide(.progress(fraction: 0.3, devices: 2), nowNs: 2).map(\.reason.rawValue) == ["host"])
    }

    @Test func everyPercentWaitsForTheStep() {
        var t = Self.throttle(.everyPercent, percent: 25)
        let fractions = (1...16).map { Double($0) / 16 }
        let published = fractions.filter { !t.decide(.progress(fraction: $0, devices: 0), nowNs: 0).isEmpty }
        #expect(published == [0.25, 0.5, 0.75, 1])
    }

    @Test func everyMsPublishesAtMostOncePerInterval() {
        var t = Self.throttle(.everyMs, intervalMs: 500, boundaries: true)
        let ms = Self.ms
        let times: [UInt64] = [0, 100, 499, 500, 900, 1001, 1002]
        let published = times.filter { !t.decide(.progress(fraction: 0.5, devices: 0), nowNs: $0 * ms).isEmpty }
        #expect(published == [0, 500, 1001])
        #expect(t.decide(.phaseEnded, nowNs: 1100 * ms) == [.init(.phaseBoundary)])
        #expect(
            t.decide(.progress(fraction: 0.6, devices: 0), nowNs: 1200 * ms).isEmpty,
            "the boundary publish restarts the interval"
        )
    }

    @Test("percent_or_ms: 2 % of progress or 0.3 s, whichever comes first")
    func percentOrMsPublishesOnWhicheverComesFirst() {
        var t = Self.throttle(.percentOrMs, percent: 2, intervalMs: 300)
        // (ms, progress %) → reason, or nil when throttled.
        let steps: [(UInt64, Double, String?)] = [
            (0, 0.5, "interval"),  // the first callback: no publish yet, the interval counts as passed
            (100, 1.0, nil),  // 0.5 points, 0.1 s
            (200, 2.6, "percent"),  // 2.1 points after 0.2 s: the step comes first
            (250, 3.0, nil),
            (499, 3.5, nil),  // 0.299 s
            (500, 3.6, "interval"),  // 0.3 s with only 1 point: the interval comes first
            (700, 5.7, "percent"),  // 2.1 points
            (1100, 5.7, nil),  // 0.4 s but progress did not move: nothing to show
            (1101, 5.8, "interval"),
        ]
        for (ms, percent, reason) in steps {
            let publishes = t.decide(.progress(fraction: percent / 100, devices: 0), nowNs: ms * Self.ms)
            #expect(publishes.map(\.reason.rawValue) == (reason.map { [$0] } ?? []), "at \(ms) ms, \(percent) %")
            #expect(publishes.allSatisfy { $0.deviceList }, "device_flush_ms 0: every publish hands the list over")
        }
    }

    @Test("device_flush_ms 1000: progress-only publishes between list flushes; boundaries and the end flush the list")
    func deviceFlushHoldsTheListBetweenFlushes() {
        var t = Self.throttle(.perCallback, boundaries: true, deviceFlushMs: 1000)
        func at(_ ms: UInt64, _ percent: Double, changed: Bool = true) -> [PublishThrottle.Publish] {
            t.decide(.progress(fraction: percent / 100, devices: 1), nowNs: ms * Self.ms, listChanged: changed)
        }
        #expect(at(0, 1) == [.init(.callback, deviceList: true)], "the first list goes at once")
        #expect(at(400, 2) == [.init(.callback, deviceList: false)])
        #expect(at(999, 3) == [.init(.callback, deviceList: false)], "0.999 s after the last flush")
        #expect(at(1000, 4) == [.init(.callback, deviceList: true)])
        #expect(
            at(2500, 5, changed: false) == [.init(.callback, deviceList: false)],
            "an unchanged list is not flushed"
        )
        #expect(at(2600, 6) == [.init(.callback, deviceList: true)], "changed and 1.6 s since the last flush")
        #expect(t.decide(.phaseEnded, nowNs: 2700 * Self.ms) == [.init(.phaseBoundary, deviceList: true)])
        #expect(at(2800, 7) == [.init(.callback, deviceList: false)], "the boundary flush restarts the second")
        #expect(t.decide(.final, nowNs: 2900 * Self.ms) == [.init(.final, deviceList: true)])
    }

    @Test("device_flush_ms: a due list goes on its own when the policy publishes nothing")
    func deviceFlushPublishesAloneWhenDue() {
        var t = Self.throttle(.everyPercent, percent: 50, deviceFlushMs: 1000)
        let fractions: [(UInt64, Double)] = [(0, 0.1), (500, 0.2), (1200, 0.3), (1300, 0.85), (1500, 0.9)]
        let publishes = fractions.map { t.decide(.progress(fraction: $0.1, devices: 1), nowNs: $0.0 * Self.ms) }
        #expect(
            publishes.map { $0.map(\.reason.rawValue) } == [["device_flush"], [], ["device_flush"], ["percent"], []]
        )
        #expect(
            publishes[3] == [.init(.percent, deviceList: false)],
            "0.1 s after a flush the step shows progress only"
        )
    }

    @Test("per_host with device_flush_ms: the list goes with the second publish, the device append")
    func perHostFlushesWithTheAppend() {
        var t = Self.throttle(.perHost, deviceFlushMs: 1000)
        #expect(
            t.decide(.progress(fraction: 0.1, devices: 1), nowNs: 0) == [
                .init(.host, deviceList: false), .init(.host, deviceList: true),
            ]
        )
        #expect(
            t.decide(.progress(fraction: 0.2, devices: 2), nowNs: 10 * Self.ms) == [
                .init(.host, deviceList: false), .init(.host, deviceList: false),
            ]
        )
    }

    @Test func frameLatenessCountsOnlyTicksMoreThanAnIntervalLate() {
        var stats = FrameStatistics()
        let i = FrameStatistics.sixtyHertzNs
        #expect(stats.record(dueNs: i, actualNs: i + 1_000_000) == 1_000_000)
        #expect(stats.record(dueNs: 2 * i, actualNs: 2 * i + i) == i)  // exactly one interval: not late
        #expect(stats.record(dueNs: 3 * i, actualNs: 3 * i + 50_000_000) == 50_000_000)
        #expect(stats.record(dueNs: 4 * i, actualNs: 4 * i - 10) == 0)  // early
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
        #expect(
            model.rows.map(\.subtitle) == ["198.18.0.3 · Bonjour", "—"],
            "the address shows when a hostname hides it"
        )
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
        DeviceRow(
            id: UUID(uuid: (n, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)),
            title: title,
            subtitle: "",
            detail: ""
        )
    }

    @Test("row diff: identity first (inserted, removed, moved), then value for the rows kept")
    func rowDiffCountsKnownLists() {
        let (a, b, c, d, e) = (Self.row(1), Self.row(2), Self.row(3), Self.row(4), Self.row(5))
        #expect(RowDiff(from: [], to: [a, b, c]) == RowDiff(inserted: 3))
        #expect(RowDiff(from: [a, b, c], to: []) == RowDiff(removed: 3))
        #expect(RowDiff(from: [a, b, c], to: [a, b, c]) == RowDiff())
        #expect(RowDiff(from: [a, b, c], to: [a, d, b, c]) == RowDiff(inserted: 1), "one row in the middle")
        #expect(RowDiff(from: [a, b, c, d], to: [a, c, d]) == RowDiff(removed: 1))
        #expect(
            RowDiff(from: [a, b, c, d], to: [d, a, b, c]) == RowDiff(moved: 1),
            "one identity moved, nothing inserted"
        )
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

    @Test("callback debounce: the first result arms a flush one interval later; later ones join it")
    func callbackDebounceBatchesByTheFirstArrival() {
        var debounce = CallbackDebounce<String>(intervalMs: 300)
        let ms = Self.ms
        #expect(debounce.add("a", nowNs: 1000 * ms) == 1300 * ms, "the first result arms the flush")
        #expect(debounce.add("b", nowNs: 1100 * ms) == nil)
        #expect(debounce.flush(nowNs: 1299 * ms).isEmpty, "not yet due")
        #expect(debounce.add("c", nowNs: 1299 * ms) == nil, "joins the armed flush; no new deadline")
        #expect(debounce.flush(nowNs: 1300 * ms) == ["a", "b", "c"])
        #expect(debounce.dueNs == nil && debounce.flush(nowNs: 5000 * ms).isEmpty)
        #expect(debounce.add("d", nowNs: 1450 * ms) == 1750 * ms, "the next result arms the next flush")
        #expect(debounce.drain() == ["d"], "the phase's end hands over what is held")
        var immediate = CallbackDebounce<Int>(intervalMs: 0)
        immediate.add(1, nowNs: 7)
        #expect(immediate.flush(nowNs: 7) == [1])
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
        for i in 1...40 {
            model.progressHandler(ScanProgress(fraction: Double(i) / 40, phaseID: "tcp_probe", displayName: ""))
        }
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
