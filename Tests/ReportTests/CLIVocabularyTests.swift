import Foundation
import Testing

/// The CLI speaks docs/GLOSSARY.md's words: `--help` groups the subcommands, and the renamed
/// options' old spellings still work, each with one line naming the new one.
@Suite("scanbench's help and renamed options", .enabled(if: ScanBenchBinary.isBuilt, "build scanbench first (swift build)"))
struct CLIVocabularyTests {
    @Test("--help lists the subcommands under the harness, LAN and tool groups, each command once")
    func groupedHelp() throws {
        let help = try CommandLineTests.scanbench(["--help"])
        #expect(help.status == 0)
        let groups = ["HARNESS (STRATEGIES ON LANS, REPORTS, THE GATE) SUBCOMMANDS:", "LANS, FIXTURES AND CAPTURES SUBCOMMANDS:",
                      "THE APP AND ITS TOOLS (RUN INSIDE A TESTBED) SUBCOMMANDS:"]
        let positions = groups.map { help.stdout.range(of: $0)?.lowerBound }
        #expect(positions.allSatisfy { $0 != nil }, "\(help.stdout)")
        let order = positions.compactMap { $0 }
        #expect(order == order.sorted(), "groups out of order")
        // `run` sits under the harness group, `testbed` under the LANs, `ping` under the tools.
        for (command, group) in [("run", 0), ("testbed", 1), ("ping", 2)] {
            let at = try #require(help.stdout.range(of: "\n  \(command) ")?.lowerBound, "\(command) missing")
            #expect(at > order[group] && (group + 1 == order.count || at < order[group + 1]), "\(command) not in group \(group)")
        }
    }

    @Test("run's help says --lanes and --no-classify, not --jobs or --no-categories")
    func runHelpUsesTheGlossary() throws {
        let help = try CommandLineTests.scanbench(["run", "--help"])
        #expect(help.stdout.contains("--lanes <N>") && help.stdout.contains("--no-classify") && help.stdout.contains("--classify-top-ports"))
        #expect(!help.stdout.contains("--jobs") && !help.stdout.contains("--no-categories") && !help.stdout.contains("--probe-top-ports"))
    }

    @Test("an old spelling still runs, with one line naming the new one; both spellings at once are refused")
    func deprecatedSpellings() throws {
        let old = try CommandLineTests.scanbench(["run", "--dry-run", "--fixture", "tiny", "--strategy", "netmonitor-2.0", "--repeat", "1",
                                                  "--jobs", "2", "--no-categories"])
        #expect(old.status == 0, "\(old.stderr)")
        #expect(old.stderr.contains("--jobs is now --lanes") && old.stderr.contains("--no-categories is now --no-classify"), "\(old.stderr)")
        let both = try CommandLineTests.scanbench(["run", "--dry-run", "--fixture", "tiny", "--lanes", "2", "--jobs", "2"])
        #expect(both.status != 0 && both.stderr.contains("not both"), "\(both.stderr)")
    }

    @Test("the classify step's ranges are one: run and probe refuse the same SSDP window with the same words")
    func oneRange() throws {
        let run = try CommandLineTests.scanbench(["run", "--dry-run", "--fixture", "tiny", "--classify-ssdp-window", "9"])
        #expect(run.status != 0 && run.stderr.contains("ssdp-window must be 0 or 1-6 s"), "\(run.stderr)")
        let probe = try CommandLineTests.scanbench(["probe", "--ssdp-window", "9", "198.18.0.1"])
        #expect(probe.status != 0 && probe.stderr.contains("ssdp-window must be 0 or 1-6 s"), "\(probe.stderr)")
    }
}
