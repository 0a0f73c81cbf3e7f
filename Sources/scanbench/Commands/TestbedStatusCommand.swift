import ArgumentParser
import Fixture
import Testbed

/// `scanbench testbed status`.
struct TestbedStatusCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "status",
        abstract: "Show which testbeds are up; with --json, print one testbed's ground truth.",
        discussion: """
            The JSON lists every device with its IP, MAC, category, host name, link impairments, \
            ARP behaviour, TCP ports by state and services: what a correct scanner should find.

            Each testbed also shows what its switch did since it came up: frames in and delivered, \
            frames the fixture's loss model dropped, and TAP write failures (loss nobody configured: \
            if it is not 0, the numbers measured on that port are suspect). --counters gives a row \
            per port (with --json: the counters as JSON instead of the ground truth).

            Examples:
              scanbench testbed status
              scanbench testbed status --json --id t1a2b
              scanbench testbed status --counters
            """
    )

    @Flag(help: "Print the ground truth of the testbed as JSON.")
    var json = false

    @Flag(help: "Print the switch's counters per port.")
    var counters = false

    @Option(help: "Which testbed, when several are up.")
    var id: String?

    func run() throws {
        do {
            if json {
                let state = try TestbedSelection.choose(id: id)
                if counters {
                    Terminal.printJSON(SwitchPortCounters.load(testbed: state.id) ?? [])
                } else {
                    Terminal.printJSON(GroundTruth(state: state))
                }
                return
            }
            let states = TestbedState.allIDs().compactMap(TestbedState.load(id:)).filter { id == nil || $0.id == id }
            let unclaimed = TestbedCleaner.unclaimedNamespaces().filter {
                id == nil || TestbedNames.id(ofNamespace: $0) == id
            }
            if states.isEmpty { print("no testbed of \(StateRoot.path) is up") }
            for state in states {
                let alive =
                    state.controllerAlive
                    ? "controller pid \(state.controllerPID)" : "controller GONE (run 'scanbench testbed down')"
                print(
                    "testbed \(state.id): \(state.fixture.name) (\(state.fixturePath)), \(state.phase.rawValue), \(state.plan.namespaces.count) namespaces, \(alive)"
                )
                if state.phase == .ready && !counters { print(DeviceTable.render(GroundTruth(state: state))) }
                if let ports = SwitchPortCounters.load(testbed: state.id) {
                    print(SwitchCounterTable.summary(ports))
                    if counters { print(SwitchCounterTable.render(ports)) }
                }
            }
            if let note = TestbedDownCommand.unclaimedNote(
                unclaimed,
                "'scanbench testbed down' leaves them, --id ID removes one"
            ) {
                print(note)
            }
        } catch let error as TestbedError {
            Terminal.fail(error.description)
        }
    }
}
