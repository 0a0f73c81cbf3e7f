import ArgumentParser

/// `scanbench fixture …`: fixture files — generate realistic LANs, check files.
struct FixtureCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "fixture",
        abstract: "Generate realistic LAN fixtures from a seed, and check fixture files.",
        discussion: """
            A fixture is the YAML description of one emulated LAN (docs/FIXTURES.md). 'generate' draws \
            one from stated distributions of real home and office networks, so strategies can be judged \
            on LANs they were not tuned for; 'wifi' draws the generator's Wi-Fi behaviours (power save, deep \
            sleep, the scanner's path events) onto an existing fixture; 'validate' loads a file exactly as 'testbed up' and 'run' \
            would and says OK or where it is wrong.
            """,
        subcommands: [
            FixtureGenerateCommand.self, FixtureWiFiCommand.self, FixtureValidateCommand.self,
            FixtureFromCaptureCommand.self,
        ]
    )
}
