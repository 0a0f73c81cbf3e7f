import ArgumentParser
import Testbed

/// `scanbench testbed down`.
struct TestbedDownCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "down",
        abstract: "Remove this state root's testbeds: namespaces, interfaces, processes, firewall tables, files.",
        discussion: """
            Without --id it removes every testbed of this state root ($SCANBENCH_STATE_DIR, default \
            /run/scanbench): each one with state there, whether its controller is running or was \
            killed (even with SIGKILL). Namespaces of testbeds with no state there (another state \
            root's, another user's harness, or left without state) are counted and left alone; \
            --id ID removes one of them. Safe to run at any time and more than once.

            Examples:
              scanbench testbed down                 # this state root's testbeds
              scanbench testbed down --id t1a2b      # one testbed, of any state root
            """
    )

    @Option(help: "Remove only this testbed (also one of another state root, or left without state).")
    var id: String?

    func validate() throws {
        if let id, !TestbedNames.isValidID(id) {
            throw ValidationError(
                "--id must be 1-6 lower-case letters or digits ('scanbench testbed status' lists them)"
            )
        }
    }

    func run() throws {
        do {
            try Privileges.requireRoot(for: "testbed down")
            if let id {
                TestbedCleaner.remove(id: id, log: Terminal.progress)
                return
            }
            let removal = TestbedCleaner.removeOwn(log: Terminal.progress)
            if removal.removed.isEmpty && removal.inUse.isEmpty { print("nothing to remove in \(StateRoot.path)") }
            for busy in removal.inUse {
                print(
                    "testbed \(busy.id) is in use by the running job pid \(busy.owner): left alone (it goes down when that job ends or is stopped; 'scanbench testbed down --id \(busy.id)' takes it now, failing that job's run)"
                )
            }
            if let note = Self.unclaimedNote(
                removal.leftAlone,
                "left alone; remove one with 'scanbench testbed down --id ID'"
            ) {
                print(note)
            }
        } catch let error as TestbedError {
            Terminal.fail(error.description)
        }
    }

    /// One line on the namespaces no testbed of this state root claims (`down` and `status`
    /// leave them alone), ending with `what`; nil when there are none.
    static func unclaimedNote(_ namespaces: [String], _ what: String) -> String? {
        guard !namespaces.isEmpty else { return nil }
        let ids = Set(namespaces.compactMap(TestbedNames.id(ofNamespace:))).sorted()
        return
            "\(namespaces.count) scanbench namespace\(namespaces.count == 1 ? "" : "s") (testbed\(ids.count == 1 ? "" : "s") "
            + "\(ids.joined(separator: ", "))) \(namespaces.count == 1 ? "belongs" : "belong") to another state root or none: \(what)"
    }
}
