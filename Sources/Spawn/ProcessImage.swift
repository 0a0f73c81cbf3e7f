import Glibc

/// This process replaced by another program (`execv`), for commands that hand a program the
/// terminal and their exit status instead of running it as a child (`scanbench app`).
public enum ProcessImage {
    /// Runs `arguments` in place of this process; `arguments[0]` is the program's absolute path.
    /// - Throws: `SpawnError` when the program cannot be executed (on success it never returns).
    public static func replace(with arguments: [String]) throws(SpawnError) -> Never {
        var cArguments = arguments.map { strdup($0) } + [nil]
        execv(arguments[0], &cArguments)
        let reason = String(cString: strerror(errno))
        throw SpawnError("cannot run \(arguments[0]): \(reason)", fix: "check that it exists and is executable")
    }
}
