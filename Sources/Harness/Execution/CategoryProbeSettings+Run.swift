import Foundation
import Platform
import Results
import Spawn
import TestbedPlatform

extension CategoryProbeSettings {
    /// The probe as a child process in `namespace`, reading the scan's report on standard input;
    /// `--classify-only`: what no rule reads (HTTP titles, banners) would only cost time.
    func arguments(executable: String, namespace: String) -> [String] {
        NetworkNamespace(namespace).command([executable, "probe", "--from-scan", "-", "--json", "--classify-only",
         "--top-ports", String(topPorts), "--bonjour-window", String(bonjourWindowS), "--ssdp-window", String(ssdpWindowS),
         "--timeout", String(timeoutS)])
    }

    /// Probes and classifies the devices of `scanJSON` (the scanner's `--json` output) from the
    /// scanner's namespace — blind: it knows only what the scan reported — and returns what it
    /// printed and how long it took. Blocks.
    /// - Throws: `HarnessError` when it fails or prints no probed report; `SpawnError`.
    func run(scanJSON: String, executable: String, namespace: String) throws -> (report: ProbedCategories, json: String, seconds: Double) {
        let started = MonotonicClock.now()
        let child = try ChildProcess.run(arguments(executable: executable, namespace: namespace), input: Data(scanJSON.utf8),
                                         timeout: Self.childTimeout)
        let seconds = MonotonicClock.seconds(since: started)
        guard child.status == 0 else {
            throw HarnessError("the category probe exited with status \(child.status): \(child.stderr.suffix(600))",
                               fix: "run it by hand: 'scanbench testbed exec -- scanbench probe --from-scan FILE' on the scan's --json output")
        }
        return (try ProbedCategories.decode(child.stdout), child.stdout, seconds)
    }

    /// Give up on a probe after this long (it takes seconds; a hung one must not stall the run).
    static let childTimeout = 120.0
}
