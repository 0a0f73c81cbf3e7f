import ArgumentParser
import Fixture
import Foundation
import Testbed
import TestbedPlatform

/// `scanbench testbed up [FIXTURE]`.
struct TestbedUpCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "up",
        abstract: "Bring a fixture's LAN up and keep it up until Ctrl-C (or in the background with --detach).",
        discussion: """
            FIXTURE is a built-in name (home, tiny, office, a generated one such as gen-office-90, or home-wifi, office-wifi) or \
            a path to a YAML file; see docs/FIXTURES.md. Prints the devices when the LAN is ready.

            Examples:
              scanbench testbed up                    # home, in the foreground
              scanbench testbed up tiny --detach      # in the background; then:
              scanbench testbed exec -- ping -c 3 198.18.0.1
              scanbench testbed down
            """
    )

    @Argument(help: "Built-in fixture name or path to a fixture YAML file.")
    var fixture: String = "home"

    @Flag(help: "Return once the LAN is up and leave it running in the background.")
    var detach = false

    @Option(help: "Testbed id (1-6 lower-case letters or digits); random if not given.")
    var id: String?

    @Option(help: "Seed for the switch's jitter and loss decisions (random if not given).")
    var seed: UInt64?

    @Flag(help: "Start only the network (namespaces, switch, dnsmasq), not the device services.")
    var noServices = false

    @Flag(help: "Print the device table as JSON ground truth instead of a table.")
    var json = false

    /// The process the LAN serves (`scanbench run` passes its own pid): when it ends, however it
    /// ends (SIGKILL included), the controller takes the LAN down as Ctrl-C would.
    @Option(help: .hidden)
    var owner: Int32?

    func run() throws {
        do {
            try HostRequirements.check(for: "testbed up")
            let path = try FixtureLoader.resolve(fixture)
            let loaded = try FixtureLoader.load(path)
            let id = try self.id ?? Self.freshID()
            guard TestbedNames.isValidID(id) else {
                throw ValidationError("--id must be 1-6 lower-case letters or digits")
            }
            guard TestbedState.load(id: id) == nil,
                !TestbedCleaner.ourNamespaces().contains(where: {
                    $0.hasPrefix("\(TestbedNames.namespacePrefix)\(id)-")
                })
            else {
                throw TestbedError(
                    "a testbed with id '\(id)' already exists",
                    fix: "choose another --id, or remove it with 'scanbench testbed down --id \(id)'"
                )
            }
            let seed = self.seed ?? UInt64.random(in: 0...UInt64.max)
            if detach {
                try BackgroundController.start(
                    fixturePath: path,
                    id: id,
                    seed: seed,
                    extra: (noServices ? ["--no-services"] : []) + (owner.map { ["--owner", String($0)] } ?? [])
                )
            } else {
                try runInForeground(fixture: loaded, path: path, id: id, seed: seed)
            }
        } catch let error as TestbedError {
            Terminal.fail(error.description)
        } catch  where !(error is ValidationError) {
            Terminal.fail(Terminal.describe(error))
        }
    }

    private func runInForeground(fixture: Fixture, path: String, id: String, seed: UInt64) throws {
        var builder = TestbedBuilder(
            fixture: fixture,
            fixturePath: path,
            names: TestbedNames(id: id),
            seed: seed,
            agentExecutable: Terminal.executablePath,
            log: Terminal.progress
        )
        builder.startServices = !noServices
        builder.ownerPID = owner
        let stopRequest = SignalTrap()
        if let owner {
            // Watched from before the build: an owner that dies while the LAN comes up is seen too.
            Thread.detachNewThread {
                ProcessControl.waitForExit(of: owner)
                Terminal.progress("the process that owns testbed \(id) (pid \(owner)) ended: taking it down")
                stopRequest.release()
            }
        }
        let running = try builder.build()
        let truth = GroundTruth(state: running.state)
        if json {
            Terminal.printJSON(truth)
        } else {
            print(DeviceTable.render(truth))
            print("\nscanner namespace: \(truth.scanner.namespace)   (scanbench testbed exec -- CMD runs CMD there)")
            print("testbed \(id) is up; press Ctrl-C to take it down.")
        }
        Terminal.flush()
        stopRequest.wait()
        Terminal.progress("taking testbed \(id) down")
        running.teardown(log: Terminal.progress)
        // Nobody is left to read the log of a LAN whose owner died (a killed run): leave nothing.
        if let owner, !ProcessControl.isAlive(owner) {
            try? FileManager.default.removeItem(atPath: TestbedNames(id: id).controllerLog)
        }
    }

    static func freshID() throws -> String {
        for _ in 0..<100 {
            let id = String(format: "%04x", UInt16.random(in: 0...UInt16.max))
            if !TestbedNames.idsInUse().contains(id) { return id }
        }
        throw TestbedError("could not pick a free testbed id", fix: "give one with --id")
    }
}
