import Results
import Statistics

extension Report {
    /// Reference tools measured in the same testbeds.
    func peersSection() -> String {
        var keys: [[String]] = []
        for peer in document.peers where !keys.contains([peer.fixture, peer.tool]) {
            keys.append([peer.fixture, peer.tool])
        }
        var table = MarkdownTable([
            ("Tool", .left), ("Fixture", .left), ("Runs", .right), ("Found / discoverable", .right),
            ("Duration [s]", .right), ("Packets", .right), ("TCP SYNs", .right),
        ])
        for key in keys {
            let rows = document.peers.filter { $0.fixture == key[0] && $0.tool == key[1] }
            func median(_ values: [Double]) -> Double? { SampleSummary(values)?.median }
            let discoverable = median(rows.map { Double($0.discoverable) }) ?? 0
            // A tool that failed is "not measured" (with its reason), never a median of zeros.
            let found =
                median(rows.compactMap { $0.found.map(Double.init) }).map {
                    yieldText(found: $0, discoverable: discoverable)
                }
                ?? "not measured: " + (rows.compactMap(\.notMeasured).first ?? "no figure")
            table.add([
                Inline.code(key[1]), Inline.code(key[0]), "\(rows.count)", found,
                NumberFormat.decimal(median(rows.map(\.durationS)) ?? 0, digits: 1),
                median(rows.compactMap { $0.packets.map(Double.init) }).map { NumberFormat.decimal($0, digits: 0) }
                    ?? "not measured",
                median(rows.compactMap { $0.tcpSyn.map(Double.init) }).map { NumberFormat.decimal($0, digits: 0) }
                    ?? "not measured",
            ])
        }
        return "## Peer tools\n\nWell-known scanners run in the same testbed, for scale (medians over repetitions).\n\n"
            + table.render()
    }
}
