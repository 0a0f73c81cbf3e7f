import ArgumentParser
import Foundation
import Testbed
import TestbedPlatform
import Spawn

/// `scanbench testbed exec -- CMD …`.
struct TestbedExecCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "exec",
        abstract: "Run a command inside the scanner's namespace of a running testbed.",
        discussion: """
            The command sees the LAN as the scanner does: eth0 with the scanner's address, a default \
            route via the gateway, the gateway as DNS resolver, and unprivileged ICMP allowed.

            Examples:
              scanbench testbed exec -- nmap -sn -n 198.18.0.0/24
              scanbench testbed exec -- dig @198.18.0.1 -x 198.18.0.20
              scanbench testbed exec --in gateway -- ss -ltn
            """
    )

    @Option(help: "Which testbed, when several are up.")
    var id: String?

    @Option(name: .customLong("in"), help: "Run in this device's namespace instead of the scanner's.")
    var device: String?

    @Argument(parsing: .captureForPassthrough, help: "The command and its arguments (after --).")
    var command: [String] = []

    func run() throws {
        // The passthrough argument takes a leading --help too: it asks for this page, not a command.
        if let first = command.first, first == "--help" || first == "-h" { throw CleanExit.helpRequest(self) }
        do {
            var arguments = command
            if arguments.first == "--" { arguments.removeFirst() }
            guard !arguments.isEmpty else {
                throw TestbedError(
                    "no command given",
                    fix: "write the command after --, e.g. scanbench testbed exec -- ip addr"
                )
            }
            let state = try TestbedSelection.choose(id: id)
            var namespace = state.names.scannerNamespace
            if let device {
                guard let found = state.plan.namespaces.first(where: { $0.label == device }) else {
                    throw TestbedError(
                        "testbed \(state.id) has no device '\(device)'",
                        fix: "use one of: \(state.plan.namespaces.map(\.label).joined(separator: ", "))"
                    )
                }
                namespace = found.name
            }
            let argv = NetworkNamespace(namespace).command(arguments)
            let ip = try ExecutableSearch.locate("ip")
            let failure = ProcessControl.replace(with: ip, arguments: argv)
            throw TestbedError("cannot run ip: \(failure.reason)", fix: "install iproute2")
        } catch let error as TestbedError {  // SpawnError too: one message + fix shape
            Terminal.fail(error.description)
        }
    }
}
