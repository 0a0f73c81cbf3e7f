import Glibc

/// The machine a run happened on, for results.json's environment and the perf counters' CPUs.
public enum MachineInfo {
    /// The kernel release (`uname -r`).
    public static var kernelRelease: String {
        var name = utsname()
        uname(&name)
        return withUnsafeBytes(of: &name.release) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
    }

    /// CPUs online now (at least 1).
    public static var onlineCPUs: Int { max(1, sysconf(Int32(_SC_NPROCESSORS_ONLN))) }
}
