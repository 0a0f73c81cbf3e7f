import Fixture

/// The device table `testbed up` and `testbed status` print.
enum DeviceTable {
    static func render(_ truth: GroundTruth) -> String {
        var rows: [[String]] = [
            ["DEVICE", "IP", "MAC", "CATEGORY", "HOSTNAME", "OPEN TCP", "TCP DEFAULT", "LINK", "ARP", "SERVICES"]
        ]
        for entry in truth.devices {
            let device = entry.device
            var link = ""
            if let l = device.link {
                link = "\(format(l.delayMs ?? 0))ms"
                if let j = l.jitterMs, j > 0 { link += "±\(format(j))" }
                if let loss = l.lossPercent, loss > 0 { link += " \(format(loss))%loss" }
                if l.burstLoss != nil { link += " burst" }
            }
            var arp = ""
            if let a = device.arp {
                if let d = a.replyDelayMs, d > 0 { arp += "+\(format(d))ms" }
                if let p = a.replyProbability, p < 1 { arp += (arp.isEmpty ? "" : " ") + "p=\(format(p))" }
            }
            var services: [String] = (device.mdns ?? []).map(\.type)
            if device.ssdp != nil { services.append("ssdp") }
            if !device.answersEcho { services.append("no-icmp") }
            rows.append([
                device.name, "\(device.ip)", "\(device.mac)", device.category.rawValue, device.hostname ?? "-",
                entry.tcpOpen.map(String.init).joined(separator: ","), entry.tcpDefault.rawValue,
                link.isEmpty ? "-" : link, arp.isEmpty ? "-" : arp,
                services.isEmpty ? "-" : services.joined(separator: " "),
            ])
        }
        return
            "\(truth.fixture): \(truth.devices.count) devices on \(truth.subnet), gateway \(truth.gateway), scanner \(truth.scanner.ip)\n"
            + ColumnText.render(rows)
    }

    static func format(_ value: Double) -> String {
        value == value.rounded() ? String(Int(value)) : String(value)
    }
}
