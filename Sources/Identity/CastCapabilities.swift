import Foundation

extension IdentityVocabulary {
    /// Google Cast `_googlecast._tcp` TXT `ca`: the receiver's capability bits, as Google's own
    /// Cast sender code reads them (Chromium, components/media_router/common/providers/cast/channel/
    /// cast_device_capability.h: bit 0 video out, 1 video in, 2 audio out, 3 audio in, 4 dev mode,
    /// 5 multizone group; openscreen cast/common/discovery reads `ca` into them). A receiver with
    /// audio out and no video out has no screen: a speaker (determines). Video out only *suggests*
    /// tv: TVs and Chromecasts set it, and so do smart displays — real Google Nest Hubs announce
    /// `ca=231941` and `ca=233477` (bits 0 and 2) in public avahi dumps — which are speakers here
    /// (`castModelNames`). Literals are the bit names, not numbers any device sends.
    public static let castCapabilities = IdentityVocabulary(
        name: "cast-capabilities",
        source: "Chromium cast_device_capability.h (CastDeviceCapability bits); openscreen cast discovery TXT 'ca'",
        entries: [.init("video_out", "tv", .suggests), .init("audio_out", "speaker")]
    )

    /// The entry a Cast `ca` value names: video out (suggests tv), else audio out (determines
    /// speaker); nil when it is no number or has neither bit.
    public static func castCapability(_ text: String) -> Entry? {
        guard let bits = Int(text.trimmingCharacters(in: .whitespaces)), bits >= 0 else { return nil }
        if bits & 1 != 0 { return castCapabilities.entry("video_out") }
        if bits & 4 != 0 { return castCapabilities.entry("audio_out") }
        return nil
    }
}
