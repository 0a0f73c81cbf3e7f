import AppInputs
import ArgumentParser

/// `--platform`, as every command that runs the app on a testbed takes it (`run`, `tune`,
/// `predict`): the device the app runs on, a platform profile (docs/PLATFORMS.md).
struct PlatformOption: ParsableArguments {
    @Option(
        help: ArgumentHelp(
            "The device the app runs on: a platform profile of fixtures/platforms (\(PlatformProfileLoader.builtinNames().joined(separator: ", "))) or a path.",
            discussion: """
                linux (the default) adds nothing and is not passed to the app. A profile's costs are real CPU spent in the \
                app process; its limits hold against every strategy: one that can hold more connections at once than the \
                profile's flow limit (max_flows: 512 on iphone-a16) gets a warning from run and is drawn again by tune \
                (docs/PLATFORMS.md). Sweep an assumed parameter with run's --sweep platform.KEY=V1,V2,….
                """,
            valueName: "NAME|PATH"
        )
    )
    var platform: String?
}
