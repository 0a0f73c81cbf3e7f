import Foundation
import Testing

/// The CLI speaks docs/GLOSSARY.md's words: `--help` groups the subcommands, and the renamed
/// options' old spellings still work, each with one line naming the new one.
@Suite(
    "scanbench's help and renamed options",
    .enabled(if: ScanBenchBinary.isBuilt, "build scanbench first (swift build)")
)
struct CLIVocabularyTests {
    @Test("--help lists the subcommands under the harness, LAN and tool groups, each command once")
    func groupedHelp() throws {
        let help = try CommandLineTests.scanbench(["--help"])
        #expect(help.status == 0)
        let groups = [
            "HARNESS (STRATEGIES ON LANS, REPORTS, THE GATE) SUBCOMMANDS:", "LANS, FIXTURES AND CAPTURES SUBCOMMANDS:",
            "THE APP AND ITS TOOLS (RUN INSIDE A TESTBED) SUBCOMMANDS:",
        ]
        let positions = groups.map { help.stdout.range(of: $0)?.lowerBound }
        #expect(positions.allSatisfy { $0 != nil }, "\(help.stdout)")
        let order = positions.compactMap { $0 }
        #expect(order == order.sorted(), "groups out of order")
        // `run` sits under the harness group, `testbed` under the LANs, `ping` under the tools.
        for (command, group) in [("run", 0), ("testbed", 1), ("ping", 2)] {
            let at = try #require(help.stdout.range(of: "\n  \(command) ")?.lowerBound, "\(command) missing")
            #expect(
                at > order[group] && (group + 1 == order.count || at < order[group + 1]),
                "\(command) not in group \(group)"
            )
        }
    }

    @Test("run's help says --lanes and --no-classify, not --jobs or --no-categories")
    func runHelpUsesTheGlossary() throws {
        let help = try CommandLineTests.scanbench(["run", "--help"])
        #expect(
            help.stdout.contains("--lanes <N>") && help.stdout.contains("--no-classify")
                && help.stdout.contains("--classify-top-ports")
        )
        #expect(
            !help.stdout.contains("--jobs") && !help.stdout.contains("--no-categories")
                && !help.stdout.contains("--probe-top-ports")
        )
    }

    @Test("an old spelling still runs, with one line naming the new one; both spellings at once are refused")
    func deprecatedSpellings() throws {
        let old = try CommandLineTests.scanbench([
            "run", "--dry-run", "--fixture", "tiny", "--strategy", "netmonitor-2.0", "--repeat", "1",
            "--jobs", "2", "--no-categories",
        ])
        #expect(old.status == 0, "\(old.stderr)")
        #expect(
            old.stderr.contains("--jobs is now --lanes") && old.stderr.contains("--no-categories is now --no-classify"),
            "\(old.stderr)"
        )
        let both = try CommandLineTests.scanbench([
            "run", "--dry-run", "--fixture", "tiny", "--lanes", "2", "--jobs", "2",
        ])
        #expect(both.status != 0 && both.stderr.contains("not both"), "\(both.stderr)")
    }

    @Test("the classify step's ranges are one: run and probe refuse the same SSDP window with the same words")
    func oneRange() throws {
        let run = try CommandLineTests.scanbench([
            "run", "--dry-run", "--fixture", "tiny", "--classify-ssdp-window", "9",
        ])
        #expect(run.status != 0 && run.stderr.contains("ssdp-window must be 0 or 1-6 s"), "\(run.stderr)")
        let probe = try CommandLineTests.scanbench(["probe", "--ssdp-window", "9", "198.18.0.1"])
        #expect(probe.status != 0 && probe.stderr.contains("ssdp-window must be 0 or 1-6 s"), "\(probe.stderr)")
    }
}

/// Every `--help` page, of each `scanbench` subcommand and of `scanbench-app`, in docs/GLOSSARY.md's
/// words: none of the words its "not" column rules out appears, except where `allowed` quotes one
/// for a reason. The pages are the built binaries' own, as a user reads them.
@Suite(
    "every --help in the glossary's words",
    .enabled(if: ScanBenchBinary.isBuilt, "build scanbench first (swift build)")
)
struct HelpGlossaryTests {
    /// A word the glossary rules out, as a case-insensitive pattern, and the word to use instead.
    struct RuledOut {
        var pattern: String
        var use: String
    }

