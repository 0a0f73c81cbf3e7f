/// A strategy that runs the TCP probe phase alone, with fixed timeouts, for tests that need many
/// plain connects and nothing else (platform costs, path waiting).
enum TCPOnlyStrategy {
    static func yaml(
        name: String,
        description: String,
        ports: [Int],
        timeoutMs: Int,
        hostConcurrency: Int,
        waitingPolicy: String? = nil
    ) -> String {
        """
        name: \(name)
        description: \(description)
        pipeline:
          steps:
            - {phases: [tcp_probe], concurrent: false}
        arp: {enabled: false}
        bonjour: {enabled: false}
        tcp:
          enabled: true
          host_concurrency: \(hostConcurrency)
          primary_ports: [\(ports.map(String.init).joined(separator: ", "))]
          secondary_ports: []
          timeouts: {mode: fixed, primary_ms: \(timeoutMs), secondary_ms: \(timeoutMs)}
        \(waitingPolicy.map { "  waiting_policy: \($0)" } ?? "")
        enrichment: {enabled: false}
        ssdp: {enabled: false}
        icmp: {enabled: false}
        ptr: {enabled: false}
        """
    }
}
