import AppContract
import ScanKit
import Wire
import AppInputs

// A strategy's classify step (`Strategy.Classify`) as a sweep: what `scanbench-app` runs in-process
// after its session and what `scanbench probe --from-scan` runs with the same knobs as flags.

extension ProbeSweep {
    /// The sweep `classify` describes for `deep_probe: own` (classify-only probes, the strategy's
    /// ports, windows, timeout and host concurrency), with `findings` reused when it says so and
    /// every TCP connect holding `slot`.
    public static func classifying(
        _ classify: Strategy.Classify,
        findings: ScanFindings,
        slot: ConnectionSlot = .none
    ) -> ProbeSweep {
        var prober = DeviceProber(
            timeout: Double(classify.timeoutMs) / 1000,
            topPorts: classify.topPorts,
            classifyOnly: classify.probe == .connect
        )
        if classify.probe == .deep {
            prober.upnpPaths = DeviceProber.homeNetUPnPPaths
            prober.wifiLatencyMs = Double(classify.wifiLatencyMs)
        }
        prober.extraPorts = classify.ports.compactMap { UInt16(exactly: $0) }
        prober.marksGateway = classify.gatewayFlag
        prober.slot = slot
        let ssdp = classify.ssdpWindowMs > 0 ? SSDPSearch(listening: Double(classify.ssdpWindowMs) / 1000) : nil
        var sweep = ProbeSweep(prober: prober, bonjourWindow: Double(classify.bonjourWindowMs) / 1000, ssdp: ssdp)
        sweep.hostConcurrency = classify.hostConcurrency
        if classify.reuseScan { sweep.findings = findings }
        return sweep
    }

    /// The signals of devices nobody probed (`deep_probe: none`): the gateway flag (from the
    /// routing table, when asked) and the services the scan resolved; `ProbedScanReport` adds the
    /// scan's name, MAC and open ports.
    public static func unprobed(_ ips: [IPv4Address], findings: ScanFindings, marksGateway: Bool) -> [DeviceSignals] {
        let gateway = marksGateway ? LinuxNetworkInfo.defaultGateway() : nil
        return ips.map { ip in
            var signals = DeviceSignals(ip: ip.description)
            signals.isGateway = gateway == ip
            reuse(findings.devices[ip.description]?.services ?? [], into: &signals)
            return signals
        }
    }
}
