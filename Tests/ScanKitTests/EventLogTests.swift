@testable import AppContract
import Platform

import Foundation
import Testing
import Wire
@testable import ScanKit

@Suite("Event log")
struct EventLogTests {
    static func tempPath() -> String {
        FileManager.default.temporaryDirectory.appendingPathComponent("events-\(UUID().uuidString).jsonl").path
    }

    @Test func linesAreFlatSnakeCaseJSONWithMonotonicTime() throws {
        let path = Self.tempPath()
        defer { try? FileManager.default.removeItem(atPath: path) }
        let log = try EventLog(path: path)
        let ip = IPv4Address("198.18.0.7")!
        log.record(.phaseStart(.init(phase: "arp", step: 0)))
        log.record(.deviceFirstSeen(.init(ip: ip, source: .arp)))
        log.record(.budgetAcquire(.init(active: 3, limit: 60, waitedNs: 1234)))
        log.record(.connectionState(.init(connection: 9, state: .waiting, error: "ECONNREFUSED")))
        log.close()
        let text = try String(contentsOfFile: path, encoding: .utf8)
        let lines = text.split(separator: "\n").map(String.init)
        #expect(lines.count == 4)
        #expect(lines[1].contains(#""type":"device_first_seen""#))
        #expect(lines[1].contains(#""ip":"198.18.0.7""#))
        #expect(lines[1].contains(#""netmonitor_source":"local""#))
        #expect(lines[2].contains(#""waited_ns":1234"#))
        #expect(lines.allSatisfy { $0.hasPrefix(#"{"#) && $0.contains(#""t_ns":"#) })
        let records = try EventLog.read(path: path)
        #expect(
            records.map(\.event) == [
                .phaseStart(.init(phase: "arp", step: 0)),
                .deviceFirstSeen(.init(ip: ip, source: .arp)),
                .budgetAcquire(.init(active: 3, limit: 60, waitedNs: 1234)),
                .connectionState(.init(connection: 9, state: .waiting, error: "ECONNREFUSED")),
            ]
        )
        let times = records.map(\.timeNs)
        #expect(zip(times, times.dropFirst()).allSatisfy { $0 <= $1 })
    }

    @Test("an event that cannot be encoded is counted as lost, with the reason")
    func unencodableEventIsCounted() throws {
        let path = Self.tempPath()
        defer { try? FileManager.default.removeItem(atPath: path) }
        let log = try EventLog(path: path)
        log.record(.publish(.init(sequence: 1, devices: 0, progress: .nan, reason: .callback)))
        log.record(.scanEnd(.init(devices: 0)))
        log.close()
        #expect(log.lost == 1)
        #expect(log.lossError != nil)
        #expect(try EventLog.read(path: path).map(\.event) == [.scanEnd(.init(devices: 0))])
    }

    @Test("events whose write fails are counted as lost")
    func failedWriteIsCounted() throws {
        let path = Self.tempPath()
        defer { try? FileManager.default.removeItem(atPath: path) }
        #expect(FileManager.default.createFile(atPath: path, contents: nil))
        // A descriptor opened for reading refuses writes (EBADF), as a full disk would refuse them.
        let log = EventLog(handle: try #require(FileHandle(forReadingAtPath: path)), flushThreshold: 64)
        for devices in 0..<5 { log.record(.scanEnd(.init(devices: devices))) }
        log.close()
        #expect(log.count == 5)
        #expect(log.lost == 5)
        #expect(log.lossError != nil)
    }

    @Test func everyEventTypeRoundTrips() throws {
        let ip = IPv4Address("198.18.0.1")!
        let events: [ScanEvent] = [
            .scanStart(.init(strategy: "netmonitor-2.0", hosts: 253)), .scanEnd(.init(devices: 12)),
            .phaseStart(.init(phase: "tcp_probe", step: 1)),
            .phaseEnd(.init(phase: "tcp_probe", step: 1, outcome: .abandoned, elapsedNs: 30_000_000_000)),
            .connectionCreated(.init(connection: 1, transport: .tcp, ip: ip, port: 80, phase: "tcp_probe")),
            .connectionState(.init(connection: 1, state: .ready)),
            .budgetAcquire(.init(active: 1, limit: nil, waitedNs: 0)),
            .budgetWait(.init(active: 60, limit: 60, queued: 4)),
            .budgetWaitCancelled(.init(queued: 3)), .budgetRelease(.init(active: 0, deferred: true)),
            .thermalChange(.init(state: .critical, multiplier: 0.25)),
            .packetSent(.init(phase: "arp", kind: .udpPoke, ip: ip, port: 55555, bytes: 1)),
            .deviceFirstSeen(.init(ip: ip, source: .ssdp)), .deviceSourceAdded(.init(ip: ip, source: .icmp)),
            .publish(.init(sequence: 1, devices: 3, progress: 0.5, reason: .callback, mainBusyNs: 42)),
            .frameProbe(.init(lateNs: 5_000_000, intervalNs: 16_666_667)),
        ]
        let encoder = JSONEncoder()
        for (i, event) in events.enumerated() {
            let data = try encoder.encode(EventRecord(timeNs: UInt64(i), event: event))
            let back = try JSONDecoder().decode(EventRecord.self, from: data)
            #expect(back.event == event)
            #expect(back.timeNs == UInt64(i))
        }
        #expect(Set(events.map(\.type)).count == events.count)
    }

    @Test func unknownTypeIsRefused() {
        #expect(throws: DecodingError.self) {
            try JSONDecoder().decode(EventRecord.self, from: Data(#"{"t_ns":1,"type":"nope"}"#.utf8))
        }
    }

    @Test func concurrentWritersLoseNothingAndStayOrdered() async throws {
        let path = Self.tempPath()
        defer { try? FileManager.default.removeItem(atPath: path) }
        let log = try EventLog(path: path, flushThreshold: 4096)
        await withTaskGroup(of: Void.self) { group in
            for writer in 0..<8 {
                group.addTask {
                    for i in 0..<500 { log.record(.budgetRelease(.init(active: writer * 1000 + i, deferred: false))) }
                }
            }
        }
        #expect(log.count == 4000)
        log.close()
        log.record(.scanEnd(.init(devices: 0)))  // ignored after close
        let records = try EventLog.read(path: path)
        #expect(records.count == 4000)
        let times = records.map(\.timeNs)
        #expect(zip(times, times.dropFirst()).allSatisfy { $0 <= $1 })
        // Each writer's own events stay in its order.
        for writer in 0..<8 {
            let mine = records.compactMap { r -> Int? in
                if case .budgetRelease(let e) = r.event, e.active / 1000 == writer {
                    return e.active
                } else {
                    return nil
                }
            }
            #expect(mine == Array(writer * 1000..<(writer * 1000 + 500)))
        }
    }

    @Test func unwritablePathThrows() {
        #expect(throws: EventLogError.self) { try EventLog(path: "/nonexistent-dir/x/events.jsonl") }
    }

    @Test func monotonicClockDoesNotGoBackwards() {
        var last = MonotonicClock.now()
        for _ in 0..<1000 {
            let now = MonotonicClock.now()
            #expect(now >= last)
            last = now
        }
    }
}
