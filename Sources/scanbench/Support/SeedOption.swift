import ArgumentParser

/// `--seed`, as every command that runs strategies on LANs takes it (`run`, `ablate`): one seed
/// replays each run's LAN impairments and the scanner's own random choices.
struct SeedOption: ParsableArguments {
    @Option(help: ArgumentHelp("Seed of every run's LAN impairments and scanner choices (default: a new seed per run, recorded).",
                               valueName: "N"))
    var seed: UInt64?
}
