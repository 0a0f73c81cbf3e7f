import ArgumentParser
import Testbed

/// `scanbench testbed down`.
struct TestbedDownCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "down",
        abstract: "Remove everything testbeds created: namespaces, interfaces, processes, firewall tables, files.",
        discussion: """
            Safe to run at any time and more than once; it also cleans up after a controller that was \
            killed (even with SIGKILL). Without --id it removes every testbed.
            """
    )

    @Option(help: "Remove only this testbed.")
    var id: String?

    func run() throws {
        do {
            try Privileges.requireRoot(for: "testbed down")
            if let id {
                TestbedCleaner.remove(id: id, log: Terminal.progress)
            } else {
                let removed = TestbedCleaner.removeAll(log: Terminal.progress)
                if removed.isEmpty { print("nothing to remove") }
            }
        } catch let error as TestbedError {
            Terminal.fail(error.description)
        }
    }
}
