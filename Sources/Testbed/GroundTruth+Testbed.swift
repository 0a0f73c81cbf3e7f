import Fixture

/// The ground truth of a testbed this runtime built or would build: the model's truth with the
/// namespace names and router hops of the plan.
extension GroundTruth {
    public init(state: TestbedState) {
        self.init(fixture: state.fixture, fixturePath: state.fixturePath, plan: state.plan)
    }

    /// The truth of `fixture` as a testbed with `plan`'s names would serve it.
    public init(fixture: Fixture, fixturePath: String, plan: TestbedPlan) {
        let names = plan.names
        self.init(
            fixture: fixture,
            fixturePath: fixturePath,
            testbedID: names.id,
            scannerNamespace: names.scannerNamespace,
            routers: plan.routerHops,
            deviceNamespace: names.deviceNamespace
        )
    }
}
