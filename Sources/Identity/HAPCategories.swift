import Foundation

extension IdentityVocabulary {
    /// HomeKit Accessory Protocol `ci` TXT key of `_hap._tcp` (required in every HAP accessory's
    /// record): the accessory category number. 1–23 and 28–32 from Apple's "HomeKit Accessory
    /// Protocol Specification (Non-Commercial Version)" R2, table "Accessory Categories"; 24–27
    /// and 33–36 are reserved there and named by HAP-NodeJS' `Categories`
    /// (https://github.com/homebridge/HAP-NodeJS, src/lib/Accessory.ts), which Apple's Home app
    /// shows alike. 1 (Other) names nothing and is left out.
    public static let hapCategories = IdentityVocabulary(
        name: "hap-categories",
        source: "HAP Specification R2 (Non-Commercial), Accessory Categories; HAP-NodeJS Categories for 24-27, 33-36",
        entries: [
            .init("2", "iot"), .init("3", "iot"), .init("4", "iot"), .init("5", "iot"), .init("6", "iot"),
            .init("7", "iot"),
            .init("8", "iot"), .init("9", "iot"), .init("10", "iot"), .init("11", "iot"), .init("12", "iot"),
            .init("13", "iot"),
            .init("14", "iot"), .init("15", "iot"), .init("16", "iot"),  // bridge … programmable switch, range extender
            .init("17", "camera"), .init("18", "camera"),  // IP camera, video doorbell
            .init("19", "iot"), .init("20", "iot"), .init("21", "iot"), .init("22", "iot"), .init("23", "iot"),  // air purifier … dehumidifier
            .init("24", "tv"), .init("25", "speaker"), .init("26", "speaker"), .init("27", "router"),  // Apple TV, HomePod, speaker, AirPort
            .init("28", "iot"), .init("29", "iot"), .init("30", "iot"), .init("32", "iot"),  // sprinkler, faucet, shower, remote
            .init("31", "tv"),  // television
            .init("33", "router"), .init("34", "speaker"), .init("35", "tv"), .init("36", "tv"),  // router, audio receiver, set-top box, stick
        ]
    )

    /// The category HAP `ci` value `text` names, nil for Other or an unknown number.
    public static func hapCategory(_ text: String) -> String? {
        hapCategories.entry(text.trimmingCharacters(in: .whitespaces))?.category
    }
}
