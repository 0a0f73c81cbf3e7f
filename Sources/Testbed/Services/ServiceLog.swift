#if canImport(Glibc)
import Glibc
#endif

/// One-line diagnostics from the device services, written to standard error (the testbed
/// collects each agent's stderr).
enum ServiceLog {
    static func write(_ message: String) {
        let line = "scanbench-agent: \(message)\n"
        _ = line.utf8CString.withUnsafeBufferPointer { Glibc.write(2, $0.baseAddress, $0.count - 1) }
    }
}
