import CaptureFiles
import Wire

extension WLANSummary {
    /// The transmitters table `scanbench analyze` prints for an 802.11 capture (the busiest
    /// `limit`), and the frames without a transmitter.
    public func textReport(limit: Int = 20) -> String {
        var lines = [
            "802.11 transmitters (wlan.ta; airtime measured from each frame's PHY rate)",
            "station                 frames      bytes  retries  airtime ms  untimed  doze periods",
        ]
        for tally in stations.prefix(limit) + [withoutTransmitter] where tally.frames > 0 {
            lines.append(
                WireAnalysis.pad(tally.address, 20) + WireAnalysis.lpad("\(tally.frames)", 10)
                    + WireAnalysis.lpad("\(tally.bytes)", 11) + WireAnalysis.lpad("\(tally.retries)", 9)
                    + WireAnalysis.lpad(WireAnalysis.ms(tally.airtimeNs), 12)
                    + WireAnalysis.lpad("\(tally.untimedFrames)", 9)
                    + WireAnalysis.lpad("\(tally.powerSave.dozePeriods)", 14)
            )
        }
        if stations.count > limit { lines.append("(\(stations.count - limit) more; --json lists all)") }
        if undecodable > 0 { lines.append("\(undecodable) frames with a broken radio or MAC header (no transmitter)") }
        return lines.joined(separator: "\n")
    }
}

extension StationTally {
    /// What `scanbench analyze --station MAC` prints: airtime, frames by kind and subtype, doze
    /// and awake periods and the radio-on time they imply.
    public func stationReport() -> String {
        var lines = [
            "Station \(address): \(frames) frames, \(bytes) bytes captured (\(mpduBytes) on the air), \(retries) retries"
        ]
        lines.append(
            "airtime (measured from PHY rates): \(WireAnalysis.ms(airtimeNs)) ms over \(timedFrames) frames"
                + airtimeByPHYNs.sorted { $0.key < $1.key }.map { " \($0.key) \(WireAnalysis.ms($0.value)) ms" }.joined(
                    separator: ","
                )
        )
        if untimedFrames > 0 {
            lines.append(
                "\(untimedFrames) frames without a rate in their radio header: not timed; their Duration/ID fields "
                    + "reserve \(WireAnalysis.ms(untimedDurationFieldNs)) ms after them (a stand-in, not their airtime)"
            )
        }
        lines.append(
            "frames by kind: "
                + framesByKind.sorted { $0.key < $1.key }.map { "\($0.key) \($0.value)" }.joined(separator: ", ")
        )
        lines.append(
            "frames by subtype: "
                + framesBySubtype.sorted { $0.key < $1.key }.map { "\($0.key) \($0.value)" }.joined(separator: ", ")
        )
        let ps = powerSave
        lines.append(
            "power save: \(ps.dozePeriods) doze periods, dozing \(WireAnalysis.ms(ps.dozingNs)) ms"
                + (ps.dozingAtEnd ? " (dozing at the capture's end)" : "")
        )
        lines.append(
            "radio on (first frame to capture end, less doze periods; an upper bound): \(WireAnalysis.ms(ps.awakeNs)) ms"
        )
        for period in ps.periods.prefix(20) {
            lines.append("  doze \(period.start) → \(period.end) ns (\(WireAnalysis.ms(period.end - period.start)) ms)")
        }
        if ps.periods.count > 20 {
            lines.append("  (\(ps.periods.count - 20) more periods; --json lists up to \(PowerSaveTimeline.listed))")
        }
        return lines.joined(separator: "\n")
    }
}
