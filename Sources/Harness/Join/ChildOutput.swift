import Foundation

/// The JSON a child process (`scanbench-app --json`, `scanbench probe --json`) printed, decoded
/// for the join; anything else becomes one clear error quoting what it printed.
enum ChildOutput {
    /// Decodes `text` as `T`.
    /// - Throws: `HarnessError` naming `what` was expected, quoting the start of `text`, with `fix`.
    static func decode<T: Decodable>(_ type: T.Type, from text: String, what: String, fix: String) throws -> T {
        do {
            return try JSONDecoder().decode(T.self, from: Data(text.utf8))
        } catch {
            throw HarnessError("\(what) (\(error)): \(text.prefix(300))", fix: fix)
        }
    }
}
