import Foundation

extension IdentityVocabulary {
    /// Apple's model identifiers (`iPhone15,2`, `MacBookPro18,3`, `Mac14,3`: family, then
    /// `major,minor`) as Apple Support's "Identify your … model" pages list them ("Model
    /// Identifier"); devices send them in `_device-info` TXT `model`, AirPlay TXT `model` and
    /// `/info`, RAOP TXT `am`, companion-link `rpMd`. The literal is the family.
    public static let appleModelFamilies = IdentityVocabulary(
        name: "apple-model-families",
        source: "Apple Support: Identify your iPhone / iPad / Apple TV / HomePod / Mac model (Model Identifier)",
        entries: [
            .init("iPhone", "phone"), .init("iPad", "tablet"), .init("AppleTV", "tv"),
            .init("AudioAccessory", "speaker"),
            .init("MacBookPro", "computer"), .init("MacBookAir", "computer"), .init("MacBook", "computer"),
            .init("Macmini", "computer"), .init("iMacPro", "computer"), .init("iMac", "computer"),
            .init("MacPro", "computer"),
            .init("Mac", "computer"),  // Macs since 2022 (Mac Studio Mac13,1 …)
        ]
    )

    /// The category of an Apple model identifier: a known family followed by `major,minor`.
    public static func appleModelCategory(_ modelID: String) -> String? {
        let id = modelID.trimmingCharacters(in: .whitespaces)
        guard let digit = id.firstIndex(where: \.isNumber) else { return nil }
        let version = id[digit...].split(separator: ",", omittingEmptySubsequences: false)
        guard version.count == 2, version.allSatisfy({ !$0.isEmpty && $0.allSatisfy(\.isNumber) }) else { return nil }
        let family = String(id[..<digit])
        return appleModelFamilies.entries.first { $0.literal == family }?.category
    }
}
