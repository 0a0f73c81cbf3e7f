import ArgumentParser

/// `--seed`, as every command that runs strategies on LANs takes it (`run`, `ablate`): one seed
/// replays each run's LAN impairments and the scanner's own random choices.
struct SeedOption: ParsableArguments {
    @Option(
        help: ArgumentHelp(
            "Base seed of the LAN impairments and scanner choices: repetition k runs with N + k − 1 (default: a base drawn for the job, printed and recorded per run).",
            valueName: "N"
        )
    )
    var seed: UInt64?
}
