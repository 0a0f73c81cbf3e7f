import Testing
@testable import CaptureFiles
@testable import CaptureAnalysis
import Wire

/// Without the attempt list (`keepsAttempts: false`, what `analyze` prints and `--summary-only`),
/// finished attempts are folded and dropped as the capture streams past. These tests hold the
/// streamed figures to the listed ones and the tracker to the attempts in flight.
@Suite("Bounded analysis")
struct BoundedAnalysisTests {
    /// 40 s with a 12 s sweep: 150 targets × 40 ports, 2 ms apart (enough events that the peak
    /// trackers fold mid-stream), each answered after 1–40 ms by RST or
    /// SYN/ACK (then ACK, RST from us), one in nine never answered (SYNs again at +1 s and +3 s),
    /// one in 23 refused by ICMP; pings; a connection open for 25 s ending with a FIN pair and a
    /// late ACK; a 4-tuple reused with a new ISN while its first attempt waits.
    static func longSweep() -> SyntheticTraffic {
        let s = SyntheticTraffic.scanner
        var t = SyntheticTraffic()
        let start = t.now
        let ssh = IPv4Address(198, 18, 1, 200)
        t.tcp(from: s, 50_000, to: ssh, 22, seq: 1, flags: .syn)
        t.advance(ms: 3)
        t.tcp(from: ssh, 22, to: s, 50_000, seq: 70, ack: 2, flags: [.syn, .ack])
        t.tcp(from: s, 50_000, to: ssh, 22, seq: 2, ack: 71, flags: .ack)
        var later: [(time: Int64, build: (inout SyntheticTraffic) -> Void)] = []
        for n in 0..<6_000 {
            let target = IPv4Address(198, 18, 1, UInt8(1 + n % 150))
            let port = UInt16(20 + n / 150), sport = UInt16(30_000 + n)
            let isn = UInt32(n * 1_000)
            t.now = start + Int64(n) * 2_000_000 + 10_000_000
            t.tcp(from: s, sport, to: target, port, seq: isn, flags: .syn)
            if n % 40 == 0 {
                t.frame(
                    from: s,
                    to: target,
                    .icmp,
                    PacketBuilder.icmpEcho(reply: false, identifier: 9, sequence: UInt16(n))
                )
            }
            let answerAt = t.now + Int64(1 + n % 40) * 1_000_000
            if n % 9 == 4 {
                for retry: Int64 in [1_000_000_000, 3_000_000_000] {
                    let at = t.now + retry
                    later.append((at, { $0.tcp(from: s, sport, to: target, port, seq: isn, flags: .syn) }))
                }
            } else if n % 23 == 0 {
                let offending = PacketBuilder.ipv4(
                    source: s,
                    destination: target,
                    protocol: .tcp,
                    payload:
                        PacketBuilder.tcp(
                            source: s,
                            destination: target,
                            sourcePort: sport,
                            destinationPort: port,
                            sequence: isn,
                            flags: .syn
                        )
                )
                later.append(
                    (
                        answerAt,
                        {
                            $0.frame(
                                from: target,
                                to: s,
                                .icmp,
                                PacketBuilder.icmpError(type: 3, code: 3, quoting: offending)
                            )
                        }
                    )
                )
            } else if n % 5 == 0 {
                later.append(
                    (
                        answerAt,
                        { $0.tcp(from: target, port, to: s, sport, seq: 5, ack: isn &+ 1, flags: [.syn, .ack]) }
                    )
                )
                later.append(
                    (answerAt + 1_000, { $0.tcp(from: s, sport, to: target, port, seq: isn &+ 1, ack: 6, flags: .ack) })
                )
                later.append(
                    (
                        answerAt + 2_000,
                        { $0.tcp(from: s, sport, to: target, port, seq: isn &+ 1, flags: [.rst, .ack]) }
                    )
                )
            } else {
                later.append(
                    (
                        answerAt,
                        { $0.tcp(from: target, port, to: s, sport, seq: 0, ack: isn &+ 1, flags: [.rst, .ack]) }
                    )
                )
            }
            if n % 40 == 0 {
                later.append(
                    (
                        answerAt + 500_000,
                        {
                            $0.frame(
                                from: target,
                                to: s,
                                .icmp,
                                PacketBuilder.icmpEcho(reply: true, identifier: 9, sequence: UInt16(n))
                            )
                        }
                    )
                )
            }
            if n == 600 {
                // The same 4-tuple as n = 599 (unanswered so far) with another ISN: a new attempt.
                later.append(
                    (
                        t.now + 500_000,
                        {
                            $0.tcp(
                                from: s,
                                UInt16(30_599),
                                to: IPv4Address(198, 18, 1, UInt8(1 + 599 % 150)),
                                UInt16(20 + 599 / 150),
                                seq: 77,
                                flags: .syn
                            )
                        }
                    )
                )
            }
        }
        later.append(
            (start + 25_000_000_000, { $0.tcp(from: s, 50_000, to: ssh, 22, seq: 2, ack: 71, flags: [.fin, .ack]) })
        )
        later.append(
            (start + 25_001_000_000, { $0.tcp(from: ssh, 22, to: s, 50_000, seq: 71, ack: 3, flags: [.fin, .ack]) })
        )
        later.append((start + 25_500_000_000, { $0.tcp(from: s, 50_000, to: ssh, 22, seq: 3, ack: 72, flags: .ack) }))
        later.append((start + 40_000_000_000, { $0.arp(.request, sender: s, target: ssh) }))
        let sweep = t.packets
        t.packets = []
        for event in later.sorted(by: { $0.time < $1.time }) {
            t.now = event.time
            event.build(&t)
        }
        t.packets = (sweep + t.packets).sorted { $0.timestamp < $1.timestamp }
        return t
    }

