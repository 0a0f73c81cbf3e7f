/// Both classifiers on every labelled device of a corpus, and their figures per category.
public struct CorpusClassification: Sendable, Equatable, Codable {
    public var hostNames: DeviceAnnouncements.HostNameSource
    public var devices: [CorpusDevice]
    /// Ours, per the label's category (`CategoryTally.tally`), then `all`.
    public var ours: [CategoryTally]
    /// HomeNet's, per the label's HomeNet category, then `all`.
    public var homeNet: [CategoryTally]
    /// Ours on the LANs of a results file (`CategoryTally.tally(results:strategy:path:)`), to set
    /// beside the corpus's figures; empty unless asked for.
    public var beside: [CategoryTally] = []
    /// Labelled devices no capture file was given for: left out of `devices` and the tallies.
    public var labelledWithoutCaptures: [String]
    /// Capture files given that matched no labelled device (their directory names none).
    public var unmatchedCaptures: [String]

    enum CodingKeys: String, CodingKey {
        case devices, ours, beside
        case hostNames = "host_names"
        case homeNet = "homenet"
        case unmatchedCaptures = "unmatched_captures"
        case labelledWithoutCaptures = "labelled_without_captures"
    }

    /// Reads each labelled device's captures — the files in `captures` whose parent directory is
    /// the device's name (the corpus's layout: one directory per device) — and classifies it; a
    /// labelled device with no capture is left out (`labelledWithoutCaptures`).
    ///
    /// - Throws: `CorpusError` for a capture that cannot be read, or when no capture matches any
    ///   device.
    public init(
        labels: [CorpusLabel],
        captures: [String],
        hostNames: DeviceAnnouncements.HostNameSource
    ) throws(CorpusError) {
        self.hostNames = hostNames
        var byDevice: [String: [String]] = [:]
        var unmatched: [String] = []
        let names = Set(labels.map(\.device))
        for path in captures {
            let parts = path.split(separator: "/")
            let directory = parts.count >= 2 ? String(parts[parts.count - 2]) : ""
            if names.contains(directory) {
                byDevice[directory, default: []].append(path)
            } else {
                unmatched.append(path)
            }
        }
        guard !byDevice.isEmpty else {
            throw CorpusError(
                "none of the \(captures.count) capture files sits in a directory named after a labelled device",
                fix: "give the corpus's files as DEVICE/FILE.pcap, DEVICE being the labels file's first column"
            )
        }
        var devices: [CorpusDevice] = []
        var withoutCaptures: [String] = []
        for label in labels {
            guard byDevice[label.device] != nil else {
                withoutCaptures.append(label.device)
                continue
            }
            var reader = try AnnouncementReader(mac: label.mac)
            for path in byDevice[label.device] ?? [] { try reader.read(path: path) }
            devices.append(CorpusDevice(label: label, announcements: reader.finished(), hostNames: hostNames))
        }
        self.devices = devices
        unmatchedCaptures = unmatched
        labelledWithoutCaptures = withoutCaptures
        ours = CategoryTally.tally(
            devices,
            label: { $0.label.category.rawValue },
            given: \.oursGiven,
            correct: \.oursCorrect
        )
        homeNet = CategoryTally.tally(
            devices,
            label: { $0.label.homeNet.rawValue },
            given: \.homeNetGiven,
            correct: \.homeNetCorrect
        )
    }
}
