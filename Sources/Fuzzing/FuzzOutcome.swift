/// What a parser did with one fuzz input. A trap is not an outcome: it kills the process, and
/// `CrashRecorder` keeps the input.
public enum FuzzOutcome: Sendable, Equatable {
    /// Parsed (and, where the parser has an encoder, re-encoded without complaint).
    case accepted
    /// Refused with the parser's own typed error, or a nil / empty result for text parsers that
    /// never throw.
    case rejected
    /// Refused with an error of another type, or a decoded value that does not survive its own
    /// round trip: a parser bug the campaign reports (never silently counted as rejected).
    case failed(String)
}
