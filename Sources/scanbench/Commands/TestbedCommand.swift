import ArgumentParser

/// `scanbench testbed …`: the emulated LAN.
struct TestbedCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "testbed",
        abstract: "Bring an emulated LAN up, inspect it, run commands in it, and take it down.",
        discussion: """
            A testbed is one fixture's LAN: a network namespace per device and one for the scanner, \
            joined by a userspace switch that applies each link's delay, jitter and loss. Devices \
            answer with real kernels, real sockets and real dnsmasq. Addresses come from \
            198.18.0.0/15; nothing is sent outside the namespaces.
            """,
        subcommands: [
            TestbedUpCommand.self, TestbedStatusCommand.self, TestbedExecCommand.self,
            TestbedDownCommand.self, TestbedAgentCommand.self,
        ]
    )
}
