import Platform

import Foundation
import Synchronization

/// The JSONL event log: one `EventRecord` per line, stamped with `CLOCK_MONOTONIC`
/// nanoseconds at `record` time, buffered in memory and written in large chunks.
///
/// Thread-safe through a `Mutex`, so any isolation domain can log synchronously. Lines are in
/// the order `record` calls took the lock, hence timestamps never go backwards in the file.
/// Call `close()` at the end of a run; it flushes the buffer.
///
/// An event that cannot be encoded (a NaN) or a buffer that cannot be written (a full disk) is
/// not dropped unseen: `lost` counts them and `lossError` keeps the first reason, and the app
/// reports both (`events_lost`), because every stack metric is built from these lines.
public final class EventLog: EventSink {
    private struct State {
        var handle: FileHandle?
        var buffer = Data()
        /// Events in `buffer`, counted as lost if its write fails.
        var buffered = 0
        var memory: [EventRecord]?
        var closed = false
        var written = 0
        var lost = 0
        var lossError: String?

        mutating func lose(_ count: Int, because error: any Error) {
            lost += count
            if lossError == nil { lossError = "\(error)" }
        }
    }

    private let state: Mutex<State>
    private let flushThreshold: Int

    /// Opens (creating or truncating) `path` for writing.
    /// - Parameter flushThreshold: bytes buffered before a write to the file.
    /// - Throws: `EventLogError` when the file cannot be created.
    public convenience init(path: String, flushThreshold: Int = 256 * 1024) throws {
        guard FileManager.default.createFile(atPath: path, contents: nil),
            let handle = FileHandle(forWritingAtPath: path)
        else {
            throw EventLogError(path: path)
        }
        self.init(handle: handle, flushThreshold: flushThreshold)
    }

    /// A log written to `handle` (tests give one that refuses writes).
    init(handle: FileHandle, flushThreshold: Int = 256 * 1024) {
        state = Mutex(State(handle: handle))
        self.flushThreshold = flushThreshold
    }

    /// A log kept in memory only (tests, and runs without `--events`); read it with `records()`.
    public init() {
        state = Mutex(State(memory: []))
        flushThreshold = .max
    }

    public func record(_ event: ScanEvent) {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        state.withLock { state in
            guard !state.closed else { return }
            // Stamped inside the lock so file order and time order agree.
            let record = EventRecord(timeNs: MonotonicClock.now(), event: event)
            state.written += 1
            if state.memory != nil {
                state.memory!.append(record)
                return
            }
            let line: Data
            do { line = try encoder.encode(record) } catch { return state.lose(1, because: error) }
            state.buffer.append(line)
            state.buffer.append(0x0A)
            state.buffered += 1
            if state.buffer.count >= flushThreshold { Self.flush(&state) }
        }
    }

    /// Events recorded so far (in-memory logs only; empty for file logs).
    public func records() -> [EventRecord] { state.withLock { $0.memory ?? [] } }

    /// How many events were recorded.
    public var count: Int { state.withLock { $0.written } }

    /// Events recorded but not in the file: they could not be encoded or written.
    public var lost: Int { state.withLock { $0.lost } }

    /// Why the first lost event was lost; nil when none was.
    public var lossError: String? { state.withLock { $0.lossError } }

    /// Writes out everything buffered so far.
    public func flush() { state.withLock { Self.flush(&$0) } }

    /// Flushes and closes the file; later `record` calls are ignored.
    public func close() {
        state.withLock { state in
            guard !state.closed else { return }
            Self.flush(&state)
            try? state.handle?.close()
            state.handle = nil
            state.closed = true
        }
    }

    deinit { close() }

    private static func flush(_ state: inout State) {
        guard let handle = state.handle, !state.buffer.isEmpty else { return }
        do { try handle.write(contentsOf: state.buffer) } catch { state.lose(state.buffered, because: error) }
        state.buffer.removeAll(keepingCapacity: true)
        state.buffered = 0
    }

    /// Reads a JSONL event log back (the harness's side).
    /// - Throws: a `DecodingError` naming the bad line, or a file error.
    public static func read(path: String) throws -> [EventRecord] {
        let text = try String(contentsOfFile: path, encoding: .utf8)
        let decoder = JSONDecoder()
        var records: [EventRecord] = []
        for (index, line) in text.split(separator: "\n", omittingEmptySubsequences: true).enumerated() {
            do {
                records.append(try decoder.decode(EventRecord.self, from: Data(line.utf8)))
            } catch {
                throw EventLogError(path: "\(path):\(index + 1)", underlying: "\(error)")
            }
        }
        return records
    }
}

/// The event log file could not be written or read.
public struct EventLogError: Error, Sendable, CustomStringConvertible {
    public var path: String
    public var underlying: String?
    public init(path: String, underlying: String? = nil) { self.path = path; self.underlying = underlying }
    public var description: String {
        "\(path): error: cannot use the event log\(underlying.map { " (\($0))" } ?? "")\n  fix: check that the directory exists and is writable"
    }
}
