import Foundation
import Wire

/// A small built-in OUI → vendor table (as NetMonitor's ~149 entries: the vendors of common
/// home devices). Locally administered (randomised) MACs have no vendor.
public enum VendorTable {
    static let table: [String: String] = [
        "3C:22:FB": "Apple", "F0:18:98": "Apple", "A4:83:E7": "Apple", "88:66:5A": "Apple", "14:98:77": "Apple", "D0:81:7A": "Apple",
        "90:DD:5D": "Apple", "48:A6:B8": "Sonos", "5C:AA:FD": "Sonos", "F4:F5:D8": "Google", "8C:79:F5": "Samsung Electronics",
        "A8:23:FE": "LG Electronics", "3C:D9:2B": "Hewlett Packard", "90:09:D0": "Synology", "DC:A6:32": "Raspberry Pi",
        "B8:27:EB": "Raspberry Pi", "C0:56:E3": "Hikvision", "00:D9:D1": "Sony Interactive Entertainment", "98:B6:E9": "Nintendo",
        "EC:B5:FA": "Signify (Philips Lighting)", "D0:73:D5": "LIFX", "D8:1F:12": "Tuya Smart", "A4:CF:12": "Espressif",
        "84:0D:8E": "Espressif", "54:EF:44": "Lumi United (Aqara)", "14:91:82": "Belkin International", "44:65:0D": "Amazon Technologies",
        "3C:A6:2F": "AVM", "F8:BC:12": "Dell", "8C:16:45": "Lenovo", "00:1B:63": "Apple", "AC:DE:48": "Apple",
    ]

    /// The vendor of `mac`, nil when unknown or locally administered.
    public static func vendor(_ mac: MACAddress) -> String? {
        guard mac.bytes.0 & 0x02 == 0 else { return nil }
        let prefix = mac.array.prefix(3).map { String(format: "%02X", $0) }.joined(separator: ":")
        return table[prefix]
    }
}
