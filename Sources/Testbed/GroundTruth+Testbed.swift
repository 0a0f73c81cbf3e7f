import Fixture
import Wire

/// The ground truth of a testbed this runtime built or would build: the model's truth with the
/// namespace names and router hops of the plan.
extension GroundTruth {
    public init(state: TestbedState) {
        self.init(
            fixture: state.fixture,
            fixturePath: state.fixturePath,
            plan: state.plan,
            returnAddresses: state.fixture.returnAddresses(seed: state.seed)
        )
    }

    /// The truth of `fixture` as a testbed with `plan`'s names would serve it; `returnAddresses`:
    /// where devices whose `leave` has `new_address` come back (drawn from the testbed's seed).
    public init(
        fixture: Fixture,
        fixturePath: String,
        plan: TestbedPlan,
        returnAddresses: [String: IPv4Address] = [:]
    ) {
        let names = plan.names
        self.init(
            fixture: fixture,
            fixturePath: fixturePath,
            testbedID: names.id,
            scannerNamespace: names.scannerNamespace,
            routers: plan.routerHops,
            deviceNamespace: names.deviceNamespace,
            returnAddresses: returnAddresses
        )
    }
}
