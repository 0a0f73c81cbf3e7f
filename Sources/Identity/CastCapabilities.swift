import Foundation

extension IdentityVocabulary {
    /// Google Cast `_googlecast._tcp` TXT `ca`: the receiver's capability bits, as Google's own
    /// Cast sender code reads them (Chromium, components/media_router/common/providers/cast/channel/
    /// cast_device_capability.h: bit 0 video out, 1 video in, 2 audio out, 3 audio in, 4 dev mode,
    /// 5 multizone group; openscreen cast/common/discovery reads `ca` into them). A receiver with
    /// video out renders to a screen (a TV or a stick behind one); one with audio out and no video
    /// out is a speaker. Literals are the bit names, not numbers any device sends.
    public static let castCapabilities = IdentityVocabulary(
        name: "cast-capabilities",
        source: "Chromium cast_device_capability.h (CastDeviceCapability bits); openscreen cast discovery TXT 'ca'",
        entries: [.init("video_out", "tv"), .init("audio_out", "speaker")])

    /// The category a Cast `ca` value names: video out → tv, else audio out → speaker; nil when
    /// it is no number or has neither bit.
    public static func castCategory(_ text: String) -> String? {
        guard let bits = Int(text.trimmingCharacters(in: .whitespaces)), bits >= 0 else { return nil }
        if bits & 1 != 0 { return castCapabilities.entry("video_out")?.category }
        if bits & 4 != 0 { return castCapabilities.entry("audio_out")?.category }
        return nil
    }
}
