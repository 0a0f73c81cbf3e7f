import Spawn

extension SpawnError {
    /// As a tool error, for a helper program (`openssl`) that could not be started.
    func toolError(running arguments: [String]) -> NetToolError {
        .system("cannot run \(arguments[0]): \(message) (\(fix))")
    }
}
