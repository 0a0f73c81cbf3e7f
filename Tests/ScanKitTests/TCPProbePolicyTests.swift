import Testing
@testable import ScanKit
import AppInputs

@Suite("TCP probe policy")
struct TCPProbePolicyTests {
    @Test("waiting policies: fail ends, timer keeps waiting, inspect_error counts a refusal")
    func waiting() {
        let refused = ConnectionState.waiting(.connectionRefused)
        let unreachable = ConnectionState.waiting(.hostUnreachable)
        #expect(WaitingDecision.decide(refused, elapsedMs: 3, policy: .fail) == .finish(.failed(error: "ECONNREFUSED")))
        #expect(WaitingDecision.decide(refused, elapsedMs: 3, policy: .timer) == .keepWaiting)
        #expect(WaitingDecision.decide(refused, elapsedMs: 3, policy: .inspectError) == .finish(.refused(ms: 3)))
        #expect(WaitingDecision.decide(unreachable, elapsedMs: 3, policy: .inspectError) == .keepWaiting)
        #expect(
            WaitingDecision.decide(unreachable, elapsedMs: 3, policy: .fail) == .finish(.failed(error: "EHOSTUNREACH"))
        )
        #expect(WaitingDecision.decide(.ready, elapsedMs: 2, policy: .fail) == .finish(.reachable(ms: 2)))
        #expect(
            WaitingDecision.decide(.failed(.connectionRefused), elapsedMs: 2, policy: .timer)
                == .finish(.refused(ms: 2))
        )
        #expect(WaitingDecision.decide(.preparing, elapsedMs: 2, policy: .fail) == .keepWaiting)
    }

    @Test("secondary group: never after an answer; per policy otherwise")
    func secondary() {
        let timeouts: [PortProbeOutcome] = [.timeout, .timeout, .timeout]
        let mixed: [PortProbeOutcome] = [.timeout, .failed(error: "EHOSTUNREACH"), .timeout]
        let answered: [PortProbeOutcome] = [.timeout, .refused(ms: 1)]
        #expect(SecondaryProbeRule.shouldProbeSecondary(primary: timeouts, policy: .always))
        #expect(!SecondaryProbeRule.shouldProbeSecondary(primary: timeouts, policy: .skipWhenAllPrimaryTimedOut))
        #expect(SecondaryProbeRule.shouldProbeSecondary(primary: mixed, policy: .skipWhenAllPrimaryTimedOut))
        #expect(!SecondaryProbeRule.shouldProbeSecondary(primary: mixed, policy: .never))
        for policy in Strategy.SecondaryProbePolicy.allCases {
            #expect(!SecondaryProbeRule.shouldProbeSecondary(primary: answered, policy: policy))
        }
    }

    @Test("timeouts: fixed as given; adaptive from the tracker once it has samples")
    func timeouts() {
        let tracker = RTTTracker()
        #expect(SecondaryProbeRule.timeoutMs(baseMs: 500, mode: .adaptive, tracker: tracker) == 500)
        for _ in 0..<5 { tracker.record(10) }
        #expect(SecondaryProbeRule.timeoutMs(baseMs: 500, mode: .adaptive, tracker: tracker) == 100)
        #expect(SecondaryProbeRule.timeoutMs(baseMs: 700, mode: .fixed, tracker: tracker) == 700)
        let hot = ThermalThrottle(.serious)
        #expect(SecondaryProbeRule.hostConcurrency(base: 40, thermalScaling: true, thermal: hot) == 20)
        #expect(SecondaryProbeRule.hostConcurrency(base: 40, thermalScaling: false, thermal: hot) == 40)
    }

    @Test("a port group keeps ports in flight and stops at the first answer")
    func group() async {
        let peak = Box((now: 0, max: 0))
        let started = Box<[Int]>([])
        let result = await PortGroupRunner.run(ports: [80, 443, 22, 445, 7000], inFlight: 2) { port in
            started.update { $0.append(port) }
            peak.update {
                $0.now += 1; $0.max = max($0.max, $0.now)
            }
            defer { peak.update { $0.now -= 1 } }
            if port == 22 { return .refused(ms: 4) }
            if port == 443 {
                // Still running when 22 answers: must be cancelled, not awaited for 10 s.
                do { try await Task.sleep(for: .seconds(10)) } catch { return .cancelled }
            }
            return .timeout
        }
        #expect(result.answerPort == 22)
        #expect(result.answer?.outcome == .refused(ms: 4))
        #expect(result.outcomes[443] == .cancelled)
        #expect(peak.value.max == 2)
        #expect(!started.value.contains(445) && !started.value.contains(7000))
    }

    @Test("a port group with untilFirstAnswer false probes every port past an answer")
    func groupEveryPort() async {
        let result = await PortGroupRunner.run(ports: [80, 443, 22, 445], inFlight: 2, untilFirstAnswer: false) {
            port in
            if port == 443 { return .reachable(ms: 2) }
            if port == 22 { return .refused(ms: 1) }
            return .timeout
        }
        #expect(result.answerPort == 443 || result.answerPort == 22)
        #expect(result.outcomes == [80: .timeout, 443: .reachable(ms: 2), 22: .refused(ms: 1), 445: .timeout])
    }
}
