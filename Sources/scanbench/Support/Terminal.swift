import Foundation
import Platform
import TestbedPlatform

/// Output helpers shared by the commands: progress on stderr, results on stdout.
enum Terminal {
    /// Prints a progress line to standard error.
    @Sendable static func progress(_ line: String) {
        FileHandle.standardError.write(Data("scanbench: \(line)\n".utf8))
    }

    /// Writes `text` (a YAML file a command made) to `out`, its directory created, and prints
    /// `wrote(out)` as progress; to standard output when there is no `out`.
    static func emit(_ text: String, to out: String?, wrote: (String) -> String) throws {
        guard let out else {
            FileHandle.standardOutput.write(Data(text.utf8))
            return
        }
        let directory = URL(fileURLWithPath: out).deletingLastPathComponent()
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        try Data(text.utf8).write(to: URL(fileURLWithPath: out))
        progress(wrote(out))
    }

    /// Prints an error and exits with status 1.
    static func fail(_ message: String) -> Never {
        FileHandle.standardError.write(Data("scanbench: \(message)\n".utf8))
        ProcessControl.exit(1)
    }

    /// A sentence for an error no command expected. Foundation's file errors become "cannot use
    /// FILE: reason" instead of their NSError dump; the others print as they describe themselves.
    static func describe(_ error: any Error) -> String {
        if let error = error as? CocoaError, let path = error.filePath ?? error.url?.path {
            let underlying = (error.userInfo[NSUnderlyingErrorKey] as? NSError).map {
                Errno(rawValue: Int32($0.code)).text
            }
            return "error: cannot use \(path): \(underlying ?? error.localizedDescription)"
        }
        return "\(error)"
    }

    /// Flushes standard output (before blocking, so a reader sees the table).
    static func flush() { ProcessControl.flushOutput() }

    static func printJSON(_ value: some Encodable) {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        encoder.dateEncodingStrategy = .iso8601
        let data = (try? encoder.encode(value)) ?? Data("{}".utf8)
        print(String(decoding: data, as: UTF8.self))
    }

    /// This executable, as the kernel knows it.
    static var executablePath: String {
        (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")) ?? CommandLine.arguments[0]
    }
}
