import ArgumentParser
import Harness
import Spawn

/// `scanbench app …`: runs `scanbench-app …` in this process's place. The app under test is its
/// own program, beside `scanbench`, so that it links the system under test only and the harness
/// measures it alone; this command keeps `scanbench app` working for people and scripts.
struct AppLaunchCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "app",
        abstract:
            "Run an app session (scanbench-app): the scan and the ping / port-scanner tools in one process, on one budget.",
        discussion: """
            The app under test is its own program, scanbench-app, built beside scanbench; this \
            command runs it with the same arguments. After the session's actions the app runs the \
            strategy's classify step (deep_probe own or none) on its one budget, unless given \
            --no-classify. `scanbench-app --help` lists them, e.g.:
              scanbench testbed exec -- scanbench app --script adr-016 --strategy review-phase2 \\
                --target ports_target=198.18.0.20 --json
            """
    )

    @Argument(parsing: .captureForPassthrough, help: "scanbench-app's arguments (see scanbench-app --help).")
    var arguments: [String] = []

    func run() throws {
        do {
            let app = try AppExecutable.locate(beside: Terminal.executablePath)
            try ProcessImage.replace(with: [app] + arguments)
        } catch {
            Terminal.fail(Terminal.describe(error))
        }
    }
}
