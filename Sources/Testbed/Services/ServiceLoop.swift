import Platform
import Foundation

/// The two serving loops every service uses: a datagram loop and an accept loop, each on its
/// own thread, polling so that a ``StopSignal`` ends them within a quarter second.
enum ServiceLoop {
    static let pollMilliseconds = 250

    /// Calls `handle` with every datagram `socket` receives until `stop` is set, then closes it.
    static func datagrams(
        on socket: Socket,
        name: String,
        stop: StopSignal,
        handle: @escaping @Sendable (_ bytes: [UInt8], _ sender: Socket.Address) -> Void
    ) {
        Thread.detachNewThread {
            defer { socket.close() }
            while !stop.isStopped {
                guard !socket.wait(for: .readable, milliseconds: pollMilliseconds).isEmpty else { continue }
                do {
                    if let datagram = try socket.receive(maximum: 9000, waiting: true) {
                        handle(datagram.bytes, datagram.sender)
                    }
                } catch {
                    ServiceLog.write("\(name): \(error)")
                    if stop.isStopped { return }
                    Thread.sleep(forTimeInterval: 0.1)
                }
            }
        }
    }

    /// Accepts connections on `listener` until `stop` is set, running `handle` for each on its
    /// own thread (at most `limit` at once; more are closed at once). `handle` need not close
    /// the connection.
    static func connections(
        on listener: Socket,
        name: String,
        stop: StopSignal,
        limit: Int = 256,
        handle: @escaping @Sendable (_ connection: Socket, _ peer: Socket.Address) -> Void
    ) {
        Thread.detachNewThread {
            defer { listener.close() }
            while !stop.isStopped {
                guard !listener.wait(for: .readable, milliseconds: pollMilliseconds).isEmpty else { continue }
                do {
                    guard let (connection, peer) = try listener.accept() else { continue }
                    guard stop.claimConnection(limit: limit) else {
                        connection.close()
                        continue
                    }
                    Thread.detachNewThread {
                        defer {
                            connection.close()
                            stop.releaseConnection()
                        }
                        handle(connection, peer)
                    }
                } catch {
                    ServiceLog.write("\(name): \(error)")
                    if stop.isStopped { return }
                    Thread.sleep(forTimeInterval: 0.1)
                }
            }
        }
    }

    /// Runs `work` on a background queue after `milliseconds`.
    static func after(milliseconds: Int, _ work: @escaping @Sendable () -> Void) {
        if milliseconds <= 0 {
            DispatchQueue.global().async(execute: work)
        } else {
            DispatchQueue.global().asyncAfter(deadline: .now() + .milliseconds(milliseconds), execute: work)
        }
    }
}
