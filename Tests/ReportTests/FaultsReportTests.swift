import Testing
@testable import Report
import Results
import SyntheticRuns

@Suite("faults section")
struct FaultsReportTests {
    static let heading = "## Faults (issue 47)"

    @Test("no fault LAN, no section")
    func absentWithoutFaultLANs() {
        let text = Report(document: SyntheticResults.document(strategies: ["netmonitor-2.0"])).markdown()
        #expect(!text.contains(Self.heading))
    }

    @Test("per run on a fault LAN: status, ended by its deadline, peak RSS, and the fault a missed reason names")
    func tableNamesTheFault() throws {
        var document = SyntheticResults.document(strategies: ["netmonitor-2.0", "scanbench-best"])
        for index in document.runs.indices {
            document.runs[index].fixture = "fault-leave"
            document.runs[index].metrics.peakRssMb = 41.5
            if let device = document.runs[index].devices.firstIndex(where: \.discoverable) {
                document.runs[index].devices[device].found = false
                document.runs[index].devices[device].missedBecause =
                    "observed: 3 TCP connects; leave: away from the LAN 9.9-124.6 s after the switch's start (path-events.json) — inferred: no probed port answered; left the LAN (leave fault) while the scan probed it"
            }
        }
        document.runs[0].status = .hung
        let text = Report(document: document).markdown()
        #expect(text.contains(Self.heading))
        let probe = MarkdownProbe(text: text)
        let rows = probe.table(after: Self.heading, withColumn: "Ended by its deadline")
        #expect(rows.count == document.runs.count, "one row per run")
        #expect(rows.filter { $0.contains("no: hung") }.count == 1)
        #expect(rows.filter { $0.contains("yes") }.count == document.runs.count - 1)
        #expect(rows.allSatisfy { $0.contains("41.5") })
        #expect(
            rows.allSatisfy { row in row.contains { $0.contains("left the LAN (leave fault) while the scan probed it") }
            }
        )
        #expect(text.contains("1 not ok"))
    }

    @Test("a reason that names no fault says so and keeps its inferred part")
    func reasonWithoutFault() {
        #expect(
            Report.faultPart(of: "observed: no TCP connect to it — inferred: the strategy never addressed it")
                == "no fault named; inferred: the strategy never addressed it"
        )
        #expect(
            Report.faultPart(of: "observed: a; burst loss on the scanner's link (burst_loss: enter 2 %, exit 20 %)")
                == "burst loss on the scanner's link (burst_loss: enter 2 %, exit 20 %)"
        )
        #expect(
            Report.faultPart(
                of:
                    "observed: no TCP connect to it; hostile: its own answers were mdns oversized, http malformed (path-events.json) — inferred: its answers were hostile (mdns oversized, http malformed) and no probed port answered"
            )
                == "its answers were hostile (mdns oversized, http malformed) and no probed port answered; hostile: its own answers were mdns oversized, http malformed (path-events.json)"
        )
    }
}
