import Foundation
import Platform
import Testing
import Wire
@testable import NetTools

/// `MarkedICMPEcho.awaitReply` on a loopback UDP socket standing in for the ICMP one (the host
/// namespace allows no ICMP datagram socket; `NetDiagToolsIntegrationTests` pings for real): the
/// reply is the marked echo reply from the target, and the two waits differ on a stray datagram.
@Suite("ICMP reply waits", .serialized)
struct ICMPReplyWaitTests {
    static let marker: [UInt8] = Array("SBntWAIT".utf8)
    static let loopback = IPv4Address("127.0.0.1")!

    /// An echo reply to `sequence` carrying `marker`, as the kernel hands it to a datagram socket.
    static func reply(sequence: UInt16, marker: [UInt8]) -> [UInt8] {
        var reply = MarkedICMPEcho.request(sequence: sequence, marker: marker)
        reply[0] = 0
        reply[2] = 0; reply[3] = 0
        let sum = InternetChecksum.compute(reply)
        reply[2] = UInt8(sum >> 8); reply[3] = UInt8(sum & 0xFF)
        return reply
    }

    /// Waits with `wait` (0.4 s) while `datagrams` arrive at the given delays; the reply's
    /// sequence (nil at the timeout) and the seconds the wait took.
    static func wait(
        _ wait: ICMPReplyWait,
        sending datagrams: [(afterS: Double, bytes: [UInt8])]
    ) throws -> (
        sequence: UInt16?, seconds: Double
    ) {
        let receiver = try Socket.udp()
        defer { receiver.close() }
        try receiver.bind(Socket.Address(ip: loopback, port: 0))
        let port = receiver.localPort
        let sender = Thread {
            let socket = try? Socket.udp()
            defer { socket?.close() }
            var slept = 0.0
            for datagram in datagrams {
                Thread.sleep(forTimeInterval: datagram.afterS - slept)
                slept = datagram.afterS
                try? socket?.send(datagram.bytes, to: loopback, port: port)
            }
        }
        sender.start()
        let start = MonotonicClock.now()
        let answer = MarkedICMPEcho.awaitReply(
            on: receiver,
            from: loopback,
            sequence: 7,
            marker: marker,
            timeout: 0.4,
            wait: wait
        )
        let seconds = MonotonicClock.seconds(since: start)
        return (answer.flatMap { MarkedICMPEcho.replySequence($0.datagram.bytes, marker: marker) }, seconds)
    }

    @Test("both waits return the marked reply to their sequence, not another run's or another sequence's")
    func reply() throws {
        for wait in ICMPReplyWait.allCases {
            let found = try Self.wait(
                wait,
                sending: [
                    (0.05, Self.reply(sequence: 7, marker: Array("SBntELSE".utf8))),
                    (0.1, Self.reply(sequence: 6, marker: Self.marker)),
                    (0.15, Self.reply(sequence: 7, marker: Self.marker)),
                ]
            )
            #expect(found.sequence == 7 && found.seconds < 0.35, "\(wait): \(found)")
        }
    }

    @Test("SO_RCVTIMEO restarts its wait on a stray datagram (NetDiag+'s continue); poll keeps its deadline")
    func strayDatagram() throws {
        let stray = [(afterS: 0.3, bytes: Self.reply(sequence: 1, marker: Self.marker))]
        let polled = try Self.wait(.poll, sending: stray)
        let received = try Self.wait(.receiveTimeout, sending: stray)
        #expect(polled.sequence == nil && received.sequence == nil)
        #expect(polled.seconds >= 0.39 && polled.seconds < 0.6, "poll: \(polled.seconds) s")
        // 0.3 s to the stray, then a whole 0.4 s again.
        #expect(received.seconds >= 0.69 && received.seconds < 1.0, "SO_RCVTIMEO: \(received.seconds) s")
    }
}
