import AppContract
import Testing
import Wire
@testable import ScanKit
import AppInputs

/// ADR-007's generation counter in the app's Bonjour service, without sockets: an answer handed to
/// the service with an old session's generation (what a torn-down browser's receive thread does
/// when it still read something) is discarded with `generation_check: true` and lands in the
/// current session's list with `false`. The timing — whether such an answer arrives at all — is
/// the testbed's (`RescanIntegrationTests`).
@Suite("Bonjour service: stale callbacks by generation (ADR-007)")
struct BonjourGenerationTests {
    @Test(
        "an old session's answer is discarded with the check and applied to the current list without it",
        arguments: [true, false]
    )
    func staleAnswer(check: Bool) {
        let log = EventLog()
        let service = BonjourDiscoveryService(generationCheck: check, events: log)
        let first = service.begin(settings: Strategy.Bonjour(), events: nil)
        let second = service.begin(settings: Strategy.Bonjour(), events: nil)
        #expect(service.generation == 2)
        let answer = BonjourProtocolTests.browseAnswer()
        service.deliver(answer, receivedNs: 1, from: IPv4Address(198, 18, 0, 40), generation: 1)
        #expect(first.serviceCount == 0, "the old session's own list is nobody's")
        #expect(second.serviceCount == (check ? 0 : 1))
        #expect(service.stale == .init(discarded: check ? 1 : 0, applied: check ? 0 : 1))
        #expect(service.admitTimer(generation: 1) == !check)
        // A current answer is never stale.
        service.deliver(answer, receivedNs: 2, from: IPv4Address(198, 18, 0, 40), generation: 2)
        #expect(second.serviceCount == 1)
        let stale = log.records().compactMap { record -> ScanEvent.StaleCallback? in
            if case .staleCallback(let s) = record.event { s } else { nil }
        }
        #expect(stale.map(\.kind.rawValue) == ["answer", "timer"])
        #expect(
            stale.allSatisfy {
                $0.generation == 1 && $0.current == 2 && $0.action.rawValue == (check ? "discarded" : "applied")
            }
        )
    }
}
