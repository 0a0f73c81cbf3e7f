import Fixture
import Testing
import Twin
import Wire

/// Devices present for part of a capture (issue 45, item 1): a host that left is not in the twin,
/// one that joined late is, and neither a sleeper asleep at the capture's end nor a host with too
/// little evidence is taken for a leaver.
@Suite("Twin: devices that leave or join during the capture")
struct PresenceInferenceTests {
    /// ARP every `everyMs` for `forS` s, answered in 1 ms while `answers(t)` says so.
    static func asked(everyMs: Double = 500, forS: Double = 90, answers: (Double) -> Bool) -> [Probe] {
        stride(from: 0.0, to: forS * 1000, by: everyMs).map { at in
            Probe(kind: .arp, atMs: at, answerMs: answers(at / 1000) ? 1 : nil)
        }
    }

    @Test("answered steadily until 40 s, then asked 100 times over 50 s: left at 39.5 s, not in the twin")
    func leaver() throws {
        let probes = Self.asked { $0 < 40 }
        guard case .left(let atS, let askedAfter, let evidence) = PresenceInference.infer(probes, captureS: 90) else {
            Issue.record("\(PresenceInference.infer(probes, captureS: 90))")
            return
        }
        #expect(atS == 39.5)
        #expect(askedAfter == 100)
        #expect(evidence.contains("longest silence while there 0.0 s"), "\(evidence)")
        let twin = try TwinDerivation.derive(
            SleepInferenceTests.observations(device: probes, durationS: 90),
            options: TwinOptions()
        )
        #expect(!twin.fixture.devices.contains { $0.ip == SleepInferenceTests.sleeper })
        #expect(twin.fixture.devices.contains { $0.ip == SleepInferenceTests.router })
        let header = twin.yaml(command: "test")
        #expect(header.contains("198.18.0.20: left at 39.5 s: not in the twin; asked 100 times after"), "\(header)")
    }

    @Test("silent until 35 s, then answering to the end: joined, and kept in the twin")
    func lateJoiner() throws {
        let probes = Self.asked { $0 >= 35 }
        guard case .joined(let atS, _) = PresenceInference.infer(probes, captureS: 90) else {
            Issue.record("\(PresenceInference.infer(probes, captureS: 90))")
            return
        }
        #expect(atS == 35)
        let twin = try TwinDerivation.derive(
            SleepInferenceTests.observations(device: probes, durationS: 90),
            options: TwinOptions()
        )
        let joiner = try #require(twin.fixture.devices.first { $0.ip == SleepInferenceTests.sleeper })
        // The requests before it joined are not misses: it answers every one after.
        #expect(joiner.arp?.replyProbability == nil, "\(String(describing: joiner.arp))")
        #expect(
            twin.yaml(command: "test").contains("198.18.0.20: came during the capture: answered only from 35.0 s on")
        )
    }

    @Test("a sleeper (19 s asleep, 3 s awake) asleep for the capture's last 18 s is not a leaver")
    func sleeperAsleepAtTheEnd() throws {
        // 16 s into its cycle at 0, so asleep from 72 s to the end at 90 s.
        let probes = SleepInferenceTests.sleeperProbes(sleepS: 19, awakeS: 3, phaseS: 16, everyMs: 500, forS: 90)
        #expect(probes.last?.answerMs == nil && probes.filter { $0.atMs >= 72_000 }.allSatisfy { $0.answerMs == nil })
        guard case .tooLittleEvidence(let why) = PresenceInference.infer(probes, captureS: 90) else {
            Issue.record("\(PresenceInference.infer(probes, captureS: 90))")
            return
        }
        #expect(why.contains("its sleep cycle 22"), "\(why)")
        let twin = try TwinDerivation.derive(
            SleepInferenceTests.observations(device: probes, durationS: 90),
            options: TwinOptions()
        )
        let device = try #require(twin.fixture.devices.first { $0.ip == SleepInferenceTests.sleeper })
        #expect(device.deepSleep != nil, "\(device)")
    }

    @Test("too few answers, too short a silence, or too few requests after: kept, and said so")
    func tooLittleEvidence() throws {
        // Three answers, then 80 s of silence: never shown to be there steadily.
        let few = Self.asked(everyMs: 5_000) { $0 < 15 }
        guard case .tooLittleEvidence(let why) = PresenceInference.infer(few, captureS: 90) else {
            Issue.record("\(PresenceInference.infer(few, captureS: 90))")
            return
        }
        #expect(why.contains("3 answers until 10.0 s"), "\(why)")
        // Steady answers, then 10 s of silence: under the 15 s a departure needs.
        let short = Self.asked { $0 < 80 }
        guard case .tooLittleEvidence = PresenceInference.infer(short, captureS: 90) else {
            Issue.record("\(PresenceInference.infer(short, captureS: 90))")
            return
        }
        // Steady answers, then asked only 5 times over 40 s.
        let sparse =
            Self.asked(forS: 50) { _ in true } + (1...5).map { Probe(kind: .arp, atMs: 50_000 + Double($0) * 8_000) }
        guard case .tooLittleEvidence = PresenceInference.infer(sparse, captureS: 90) else {
            Issue.record("\(PresenceInference.infer(sparse, captureS: 90))")
            return
        }
        let twin = try TwinDerivation.derive(
            SleepInferenceTests.observations(device: few, durationS: 90),
            options: TwinOptions()
        )
        #expect(twin.fixture.devices.contains { $0.ip == SleepInferenceTests.sleeper })
        #expect(twin.yaml(command: "test").contains("too little evidence that it left"))
        // Answered throughout: present.
        #expect(PresenceInference.infer(Self.asked { _ in true }, captureS: 90) == .present)
    }
}
