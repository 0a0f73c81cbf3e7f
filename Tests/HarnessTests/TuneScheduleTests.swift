import Testing
@testable import Harness

@Suite("Tune schedule (Hyperband over fixtures)")
struct TuneScheduleTests {
    @Test("seven fixtures, eta 3: rungs of 1, 3 and 7 fixtures; brackets 9 → 3 → 2, 5 → 2, 3, then again")
    func defaultSuite() {
        let schedule = TuneSchedule(fixtureCount: 7, eta: 3)
        #expect(schedule.rungSizes == [1, 3, 7])
        #expect(
            schedule.bracket(0) == [
                .init(fixtures: 1, candidates: 9), .init(fixtures: 3, candidates: 3), .init(fixtures: 7, candidates: 2),
            ]
        )
        #expect(schedule.bracket(1) == [.init(fixtures: 3, candidates: 5), .init(fixtures: 7, candidates: 2)])
        #expect(schedule.bracket(2) == [.init(fixtures: 7, candidates: 3)])
        #expect(schedule.bracket(3) == schedule.bracket(0))
    }

    @Test("one fixture: one rung, two candidates a bracket; two fixtures with eta 2: rungs of 1 and 2")
    func small() {
        let one = TuneSchedule(fixtureCount: 1, eta: 3)
        #expect(
            one.rungSizes == [1] && one.bracket(0) == [.init(fixtures: 1, candidates: 2)]
                && one.bracket(5) == one.bracket(0)
        )
        let two = TuneSchedule(fixtureCount: 2, eta: 2)
        #expect(two.rungSizes == [1, 2])
        #expect(
            two.bracket(0) == [.init(fixtures: 1, candidates: 2), .init(fixtures: 2, candidates: 2)],
            "at least two survive a rung"
        )
    }
}
