extension IdentityVocabulary {
    /// DNS-SD TXT keys whose values the other tables read, each defined by its protocol's
    /// specification: `model` (`_device-info`, Apple; AirPlay receivers), `am` (RAOP), `rpMd`
    /// (Apple companion link), `ci` (HAP R2 §6.4, required), `ca` and `md` (Google Cast: capabilities and
    /// model name, Chromium's and openscreen's discovery). A key names no category itself (`category` empty).
    public static let txtKeys = IdentityVocabulary(
        name: "txt-keys",
        source:
            "RFC 6763 §6 key=value; AirPlay service discovery (openairplay.github.io/airplay-spec); HAP R2 §6.4; Chromium/openscreen Cast discovery",
        entries: [
            .init("model", ""), .init("am", ""), .init("rpMd", ""), .init("ci", ""), .init("ca", ""), .init("md", ""),
        ]
    )
}
