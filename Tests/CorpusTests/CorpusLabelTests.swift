import Corpus
import Foundation
import Testing

@Suite struct CorpusLabelTests {
    @Test("a labels line parses into its six columns")
    func parses() throws {
        let label = try CorpusLabel(
            parsing: "Aria | 20:F8:5E:CA:91:52 | Fitbit Aria | iot | smart_home | corpus README",
            file: "x.labels",
            line: 3
        )
        #expect(label.device == "Aria")
        #expect(label.mac == "20:f8:5e:ca:91:52")
        #expect(label.category == .iot)
        #expect(label.homeNet == .smartHome)
    }
}
