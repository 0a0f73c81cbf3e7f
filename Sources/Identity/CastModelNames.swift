import Foundation

extension IdentityVocabulary {
    /// Google Cast `_googlecast._tcp` TXT `md`: the receiver's model name, as Google's own devices
    /// announce it. openscreen's Cast discovery reads `md` as the model name; Google publishes no
    /// list, so each literal is a value seen in public `avahi-browse` / mDNS dumps of real devices on
    /// GitHub (with the `ca` they announced alongside): "Chromecast" (ca 4101, 201221),
    /// "Chromecast Ultra" (4101, 200709), "Chromecast Audio", "Google Home", "Google Home Mini" (2052,
    /// 198660, 199172), "Google Nest Mini" (4, 199172), "Nest Audio" (199428), "Google Nest Hub"
    /// (231941, 233477). Only Google's own names: a TV with Cast built in announces its maker's
    /// model number (`md=TPM191E`), which no table here names.
    ///
    /// The category is the product's function as Google sells it: the Chromecasts play video on the
    /// TV they plug into (tv); Chromecast Audio, the Home / Nest speakers and the Nest Hub are Google's
    /// "speakers and displays", voice assistants (speaker) — the Nest Hub has a screen and announces
    /// video out, yet it is no TV (docs/FIXTURES.md, "Categories": a smart display is a speaker).
    /// Exact names, case-insensitively: "Google Nest Hub Max" or a new model is in no entry until a
    /// public dump shows what it sends.
    public static let castModelNames = IdentityVocabulary(
        name: "cast-model-names",
        source:
            "Google Cast TXT 'md' (openscreen cast discovery: model name) as real devices announce it in public avahi-browse dumps on GitHub",
        entries: [
            .init("Chromecast", "tv"), .init("Chromecast Ultra", "tv"), .init("Chromecast Audio", "speaker"),
            .init("Google Home", "speaker"), .init("Google Home Mini", "speaker"), .init("Google Nest Mini", "speaker"),
            .init("Nest Audio", "speaker"), .init("Google Nest Hub", "speaker"),
        ]
    )

    /// The category a Cast `md` value names, when it is one of `castModelNames`.
    public static func castModelCategory(_ text: String) -> String? {
        castModelNames.entry(text.trimmingCharacters(in: .whitespaces))?.category
    }
}
