import CaptureFiles

extension WireAnalysis {
    /// The power-save timeouts the sweep prints, ms: the assumption's range and its default
    /// (`AirtimeModel.powerSaveTimeoutNs`).
    public static let sweptPowerSaveTimeoutsMs: [Int64] = [50, 200, 1_000]

    /// What `scanbench analyze --scanner IP --airtime-sweep` prints: the airtime and radio-on
    /// estimates under every preset PHY (`AirtimeModel.presets`) and power-save timeout, so a
    /// reader sees how far the model's assumptions move them. Nil without a given scanner.
    public func airtimeSweepReport() -> String? {
        guard airtime != nil else { return nil }
        let timeouts = Self.sweptPowerSaveTimeoutsMs
        var lines = [
            "airtime (estimate, docs/METRICS.md#airtime-estimate): the scanner's frames as 802.11 exchanges",
            WireAnalysis.pad("model", 22) + WireAnalysis.lpad("airtime ms", 12) + WireAnalysis.lpad("sent ms", 10)
                + timeouts.map { WireAnalysis.lpad("on s @\($0) ms", 15) }.joined(),
        ]
        for preset in AirtimeModel.presets {
            guard let base = airtimeEstimate(model: preset) else { continue }
            var line =
                WireAnalysis.pad(preset.name + (preset == .standard ? "*" : ""), 22)
                + WireAnalysis.lpad(WireAnalysis.ms(base.airtimeNs), 12)
                + WireAnalysis.lpad(WireAnalysis.ms(base.sentNs), 10)
            for timeout in timeouts {
                var model = preset
                model.powerSaveTimeoutNs = timeout * 1_000_000
                let on = airtimeEstimate(model: model)?.radioOnNs ?? 0
                line += WireAnalysis.lpad(WireAnalysis.seconds(on), 15)
            }
            lines.append(line)
        }
        lines.append("* the model results.json records (wire.airtime_ms_est, wire.radio_on_s_est at 200 ms)")
        return lines.joined(separator: "\n")
    }
}
