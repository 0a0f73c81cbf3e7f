import Results

/// Collects run results from the lanes, writes results.json after each one (so an interrupted
/// run keeps what it measured) and reports progress.
actor ResultsSink {
    private(set) var document: ResultsDocument
    private let path: String
    private let total: Int
    private let progress: @Sendable (String) -> Void
    private var done = 0

    init(document: ResultsDocument, path: String, total: Int, progress: @escaping @Sendable (String) -> Void) {
        self.document = document
        self.path = path
        self.total = total
        self.progress = progress
    }

    func add(_ result: RunResult, seconds: Double) throws {
        done += 1
        document.runs.append(result)
        document.runs.sort { $0.sequence < $1.sequence }
        try document.write(to: path)
        progress(HarnessRun.line(result, done: done, total: total, seconds: seconds))
    }

    func addPeers(_ peers: [PeerResult]) throws {
        document.peers += peers
        try document.write(to: path)
    }
}
