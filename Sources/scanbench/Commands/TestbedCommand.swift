import ArgumentParser

/// `scanbench testbed …`: the emulated LAN.
struct TestbedCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "testbed",
        abstract: "Bring an emulated LAN up, inspect it, run commands in it, and take it down.",
        subcommands: []
    )
}
