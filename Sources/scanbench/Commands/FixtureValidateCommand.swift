import ArgumentParser
import Fixture

/// `scanbench fixture validate FILE…`.
struct FixtureValidateCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "validate",
        abstract: "Check fixture files: print OK, or the file:line error and its fix.",
        discussion: """
            Loads each file exactly as 'testbed up' and 'run' do (strict keys, types, the checks in \
            docs/FIXTURES.md). Exit status 0 when all are valid, 1 otherwise. Needs no root.

            Examples:
              scanbench fixture validate fixtures/lans/mine.yaml
              scanbench fixture validate home gen-office-90     # built-in names work too
            """
    )

    @Argument(help: "Fixture files or built-in names.")
    var files: [String]

    func run() throws {
        var failed = false
        for file in files {
            do {
                let fixture = try FixtureLoader.load(FixtureLoader.resolve(file))
                print("OK: \(file): '\(fixture.name)', \(fixture.devices.count) devices on \(fixture.network.subnet)")
            } catch {
                print(Terminal.describe(error))
                failed = true
            }
        }
        if failed { throw ExitCode(1) }
    }
}
