/// Picks the testbed a command means: the one given by `--id`, or the only one that is up.
public enum TestbedSelection {
    /// - Throws: `TestbedError` when none or several are up and no id was given.
    public static func choose(id: String?) throws -> TestbedState {
        if let id {
            guard let state = TestbedState.load(id: id) else {
                throw TestbedError("no testbed with id '\(id)' is up", fix: "list them with 'scanbench testbed status'")
            }
            return state
        }
        let states = TestbedState.allIDs().compactMap(TestbedState.load(id:))
        switch states.count {
        case 0:
            throw TestbedError("no testbed is up", fix: "start one with 'scanbench testbed up --detach'")
        case 1:
            return states[0]
        default:
            throw TestbedError(
                "\(states.count) testbeds are up (\(states.map(\.id).joined(separator: ", ")))",
                fix: "choose one with --id"
            )
        }
    }
}
