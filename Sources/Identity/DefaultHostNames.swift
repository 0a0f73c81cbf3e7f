import Foundation

extension IdentityVocabulary {
    /// Host names devices give themselves until someone renames them, matched at `-` boundaries
    /// of the normalised name; a literal ending in `-` is a prefix (`DESKTOP-K3J9QX2`).
    public static let defaultHostNames = IdentityVocabulary(
        name: "default-host-names",
        source:
            "Apple Support (device name in Settings › General › About); Microsoft Windows setup; Raspberry Pi OS docs; ESP-IDF; AOSP",
        entries: [
            // Apple: "<Owner>'s iPhone" and the like, the default device name, becomes the host name.
            .init("iphone", "phone"), .init("ipad", "tablet"), .init("macbook", "computer"),
            .init("macbook-pro", "computer"),
            .init("macbook-air", "computer"), .init("imac", "computer"), .init("mac-mini", "computer"),
            .init("mac-studio", "computer"),
            .init("mac-pro", "computer"), .init("apple-tv", "tv"), .init("appletv", "tv"), .init("homepod", "speaker"),
            // AOSP ≤ 7: DHCP host name "android-<ANDROID_ID hex>" (net.hostname); phones and tablets alike.
            .init("android-", "phone", .suggests),
            // Microsoft: Windows setup names a PC "DESKTOP-" or "LAPTOP-" plus random characters.
            .init("desktop-", "computer"), .init("laptop-", "computer"),
            // Raspberry Pi OS: default host name "raspberrypi" (Raspberry Pi documentation, Configuration).
            .init("raspberrypi", "computer"),
            // ESP-IDF: lwIP default host name "espressif"; Arduino-ESP32 "esp32-<MAC>".
            .init("espressif", "iot"), .init("esp32-", "iot"),
        ]
    )

    /// The entry `hostname` matches: lower case, `_` as `-`, the domain cut; a prefix entry
    /// matches the start (or the whole name without its `-`), any other a `-`-bounded part.
    public static func hostNameEntry(_ hostname: String) -> Entry? {
        let name = (hostname.split(separator: ".").first.map(String.init) ?? hostname).lowercased()
            .replacingOccurrences(of: "_", with: "-")
        let bounded = "-" + name + "-"
        return defaultHostNames.entries.first { entry in
            let literal = entry.literal.lowercased()
            if literal.hasSuffix("-") { return name.hasPrefix(literal) || name + "-" == literal }
            return bounded.contains("-" + literal + "-")
        }
    }
}
