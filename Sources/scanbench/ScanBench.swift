import ArgumentParser
import Foundation
import Gate

/// `scanbench`: a benchmark and diagnostics harness for LAN discovery strategies.
@main
struct ScanBench: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "scanbench",
        abstract: "Measure how LAN discovery strategies behave, on an emulated LAN whose truth is known.",
        discussion: """
            ScanBench brings up an emulated LAN from a fixture file (network namespaces on a userspace \
            switch, real kernels and services), runs scans against it while libpcap captures the \
            traffic, and turns what the scanner reported, what the wire shows and what the fixture \
            says into numbers.

            Most commands need root (or CAP_NET_ADMIN): they create network namespaces.

            Start with (docs/README.md says which page answers which question; docs/GLOSSARY.md the words):
              scanbench run --suite default --lanes 2 --out reports/mine
                                                 three strategies on seven LANs, report in reports/mine
              scanbench testbed up --detach      bring the default LAN (home) up
              scanbench testbed status           see what is up
              scanbench testbed exec -- nmap -sn -n 198.18.0.0/24
              scanbench testbed down             remove the testbeds of this state root
            """,
        groupedSubcommands: [
            CommandGroup(
                name: "Harness (strategies on LANs, reports, the gate)",
                subcommands: [
                    RunCommand.self, AblateCommand.self, TuneCommand.self, MergeCommand.self, ReportCommand.self,
                    CompareCommand.self, GateCommand.self, BaselineCommand.self, PredictCommand.self,
                ]
            ),
            CommandGroup(
                name: "LANs, fixtures and captures",
                subcommands: [
                    TestbedCommand.self, FixtureCommand.self, AnalyzeCommand.self, ClassifyCorpusCommand.self,
                ]
            ),
            CommandGroup(
                name: "The app and its tools (run inside a testbed)",
                subcommands: [
                    ScanCommand.self, AppLaunchCommand.self, PhaseRunCommand.self, PingCommand.self,
                    TracerouteCommand.self,
                    DNSCommand.self, WhoisCommand.self, WakeOnLANCommand.self, CertCommand.self, MonitorCommand.self,
                    PortsCommand.self, BonjourCommand.self, ProbeCommand.self,
                ]
            ),
            CommandGroup(name: "Development", subcommands: [FuzzCommand.self]),
        ]
    )

    /// Runs the command; usage errors of `compare` and `baseline` exit 2 (`CompareExitStatus.inputError`)
    /// instead of ArgumentParser's 64, because CI reads their statuses (`CompareExitStatus`).
    static func main() async {
        do {
            var command = try parseAsRoot()
            if var asyncCommand = command as? AsyncParsableCommand {
                try await asyncCommand.run()
            } else {
                try command.run()
            }
        } catch {
            let gated = [
                CompareCommand.configuration.commandName, BaselineCommand.configuration.commandName,
                GateCommand.configuration.commandName,
            ]
            if exitCode(for: error) == .validationFailure, let name = CommandLine.arguments.dropFirst().first,
                gated.contains(name)
            {
                FileHandle.standardError.write(Data((fullMessage(for: error) + "\n").utf8))
                Foundation.exit(CompareExitStatus.inputError.rawValue)
            }
            exit(withError: error)
        }
    }
}
