import ArgumentParser
import Testbed

/// `scanbench testbed status`.
struct TestbedStatusCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "status",
        abstract: "Show which testbeds are up; with --json, print one testbed's ground truth.",
        discussion: """
            The JSON lists every device with its IP, MAC, category, host name, link impairments, \
            ARP behaviour, TCP ports by state and services: what a correct scanner should find.
            """
    )

    @Flag(help: "Print the ground truth of the testbed as JSON.")
    var json = false

    @Option(help: "Which testbed, when several are up.")
    var id: String?

    func run() throws {
        do {
            if json {
                Terminal.printJSON(GroundTruth(state: try TestbedSelection.choose(id: id)))
                return
            }
            let states = TestbedState.allIDs().compactMap(TestbedState.load(id:)).filter { id == nil || $0.id == id }
            let orphans = TestbedCleaner.ourNamespaces().compactMap(TestbedNames.id(ofNamespace:))
                .filter { orphan in !states.contains { $0.id == orphan } }
            if states.isEmpty && orphans.isEmpty {
                print("no testbed is up")
                return
            }
            for state in states {
                let alive = state.controllerAlive ? "controller pid \(state.controllerPID)" : "controller GONE (run 'scanbench testbed down')"
                print("testbed \(state.id): \(state.fixture.name) (\(state.fixturePath)), \(state.phase.rawValue), \(state.plan.namespaces.count) namespaces, \(alive)")
                if state.phase == .ready { print(DeviceTable.render(GroundTruth(state: state))) }
            }
            for orphan in Set(orphans).sorted() {
                print("testbed \(orphan): namespaces left without state (run 'scanbench testbed down')")
            }
        } catch let error as TestbedError {
            Terminal.fail(error.description)
        }
    }
}
