import CaptureFiles
import CPcap
import Foundation
import Synchronization
import TestbedPlatform

/// A libpcap live capture on one interface, optionally inside a network namespace, running on a
/// dedicated thread of this process (never in the process under test).
///
/// The handle is opened on the capture thread after it has entered the namespace, so the packet
/// socket belongs to that namespace. Nanosecond timestamps are requested before activation,
/// immediate mode is on (each packet is delivered as soon as it arrives), and the kernel buffer
/// size is configurable. `stop()` breaks the loop, drains every packet still queued in the
/// kernel, flushes the file, and returns `pcap_stats` drop counters.
///
/// ```swift
/// let capture = try await LiveCapture.start(.init(interface: "veth-a", namespace: "lab-a",
///                                                 outputPath: "/tmp/run.pcap"))
/// // … run the scan …
/// let result = try await capture.stop()
/// print(result.statistics.dropped)
/// ```
public final class LiveCapture: Sendable {
    /// The configuration this capture was started with.
    public let configuration: LiveCaptureConfiguration

    private struct State {
        var handle: PcapHandle?
        var stopRequested = false
        var result: Result<CaptureResult, CaptureError>?
        var waiter: CheckedContinuation<CaptureResult, any Error>?
        var resultTaken = false
    }

    private let state = Mutex(State())
    private let stopFlag = Atomic<Bool>(false)

    private init(configuration: LiveCaptureConfiguration) {
        self.configuration = configuration
    }

    /// Opens and activates the capture, then returns once it is receiving packets.
    ///
    /// - Parameter configuration: interface, namespace, buffer, filter and output.
    /// - Returns: the running capture; call `stop()` to end it.
    /// - Throws: `CaptureError` when the namespace cannot be entered, the interface cannot be
    ///   opened, the filter is invalid or the output file cannot be created.
    public static func start(_ configuration: LiveCaptureConfiguration) async throws -> LiveCapture {
        let capture = LiveCapture(configuration: configuration)
        try await withCheckedThrowingContinuation { (ready: CheckedContinuation<Void, any Error>) in
            let thread = Thread { capture.run(ready: ready) }
            thread.name = "scanbench-capture-\(configuration.interface)"
            thread.start()
        }
        return capture
    }

    /// Stops the capture: breaks the loop, drains every queued packet, closes the file and
    /// reports statistics.
    ///
    /// - Throws: `CaptureError.notRunning` when called twice; `captureFailed` or
    ///   `fileWriteFailed` when the capture failed while running.
    public func stop() async throws -> CaptureResult {
        let alreadyStopping = state.withLock { state -> Bool in
            defer { state.stopRequested = true }
            if state.stopRequested { return true }
            stopFlag.store(true, ordering: .sequentiallyConsistent)
            state.handle?.breakLoop()
            return false
        }
        if alreadyStopping { throw CaptureError.notRunning }
        return try await withCheckedThrowingContinuation { (waiter: CheckedContinuation<CaptureResult, any Error>) in
            let ready: Result<CaptureResult, CaptureError>? = state.withLock { state in
                if let result = state.result { return result }
                state.waiter = waiter
                return nil
            }
            if let ready { waiter.resume(with: ready) }
        }
    }

    // MARK: - Capture thread

