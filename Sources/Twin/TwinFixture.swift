import Fixture

/// A derived twin: the fixture, and the comment block that says where each part came from and
/// what the capture could not show (left out, never invented).
public struct TwinFixture: Sendable {
    public var fixture: Fixture
    /// How the network, gateway and scanner were chosen.
    public var reasoning: [String]
    /// What is not in the fixture, or is there only because the schema needs it, and why.
    public var leftOut: [String]
    /// Whether the capture was a survey, and what it could not see (`SurveyCheck.headerLines`).
    public var survey: [String] = []

    /// The fixture as YAML, the comment block first (`FixtureYAMLWriter`, as `fixture generate`).
    public func yaml(command: String) -> String {
        var header = ["Twin fixture derived from a capture: \(command)", ""]
        header += ["How it was read:"] + reasoning.map { "  - \($0)" } + [""]
        if !survey.isEmpty {
            header += ["Survey check (docs/REAL-DEVICES.md, \"The survey\"): " + survey[0]]
            header += survey.dropFirst().map { "  - \($0)" } + [""]
        }
        header += ["Not in the capture, so left out (or, where marked, filled only because the schema needs it):"]
        header += leftOut.isEmpty ? ["  - nothing"] : leftOut.map { "  - \($0)" }
        return FixtureYAMLWriter.yaml(fixture, header: header)
    }
}
