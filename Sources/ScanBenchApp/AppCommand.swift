import AppContract
import AppSession
import ArgumentParser
import Foundation
import OrderStatistics
import ScanKit
import Wire
import AppInputs

/// `scanbench-app`: the system under test as one app — the scan and the tools in one process,
/// sharing one budget — driven by a session script. Its own program, linking the system under
/// test and the platform layer only, so the harness measures the app and nothing else
/// (`scanbench app` runs it too).
@main
struct AppCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "scanbench-app",
        abstract:
            "Run an app session: the scan and the ping, port-scanner, traceroute, DNS and WHOIS tools in one process, on one budget.",
        discussion: """
            NetMonitor is one iOS app: its scan and its tools share one connection budget, one \
            Swift concurrency pool and one main actor, and the architecture review blames its \
            problems on that sharing. `scanbench-app` runs the same: a session script (fixtures/sessions, \
            or your own YAML; docs/HARNESS.md#sessions) says what happens when, e.g. the port \
            scanner at 3 s, cancelled at 4 s, the scan at 5 s, thermal serious at 8 s.

            Targets are addresses, or $names bound with --target:
              scanbench testbed exec -- scanbench app --script adr-016 --strategy review-phase2 \\
                --target ports_target=192.0.2.20 --json

            The strategy's `tools` section sets the executor (shared_pool / dedicated), the ping \
            method (icmp / tcp) and timestamps (callback / kernel), and the port scanner; \
            `budget.reset_at_scan_start` and `budget.style` set ADR-016's knobs.

            Once the script's actions are over, the app runs the strategy's classify step on the \
            last scan's devices (`classify.deep_probe: own`: NetTools' deep probe with the \
            strategy's ports, windows and timeout, every TCP connect holding a slot of the same \
            budget; `none`: from what the scan learned alone), 300 ms after the session for late \
            answers, as its `classify` phase; the report's `classify` has each device's category, \
            the step's wall-clock start and its seconds. `deep_probe: harness` and --no-classify \
            leave it out.

            A scan not finished --deadline seconds after the session started is reported as a hang \
            (the phases still open, the budget's held and queued slots) and the command exits with \
            status 3 after printing the report: a shipped budget's waiters cannot be cancelled. A \
            scan that cannot start (no IPv4 address on the interface …) is the report's scan_error, \
            and the command exits with status 4.
            """
    )

    @Option(help: "A built-in session script name (fixtures/sessions) or a path to one.")
    var script = "scan"

    @Option(help: "A built-in strategy name (see fixtures/strategies) or a path to a strategy YAML file.")
    var strategy = "netmonitor-2.0"

    @Option(
        help: ArgumentHelp(
            "The device the app runs on: a built-in platform profile (fixtures/platforms) or a path to one.",
            discussion:
                // iphone-a16: Apple's A16, a platform profile
                "linux (the default) adds nothing; iphone-a16 spends an iPhone's callback, connection and publish costs as real CPU in this process (docs/PLATFORMS.md)."
        )
    )
    var platform = PlatformProfileLoader.defaultName

    @Option(
        name: .customLong("target"),
        help:
            "Bind a script variable: NAME=ADDRESS or NAME=TEXT (repeatable), e.g. ping_target=192.0.2.20, dns_name=nas.example.com."
    )
    var targets: [String] = []

    @Option(help: "Scan on this interface. Required outside a testbed namespace.")
    var interface: String?

    @Option(help: "Write the JSONL event log here (docs/EVENTS.md).")
    var events: String?

    @Option(help: "Seconds after the session starts when an unfinished scan is declared hung.")
    var deadline = 120.0

    @Option(help: "Seed for the scanner's own random choices; random if not given.")
    var seed: UInt64?

    @Flag(help: "Do not run the strategy's classify step after the session.")
    var noClassify = false

    @Flag(help: "Print the session report as JSON (docs/HARNESS.md#sessions).")
    var json = false

    func run() async throws {
        let (loaded, session, profile): (Strategy, SessionScript, PlatformProfile)
        do {
            loaded = try StrategyLoader.load(strategy)
            session = try SessionScriptLoader.load(script)
            profile = try PlatformProfileLoader.load(platform)
        } catch {
            AppOutput.fail(error)
        }
        guard deadline > 0 && deadline <= 3600 else {
            AppOutput.fail("error: --deadline must be above 0 and at most 3600 s")
        }
        var bound: [String: IPv4Address] = [:]
        var names: [String: String] = [:]
        for binding in targets {
            let parts = binding.split(separator: "=", maxSplits: 1).map(String.init)
            guard parts.count == 2, !parts[0].isEmpty, !parts[1].isEmpty else {
                AppOutput.fail(
                    "error: --target \(binding) is not NAME=VALUE\n  fix: write e.g. --target ping_target=192.0.2.20 or --target dns_name=nas.example.com"
                )
            }
            names[parts[0]] = parts[1]
            if let ip = IPv4Address(parts[1]) { bound[parts[0]] = ip }
        }
        let missing = SessionScriptLoader.variables(in: session).subtracting(names.keys).sorted()
        if !missing.isEmpty {
            AppOutput.fail(
                "error: the script uses \(missing.map { "$" + $0 }.joined(separator: ", ")) but no --target binds it\n  fix: add \(missing.map { "--target \($0)=ADDRESS" }.joined(separator: " "))"
            )
        }
        let scanInterface: String
        do { scanInterface = try ScanInterface.choose(interface) } catch { AppOutput.fail(error) }
        do { try profile.install() } catch {
            AppOutput.fail("error: cannot follow the network path for platform '\(profile.name)': \(error)")
        }
        var log: EventLog?
        if let events {
            do { log = try EventLog(path: events) } catch { AppOutput.fail(error) }
        }
        var app = AppSession(
            strategy: loaded,
            script: session,
            interface: scanInterface,
            targets: bound,
            events: log,
            seed: seed ?? UInt64.random(in: 0...UInt64.max),
            deadline: deadline
        )
        app.names = names
        app.classifies = !noClassify
        app.backgroundWindowS = profile.backgroundWindowS
        var report: SessionReport
        do {
            report = try await app.run()
        } catch {
            log?.close()
            AppOutput.fail(error)
        }
        log?.close()
        if let log, log.lost > 0 { (report.eventsLost, report.eventLogError) = (log.lost, log.lossError) }
        if json {
            AppOutput.printJSON(report)
        } else {
            if let scan = report.scan { print(ScanReportTable.render(scan)) }
            for ping in report.pings {
                let rtts = ping.replies.compactMap(\.rttMs)
                print(
                    "ping \(ping.target) (\(ping.method), \(ping.timestamps) timestamps): \(rtts.count)/\(ping.replies.count) replies"
                        + (Percentile.of(rtts, 50).map { String(format: ", median %.3f ms", $0) } ?? "")
                )
            }
            for scan in report.portScans {
                let states = Dictionary(grouping: scan.results, by: \.state).mapValues(\.count)
                print(
                    "ports \(scan.target): "
                        + states.sorted { $0.key < $1.key }.map { "\($0.value) \($0.key)" }.joined(separator: ", ")
                        + (scan.cancelled ? " (cancelled)" : "")
                )
            }
            AppOutput.printLookups(report)
            AppOutput.printDiscoveryTools(report)
            if let step = report.classify {
                let decided = step.devices.filter { $0.category != nil }.count
                print(
                    "classify (\(step.deepProbe)): \(decided)/\(step.devices.count) devices categorised in "
                        + String(format: "%.2f s", step.seconds)
                )
            }
            print(
                "budget: \(report.budget.acquires) acquired, \(report.budget.releases) released, \(report.budget.active) held, \(report.budget.queued) queued"
            )
        }
        if let hang = report.hang {
            FileHandle.standardError.write(
                Data(
                    """
                    scanbench-app: the scan hung: not finished \(hang.declaredAtS) s into the session; phases still open: \
                    \(hang.openPhases.joined(separator: ", ")); budget \(hang.budget.active) held, \(hang.budget.queued) queued, \
                    limit \(hang.effectiveLimit.map(String.init) ?? "none") (thermal \(hang.thermal))

                    """.utf8
                )
            )
            Foundation.exit(AppExit.hung)
        }
        if let scanError = report.scanError {
            FileHandle.standardError.write(Data("scanbench: the scan could not start: \(scanError)\n".utf8))
            Foundation.exit(AppExit.scanFailed)
        }
    }
}
