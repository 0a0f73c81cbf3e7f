import Foundation
import Testing

/// libc is called from the platform modules only (Platform, TestbedPlatform, Spawn and the C
/// shims; docs/ARCHITECTURE.md "Where libc is called"): everything else goes through their
/// wrappers, so a syscall has one place, one error type and one test. Read from the sources.
///
/// What it catches: `import Glibc`/`Musl`/`Darwin`, a `Glibc.` qualified name, and a call of a
/// listed libc function as a free function (`getpid()`, `fopen(…)`, `usleep(…)` …), outside
/// comments and string literals, in a file that declares no function or closure parameter of that name.
/// What it cannot: Foundation re-exports most of Glibc, so a libc function not in the list, a
/// call spelled `Foundation.name(…)`, one through a function pointer, and the names Swift code
/// also uses for methods (`read`, `write`, `open`, `close`, `exit`) pass unseen — review them.
@Suite("libc boundary")
struct LibcBoundaryTests {
    static let sources = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Sources")
    /// The modules whose job is to call the system.
    static let platformModules: Set = ["Platform", "TestbedPlatform", "Spawn", "CPlatform", "CTestbedShims", "CPcap"]
    static let libcFunctions = [
        "getpid", "geteuid", "getuid", "kill", "usleep", "sleep", "nanosleep", "execv", "execvp", "fork", "dlopen",
        "dlsym",
        "uname", "sysconf", "mkdir", "stat", "lstat", "fopen", "fread", "fwrite", "fclose", "fflush", "setvbuf",
        "strerror",
        "strdup", "socket", "bind", "connect", "sendto", "recvfrom", "recvmsg", "ioctl", "poll", "ppoll", "pipe",
        "dup2",
        "malloc", "free", "signal", "sigaction", "prctl", "setns", "getifaddrs", "getaddrinfo", "setsockopt",
        "posix_spawn",
        "waitpid", "wait4", "clock_gettime",
    ]

    static let libc = Set(libcFunctions)

    /// The names called as free functions in `line`: an identifier not after a `.`, then `(`.
    static func freeCalls(in line: String) -> [String] {
        let bytes = Array(line.utf8)
        func isIdentifier(_ byte: UInt8) -> Bool {
            byte == 95 || (48...57).contains(byte) || (65...90).contains(byte) || (97...122).contains(byte)
        }
        var names: [String] = []
        var index = 0
        while index < bytes.count {
            guard isIdentifier(bytes[index]) else { index += 1; continue }
            let start = index
            while index < bytes.count, isIdentifier(bytes[index]) { index += 1 }
            var next = index
            while next < bytes.count, bytes[next] == 32 { next += 1 }
            if next < bytes.count, bytes[next] == 40, start == 0 || bytes[start - 1] != 46 {
                names.append(String(decoding: bytes[start..<index], as: UTF8.self))
            }
        }
        return names
    }

    /// Each Swift file outside the platform modules, as (path under Sources, text).
    static func files() throws -> [(path: String, text: String)] {
        guard let walker = FileManager.default.enumerator(atPath: sources.path) else { return [] }
        var found: [(String, String)] = []
        for case let path as String in walker where path.hasSuffix(".swift") {
            guard let module = path.split(separator: "/").first, !platformModules.contains(String(module)) else {
                continue
            }
            found.append((path, try String(contentsOfFile: sources.appendingPathComponent(path).path, encoding: .utf8)))
        }
        return found
    }

    /// `line` without its comment and string literals (single-line ones: enough for a call site).
    static func code(_ line: Substring) -> String {
        var code: [UInt8] = [], inString = false, escaped = false
        for byte in line.utf8 {
            if inString {
                if escaped {
                    escaped = false
                } else if byte == 92 {
                    escaped = true
                } else if byte == 34 {
                    inString = false; code.append(34)
                }
                continue
            }
            if byte == 47, code.last == 47 { code.removeLast(); break }  // "//"
            if byte == 34 { inString = true }
            code.append(byte)
        }
        return String(decoding: code, as: UTF8.self)
    }

    /// The libc uses in `text`, as "line: what".
    static func violations(in text: String) -> [String] {
        var found: [(line: Int, what: String, call: String?)] = []
        var inBlockString = false
        let tripleQuote = Array("\"\"\"".utf8), qualified = Array("Glibc.".utf8)
        for (index, raw) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            if raw.utf8.firstRange(of: tripleQuote) != nil { inBlockString.toggle(); continue }
            guard !inBlockString else { continue }
            let line = code(raw)
            let trimmed = line.drop { $0 == " " }
            if ["import Glibc", "import Musl", "import Darwin"].contains(where: { trimmed.hasPrefix($0) })
                || line.utf8.firstRange(of: qualified) != nil
            {
                found.append((index + 1, String(trimmed), nil))
            } else if let name = freeCalls(in: line).first(where: { libc.contains($0) }) {
                found.append((index + 1, name + "(", name))
            }
        }
        // A function or closure parameter of the file's own by that name is not libc's.
        func declared(_ name: String) -> Bool {
            ["func \(name)(", "func \(name)<", "\(name): (", "\(name): @"].contains {
                text.utf8.firstRange(of: Array($0.utf8)) != nil
            }
        }
        return found.filter { $0.call.map { !declared($0) } ?? true }.map { "\($0.line): \($0.what)" }
    }

    @Test("no module outside the platform layer imports or calls libc directly")
    func libcOnlyInPlatformModules() throws {
        let files = try Self.files()
        #expect(files.count > 300, "Sources not found at \(Self.sources.path)")
        let bad = files.flatMap { file in Self.violations(in: file.text).map { "\(file.path):\($0)" } }
        #expect(
            bad.isEmpty,
            "libc outside the platform modules (use a wrapper in Platform or TestbedPlatform):\n\(bad.joined(separator: "\n"))"
        )
    }

    @Test("the check sees an import, a qualified name and a free call, and not comments, strings or own methods")
    func detector() {
        #expect(Self.violations(in: "import Glibc\nlet x = 1").count == 1)
        #expect(Self.violations(in: "let n = Glibc.write(2, p, 1)").count == 1)
        #expect(Self.violations(in: "let pid = getpid()\nusleep(10)") == ["1: getpid(", "2: usleep("])
        #expect(Self.violations(in: "// getpid()\nlet s = \"kill(1)\"\nlet t = x.kill(3)").isEmpty)
        #expect(Self.violations(in: "func sleep(_ ms: Int) {}\nsleep(5)").isEmpty)
        #expect(Self.violations(in: "func run(sleep: (Int) async -> Void) async { await sleep(5) }").isEmpty)
        #expect(Self.violations(in: "let text = \"\"\"\n  fopen(x)\n  \"\"\"").isEmpty)
    }

    @Test("durations are measured on MonotonicClock, not ContinuousClock or SuspendingClock")
    func oneClock() throws {
        let bad = try Self.files().filter { $0.text.contains("ContinuousClock") || $0.text.contains("SuspendingClock") }
            .map(\.path)
        #expect(bad.isEmpty, "\(bad)")
    }
}
