import Testing

/// A suite trait that brings one testbed up before the suite's first test and down after its
/// last, so the suite's tests share it (``LiveTestbed/shared``) instead of paying `testbed up`
/// each. Use with `.serialized`: the tests then never overlap on the shared LAN.
struct SharedTestbed: SuiteTrait, TestScoping {
    /// The fixture to bring up (a built-in name or a path).
    let fixture: String

    /// The testbed of the suite running now.
    @TaskLocal static var current: LiveTestbed?

    func provideScope(
        for test: Test,
        testCase: Test.Case?,
        performing function: @Sendable () async throws -> Void
    ) async throws {
        let testbed = try LiveTestbed.up(fixture)
        defer { testbed.down() }
        try await Self.$current.withValue(testbed) { try await function() }
    }
}

extension Trait where Self == SharedTestbed {
    /// Runs the suite's tests on one shared testbed of `fixture`.
    static func sharedTestbed(_ fixture: String) -> Self { SharedTestbed(fixture: fixture) }
}

extension LiveTestbed {
    /// The testbed `.sharedTestbed(…)` brought up for the running suite.
    /// - Throws: `LiveTestbedError` outside such a suite.
    static var shared: LiveTestbed {
        get throws {
            guard let testbed = SharedTestbed.current else {
                throw LiveTestbedError(message: "no shared testbed: add .sharedTestbed(FIXTURE) to the suite")
            }
            return testbed
        }
    }
}
