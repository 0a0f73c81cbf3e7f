import ArgumentParser

/// `scanbench baseline`: the inputs manifest that ties a recorded baseline to the tree it ships with.
struct BaselineCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "baseline",
        abstract: "Write or check the inputs manifest (inputs.sha256) beside a baseline's results.json.",
        discussion: """
            A baseline's numbers depend on more than the code a gate judges: the fixture, suite, \
            strategy, scenario and platform files its plan used, the fixture model and generator \
            (Sources/Fixture), the emulator (Sources/Testbed) and the classifier with its tables \
            (Sources/Identity, NetTools' classification files). 'manifest' records their SHA-256 \
            when the baseline is recorded; 'check' recomputes them and names every input that changed \
            since: a stale baseline is an INCONCLUSIVE verdict (exit 3), not a warning. docs/CI.md#stale-baselines.
            """,
        subcommands: [BaselineManifestCommand.self, BaselineCheckCommand.self]
    )
}