    static let ruledOut: [RuledOut] = [
        RuledOut(pattern: #"\bentry\b|\bentries\b"#, use: "run (an entry is a run not yet done, in the code only)"),
        RuledOut(pattern: #"\bcategor(y|ies) probe\b"#, use: "classify step"),
        RuledOut(pattern: #"\bdeep[ -]prob"#, use: "classify step (deep probe names only the probe tool)"),
        RuledOut(pattern: #"\breplicat"#, use: "repetition (or repeated jobs)"),
        RuledOut(pattern: #"\btrials?\b|\biterations?\b"#, use: "run or repetition"),
        RuledOut(pattern: #"\bworkers?\b"#, use: "lane"),
        RuledOut(pattern: #"\bmatrix\b|\bmatrices\b"#, use: "plan"),
        RuledOut(pattern: #"\bfrontier\b"#, use: "front"),
        RuledOut(pattern: #"\btopolog(y|ies)\b"#, use: "fixture"),
        RuledOut(pattern: #"\breplicas?\b"#, use: "twin"),
        RuledOut(pattern: #"\bbaseline tools?\b"#, use: "peer"),
        RuledOut(pattern: #"--jobs\b"#, use: "--lanes (--jobs still works, hidden)"),
        RuledOut(pattern: #"--no-categories\b"#, use: "--no-classify (--no-categories still works, hidden)"),
    ]

    /// Where a page may say a ruled-out word: the command's path, the phrase around the word as
    /// the page says it (whitespace collapsed), and why it may.
    static let allowed: [(command: String, phrase: String, why: String)] = [
        ("scanbench merge", "--replicates", "the flag's name, which the glossary keeps"),
        ("scanbench whois", "--map FILE overrides entries", "entries of the server map"),
        ("scanbench probe", "as HomeNet's deep probe", "HomeNet's name for the probe tool's model (docs/TOOLS.md)"),
        ("scanbench probe", "--no-deep-probe", "the probe tool's flag"),
        ("scanbench probe", "NetMonitor has no deep probe", "the probe tool"),
        ("scanbench scan", "--probe then deep-probes every device found", "scan --probe runs the probe tool"),
        (
            "scanbench scan", "After the scan, deep-probe and classify each device found",
            "scan --probe runs the probe tool"
        ),
        ("scanbench app", "NetTools' deep probe", "the probe tool the app runs as its classify step"),
        ("scanbench-app", "NetTools' deep probe", "the probe tool the app runs as its classify step"),
    ]

    /// Every command path of `scanbench` (from its own command tree), and `scanbench-app`.
    static func commands() throws -> [(name: String, program: String, arguments: [String])] {
        let dump = try CommandLineTests.scanbench(["--experimental-dump-help"])
        let tree = try #require(try JSONSerialization.jsonObject(with: Data(dump.stdout.utf8)) as? [String: Any])
        var paths: [[String]] = []
        func walk(_ command: [String: Any], _ path: [String]) {
            paths.append(path)
            for sub in command["subcommands"] as? [[String: Any]] ?? [] {
                if let name = sub["commandName"] as? String { walk(sub, path + [name]) }
            }
        }
        walk(try #require(tree["command"] as? [String: Any]), [])
        paths.removeAll { $0 == ["help"] }  // ArgumentParser's own: it prints the pages below
        let app = URL(fileURLWithPath: ScanBenchBinary.path).deletingLastPathComponent().appendingPathComponent(
            "scanbench-app"
        ).path
        return paths.map {
            (
                name: (["scanbench"] + $0).joined(separator: " "), program: ScanBenchBinary.path,
                arguments: $0 + ["--help"]
            )
        }
            + [(name: "scanbench-app", program: app, arguments: ["--help"])]
    }

    @Test("no --help page uses a word the glossary rules out, but where the allow-list quotes it")
    func helpUsesTheGlossary() throws {
        let commands = try Self.commands()
        #expect(commands.count > 30, "the command tree came back short: \(commands.map(\.name))")
        var offences: [String] = []
        var used = Set<String>()
        for command in commands {
            let help = try CommandLineTests.scanbench(command.arguments, program: command.program)
            #expect(help.status == 0, "\(command.name) --help: \(help.stderr)")
            let page = help.stdout.split(whereSeparator: \.isWhitespace).joined(separator: " ")
            let quoted = Self.allowed.filter { $0.command == command.name }.flatMap { entry in
                page.ranges(of: entry.phrase).map { range in
                    used.insert(entry.command + " | " + entry.phrase)
                    return range
                }
            }
            for word in Self.ruledOut {
                let regex = try Regex(word.pattern).ignoresCase()
                for match in page.matches(of: regex) where !quoted.contains(where: { $0.covers(match.range) }) {
                    let from =
                        page.index(match.range.lowerBound, offsetBy: -40, limitedBy: page.startIndex) ?? page.startIndex
                    let to = page.index(match.range.upperBound, offsetBy: 40, limitedBy: page.endIndex) ?? page.endIndex
                    let found = String(page[match.range])
                    offences.append("\(command.name): \"\(found)\" (use: \(word.use)) in …\(page[from..<to])…")
                }
            }
        }
        #expect(
            offences.isEmpty,
            "\(offences.count) ruled-out words (docs/GLOSSARY.md):\n\(offences.joined(separator: "\n"))"
        )
        let stale = Self.allowed.filter { !used.contains($0.command + " | " + $0.phrase) }
        #expect(
            stale.isEmpty,
            "allowed phrases no page says any more; drop them: \(stale.map { "\($0.command): \($0.phrase)" })"
        )
    }
}

private extension Range where Bound == String.Index {
    func covers(_ other: Range<String.Index>) -> Bool {
        lowerBound <= other.lowerBound && other.upperBound <= upperBound
    }
}