    static func analysis(of packets: [CapturedPacket], scanner: IPv4Address?, listed: Bool) -> WireAnalysis {
        var analyzer = WireAnalyzer(options: AnalysisOptions(scanner: scanner, keepsAttempts: listed))
        for packet in packets { analyzer.add(packet) }
        return analyzer.finish()
    }

    @Test("streamed totals, peaks and RTTs equal the listed ones", arguments: [true, false])
    func streamedEqualsListed(scannerGiven: Bool) {
        for packets in [Self.longSweep().packets, WireAnalyzerTests.scan().packets] {
            let scanner = scannerGiven ? SyntheticTraffic.scanner : nil
            let listed = Self.analysis(of: packets, scanner: scanner, listed: true)
            let streamed = Self.analysis(of: packets, scanner: scanner, listed: false)
            #expect(listed.attempts.count == listed.tcp.attempts)
            #expect(streamed.attempts.isEmpty)
            #expect(streamed.tcp == listed.tcp)
            for (a, b) in [
                (streamed.attemptsInFlight, listed.attemptsInFlight), (streamed.awaitingAnswer, listed.awaitingAnswer),
                (streamed.connectionsInFlight, listed.connectionsInFlight),
            ] {
                #expect(a.peak == b.peak && a.peakAt == b.peakAt)
                #expect(a.steps.isEmpty)
            }
            #expect(streamed.rttByTarget == listed.rttByTarget)
            #expect(streamed.untrackedTcpSegments == listed.untrackedTcpSegments)
            #expect(streamed.totals == listed.totals)
        }
    }

    @Test("the long sweep exercises what it claims")
    func sweepShape() {
        let analysis = Self.analysis(of: Self.longSweep().packets, scanner: SyntheticTraffic.scanner, listed: true)
        let t = analysis.tcp
        #expect(t.attempts == 6_002)  // 6 000 + the SSH session + the reused 4-tuple
        #expect(t.unreachable > 0 && t.open > 100 && t.closed > 500 && t.noAnswer > 100)
        #expect(t.synRetransmissions == 2 * (t.noAnswer - 1))
        #expect(t.endedByFin == 1)
        #expect(analysis.attemptsInFlight.peak > 10)
        let ssh = analysis.attempts.first { $0.targetPort == 22 && $0.target == IPv4Address(198, 18, 1, 200) }
        #expect(ssh?.ending == .fin && ssh?.packetsFromInitiator == 4)  // the late ACK still counts
    }