    private func run(ready: CheckedContinuation<Void, any Error>) {
        let config = configuration
        let handle: OpaquePointer
        let sink: PacketSink
        do throws(CaptureError) {
            if let namespace = config.namespace {
                do { try NetworkNamespace(namespace).enter() } catch {
                    throw .namespaceUnavailable(name: namespace, errno: error.code)
                }
            }
            handle = try Self.open(config)
            do throws(CaptureError) {
                let writer = try config.outputPath.map { path throws(CaptureError) in
                    try PcapFileWriter(
                        path: path,
                        linkType: LinkType(dlt: pcap_datalink(handle)),
                        snapshotLength: config.snapshotLength
                    )
                }
                sink = PacketSink(writer: writer, keepsPackets: config.keepsPackets)
            } catch {
                pcap_close(handle)
                throw error
            }
        } catch {
            state.withLock {
                $0.stopRequested = true; $0.result = .failure(.notRunning)
            }
            ready.resume(throwing: error)
            return
        }
        state.withLock { $0.handle = PcapHandle(pointer: handle) }
        ready.resume()

        let context = Unmanaged.passUnretained(sink).toOpaque().assumingMemoryBound(to: UInt8.self)
        let callback: pcap_handler = { user, header, bytes in
            guard let user, let header, let bytes else { return }
            let sink = Unmanaged<PacketSink>.fromOpaque(UnsafeRawPointer(user)).takeUnretainedValue()
            let h = header.pointee
            sink.receive(
                timestamp: Int64(h.ts.tv_sec) * 1_000_000_000 + Int64(h.ts.tv_usec),
                originalLength: Int(h.len),
                bytes: UnsafeRawBufferPointer(start: bytes, count: Int(h.caplen))
            )
        }
        var failure: CaptureError?
        while !stopFlag.load(ordering: .sequentiallyConsistent) {
            let status = pcap_dispatch(handle, -1, callback, context)
            if status == PCAP_ERROR_BREAK { break }
            if status < 0 {
                failure = .captureFailed(interface: config.interface, message: String(cString: pcap_geterr(handle)))
                break
            }
        }
        // No further breakloop can arrive once the handle is withdrawn under the lock.
        state.withLock { $0.handle = nil }
        var errorBuffer = [CChar](repeating: 0, count: Int(PCAP_ERRBUF_SIZE))
        pcap_setnonblock(handle, 1, &errorBuffer)
        var drainBreaks = 0
        while failure == nil {
            let status = pcap_dispatch(handle, -1, callback, context)
            if status == PCAP_ERROR_BREAK && drainBreaks == 0 { drainBreaks += 1; continue }
            if status <= 0 { break }
        }
        var stats = pcap_stat()
        let haveStats = pcap_stats(handle, &stats) == 0
        let linkType = LinkType(dlt: pcap_datalink(handle))
        pcap_close(handle)
        do { try sink.writer?.close() } catch { sink.writeError = sink.writeError ?? error }

        let result: Result<CaptureResult, CaptureError>
        if let failure = failure ?? sink.writeError {
            result = .failure(failure)
        } else {
            let statistics = CaptureStatistics(
                captured: sink.count,
                received: haveStats ? UInt64(stats.ps_recv) : 0,
                droppedByKernel: haveStats ? UInt64(stats.ps_drop) : 0,
                droppedByInterface: haveStats ? UInt64(stats.ps_ifdrop) : 0
            )
            result = .success(
                CaptureResult(
                    statistics: statistics,
                    linkType: linkType,
                    outputPath: config.outputPath,
                    packets: sink.packets
                )
            )
        }
        let waiter = state.withLock { state in
            state.result = result
            defer { state.waiter = nil }
            return state.waiter
        }
        waiter?.resume(with: result)
    }

    /// Creates, configures and activates a handle on the current thread.
    private static func open(_ config: LiveCaptureConfiguration) throws(CaptureError) -> OpaquePointer {
        var errorBuffer = [CChar](repeating: 0, count: Int(PCAP_ERRBUF_SIZE))
        guard let handle = pcap_create(config.interface, &errorBuffer) else {
            throw .openFailed(
                interface: config.interface,
                namespace: config.namespace,
                message: errorBuffer.withUnsafeBufferPointer { String(cString: $0.baseAddress!) }
            )
        }
        func fail(_ message: String) -> CaptureError {
            pcap_close(handle)
            return .openFailed(interface: config.interface, namespace: config.namespace, message: message)
        }
        guard pcap_set_snaplen(handle, Int32(clamping: config.snapshotLength)) == 0,
            pcap_set_promisc(handle, config.promiscuous ? 1 : 0) == 0,
            pcap_set_timeout(handle, 100) == 0,
            pcap_set_immediate_mode(handle, 1) == 0,
            pcap_set_buffer_size(handle, Int32(clamping: config.bufferSize)) == 0
        else {
            throw fail("could not set capture options")
        }
        guard pcap_set_tstamp_precision(handle, Int32(PCAP_TSTAMP_PRECISION_NANO)) == 0 else {
            throw fail("nanosecond timestamps are not supported by this libpcap")
        }
        let status = pcap_activate(handle)
        if status < 0 {
            let detail = String(cString: pcap_geterr(handle))
            let reason = String(cString: pcap_statustostr(status))
            throw fail(detail.isEmpty ? reason : "\(reason): \(detail)")
        }
        if let expression = config.filter {
            var program = bpf_program()
            guard pcap_compile(handle, &program, expression, 1, PCAP_NETMASK_UNKNOWN) == 0 else {
                let message = String(cString: pcap_geterr(handle))
                pcap_close(handle)
                throw .badFilter(expression: expression, message: message)
            }
            defer { pcap_freecode(&program) }
            guard pcap_setfilter(handle, &program) == 0 else {
                let message = String(cString: pcap_geterr(handle))
                pcap_close(handle)
                throw .badFilter(expression: expression, message: message)
            }
        }
        return handle
    }
}
