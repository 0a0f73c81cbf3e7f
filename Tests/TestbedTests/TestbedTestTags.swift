import Testing

extension Tag {
    /// Needs root and network namespaces (run in CI as root).
    @Tag static var integration: Self
}
