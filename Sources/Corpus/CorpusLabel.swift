import Foundation
import NetTools
import Wire

/// One device of a public capture corpus with what the corpus itself says it is: the directory
/// its captures sit in, its MAC, its make and model, the category ours should give it and the one
/// HomeNet's should, and where the corpus says so.
///
/// A labels file holds one device a line, six columns separated by `|`, `#` starting a comment:
///
///     # device | mac | model | category | homenet | source
///     Aria | 20:f8:5e:ca:91:52 | Fitbit Aria Wi-Fi scale | iot | smart_home | README.txt; DHCP name GainSpan…
public struct CorpusLabel: Sendable, Equatable, Codable {
    /// The corpus's name for the device: the directory holding its captures.
    public var device: String
    public var mac: String
    public var model: String
    /// Ours (`DeviceClassifier.Category`).
    public var category: DeviceClassifier.Category
    /// HomeNet's (`HomeNetClassifier.Category`).
    public var homeNet: HomeNetClassifier.Category
    /// Where the corpus names the device.
    public var source: String

    enum CodingKeys: String, CodingKey {
        case device, mac, model, category, source
        case homeNet = "homenet_category"
    }

    /// The columns, in order, as the file's header comment names them.
    public static let columns = ["device", "mac", "model", "category", "homenet", "source"]

    /// Parses one labels line (not a comment, not blank).
    ///
    /// - Throws: `CorpusError` naming `file`, `line` and the column, with the fix.
    public init(parsing text: String, file: String, line: Int) throws(CorpusError) {
        let fields = text.split(separator: "|", omittingEmptySubsequences: false)
            .map { $0.trimmingCharacters(in: .whitespaces) }
        let at = "\(file):\(line)"
        guard fields.count == Self.columns.count else {
            throw CorpusError(
                "\(at): \(fields.count) columns, expected \(Self.columns.count)",
                fix: "write '\(Self.columns.joined(separator: " | "))', columns separated by '|'"
            )
        }
        for (name, value) in zip(Self.columns, fields) where value.isEmpty {
            throw CorpusError("\(at): the \(name) column is empty", fix: "fill in the \(name) column")
        }
        guard let mac = MACAddress(fields[1]) else {
            throw CorpusError("\(at): '\(fields[1])' is not a MAC address", fix: "write it as aa:bb:cc:dd:ee:ff")
        }
        guard let category = DeviceClassifier.Category(rawValue: fields[3]) else {
            let known = DeviceClassifier.Category.allCases.map(\.rawValue).joined(separator: ", ")
            throw CorpusError("\(at): '\(fields[3])' is not one of our categories", fix: "use one of: \(known)")
        }
        guard let homeNet = HomeNetClassifier.Category(rawValue: fields[4]) else {
            let known = HomeNetClassifier.Category.allCases.map(\.rawValue).joined(separator: ", ")
            throw CorpusError("\(at): '\(fields[4])' is not one of HomeNet's categories", fix: "use one of: \(known)")
        }
        self.device = fields[0]
        self.mac = mac.description
        self.model = fields[2]
        self.category = category
        self.homeNet = homeNet
        self.source = fields[5]
    }

    /// Reads a labels file.
    ///
    /// - Throws: `CorpusError` for a file that cannot be read, a bad line, a device named twice
    ///   or no device at all.
    public static func load(path: String) throws(CorpusError) -> [CorpusLabel] {
        guard let text = try? String(contentsOfFile: path, encoding: .utf8) else {
            throw CorpusError("cannot read the labels file \(path)", fix: "give the path of a UTF-8 text file")
        }
        var labels: [CorpusLabel] = []
        var seen: [String: Int] = [:]
        for (index, raw) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let line = raw.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false).first ?? ""
            guard !line.trimmingCharacters(in: .whitespaces).isEmpty else { continue }
            let label = try CorpusLabel(parsing: String(line), file: path, line: index + 1)
            if let first = seen[label.device] {
                throw CorpusError(
                    "\(path):\(index + 1): device '\(label.device)' was already labelled on line \(first)",
                    fix: "keep one line per device"
                )
            }
            seen[label.device] = index + 1
            labels.append(label)
        }
        guard !labels.isEmpty else {
            throw CorpusError("\(path) labels no device", fix: "add a line '\(columns.joined(separator: " | "))'")
        }
        return labels
    }
}