    @Test(
        "echo answers are remembered for the duplicate window only: a duplicate inside it is counted as one, a reply after it is unmatched, and 100,000 answered pings leave a few seconds' answers"
    )
    func echoAnswersAreForgotten() {
        let (s, t) = (SyntheticTraffic.scanner, IPv4Address(198, 18, 1, 9))
        let second: Int64 = 1_000_000_000
        var echo = EchoTracker(keepsSamples: false, duplicateWindow: 3 * second)
        echo.request(time: 0, source: s, destination: t, identifier: 1, sequence: 1)
        echo.reply(time: second / 1_000, source: t, destination: s, identifier: 1, sequence: 1)
        echo.reply(time: 2 * second, source: t, destination: s, identifier: 1, sequence: 1)  // within 3 s
        echo.reply(time: 4 * second, source: t, destination: s, identifier: 1, sequence: 1)  // past it
        #expect(echo.duplicateReplies == 1 && echo.unmatchedReplies == 1)
        for n in 0..<100_000 {  // one ping every 10 ms for 1,000 s
            let time = 10 * second + Int64(n) * 10_000_000
            echo.request(time: time, source: s, destination: t, identifier: 2, sequence: UInt16(truncatingIfNeeded: n))
            echo.reply(
                time: time + 1_000_000,
                source: t,
                destination: s,
                identifier: 2,
                sequence: UInt16(truncatingIfNeeded: n)
            )
        }
        #expect(echo.rememberedAnswers <= 301)
        #expect(echo.rttByProber[s.value]?[t.value]?.count == 100_001)
        #expect(echo.duplicateReplies == 1 && echo.unmatchedReplies == 1)
    }

    @Test("a request asked again after its answer is answered afresh, and forgetting the old answer keeps the new")
    func echoRequestAskedAgain() {
        let (s, t) = (SyntheticTraffic.scanner, IPv4Address(198, 18, 1, 9))
        let ms: Int64 = 1_000_000
        var echo = EchoTracker(keepsSamples: false, duplicateWindow: 3_000 * ms)
        echo.request(time: 0, source: s, destination: t, identifier: 1, sequence: 5)
        echo.reply(time: 1 * ms, source: t, destination: s, identifier: 1, sequence: 5)
        echo.request(time: 1_000 * ms, source: s, destination: t, identifier: 1, sequence: 5)  // the sequence wrapped
        #expect(echo.rememberedAnswers == 0)
        echo.reply(time: 1_002 * ms, source: t, destination: s, identifier: 1, sequence: 5)
        // 3.5 s: the first answer's time has passed; it no longer names the exchange, which stays.
        echo.reply(time: 3_500 * ms, source: t, destination: s, identifier: 1, sequence: 6)
        echo.reply(time: 3_900 * ms, source: t, destination: s, identifier: 1, sequence: 5)
        #expect(echo.rttByProber[s.value]?[t.value]?.values == [1 * ms, 2 * ms])
        #expect(echo.duplicateReplies == 1 && echo.unmatchedReplies == 1 && echo.rememberedAnswers == 1)
    }

    @Test("the tracker holds the attempts in flight, not every attempt")
    func trackerMemoryFollowsTheAttemptsInFlight() {
        // 100 000 attempts over 100 s, each refused 1 ms later: about 1 000 a second, so about
        // (grace + retire interval) × 1 000 are ever live at once.
        var tracker = TCPTracker(
            abandonAfter: 3_000_000_000,
            folds: TCPAttemptFolds(only: nil, listsAttempts: false, abandonAfter: 3_000_000_000)
        )
        let s = IPv4Address(198, 18, 0, 2)
        var time: Int64 = 1_000_000_000_000
        for n in 0..<100_000 {
            let target = IPv4Address(198, 18, 0, UInt8(1 + n % 200))
            let port = UInt16(1 + n / 200), sport = UInt16(20_000 + n % 40_000)
            tracker.handle(
                time: time,
                source: s,
                destination: target,
                segment: Self.segment(
                    from: s,
                    sport,
                    to: target,
                    port,
                    seq: UInt32(n),
                    ack: 0,
                    flags: .syn
                )
            )
            tracker.retire(now: time)
            tracker.handle(
                time: time + 1_000_000,
                source: target,
                destination: s,
                segment: Self.segment(
                    from: target,
                    port,
                    to: s,
                    sport,
                    seq: 0,
                    ack: UInt32(n + 1),
                    flags: [.rst, .ack]
                )
            )
            time += 1_000_000
        }
        #expect(tracker.slotCount < 1_500, "live slots: \(tracker.slotCount)")
        let fold = tracker.finish(captureEnd: time).fold(of: s.value)
        #expect(fold.totals.attempts == 100_000 && fold.totals.closed == 100_000)
    }

    static func segment(
        from source: IPv4Address,
        _ sport: UInt16,
        to destination: IPv4Address,
        _ dport: UInt16,
        seq: UInt32,
        ack: UInt32,
        flags: TCPFlags
    ) -> TCPHeader {
        let bytes = PacketBuilder.tcp(
            source: source,
            destination: destination,
            sourcePort: sport,
            destinationPort: dport,
            sequence: seq,
            acknowledgment: ack,
            flags: flags
        )
        return bytes.withUnsafeBytes { try! TCPHeader(decoding: $0) }
    }
}
