import TestbedPlatform
/// One-line diagnostics from the device services, written to standard error (the testbed
/// collects each agent's stderr).
enum ServiceLog {
    static func write(_ message: String) {
        let line = "scanbench-agent: \(message)\n"
        ProcessControl.writeStandardError(line)
    }
}
