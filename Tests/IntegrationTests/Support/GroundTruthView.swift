import Foundation

/// Typed accessors over `testbed status --json`, for the assertions.
struct TruthDevice {
    let raw: [String: Any]
    var device: [String: Any] { raw["device"] as? [String: Any] ?? [:] }
    var name: String { device["name"] as? String ?? "" }
    var ip: String { device["ip"] as? String ?? "" }
    var hostname: String? { device["hostname"] as? String }
    var fqdn: String? { raw["fqdn"] as? String }
    var tcpOpen: [Int] { raw["tcp_open"] as? [Int] ?? [] }
    var tcpClosed: [Int] { raw["tcp_closed"] as? [Int] ?? [] }
    var tcpFiltered: [Int] { raw["tcp_filtered"] as? [Int] ?? [] }
    var tcpDefault: String { raw["tcp_default"] as? String ?? "closed" }
    var arpProbability: Double { (device["arp"] as? [String: Any])?["reply_probability"] as? Double ?? 1 }
    var lossPercent: Double { (device["link"] as? [String: Any])?["loss_percent"] as? Double ?? 0 }
    var mdns: [(type: String, instance: String, port: Int)] {
        (device["mdns"] as? [[String: Any]] ?? []).map {
            ($0["type"] as? String ?? "", $0["instance"] as? String ?? "", $0["port"] as? Int ?? 0)
        }
    }
    var ssdp: [String: Any]? { device["ssdp"] as? [String: Any] }

    /// The state a connect scan must report for `port`.
    func expectedState(_ port: Int) -> String {
        if tcpOpen.contains(port) { return "open" }
        if tcpClosed.contains(port) { return "closed" }
        if tcpFiltered.contains(port) { return "filtered" }
        return tcpDefault
    }
}

extension LiveTestbed {
    var truthDevices: [TruthDevice] { devices.map(TruthDevice.init(raw:)) }
}
