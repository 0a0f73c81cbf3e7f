import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif
import Testing

/// Collects element names and text so tests can check an SVG's structure after parsing it.
final class SVGCollector: NSObject, XMLParserDelegate {
    var elements: [String] = []
    var attributes: [[String: String]] = []
    var texts: [String] = []
    private var text = ""

    func parser(
        _ parser: XMLParser,
        didStartElement name: String,
        namespaceURI: String?,
        qualifiedName: String?,
        attributes: [String: String]
    ) {
        elements.append(name)
        self.attributes.append(attributes)
        text = ""
    }

    func parser(_ parser: XMLParser, foundCharacters string: String) { text += string }

    func parser(_ parser: XMLParser, didEndElement name: String, namespaceURI: String?, qualifiedName: String?) {
        if name == "text" || name == "title" { texts.append(text) }
        text = ""
    }
}

extension SVGCollector {
    /// Parses `svg`, recording an issue when it is not well-formed XML.
    static func parse(_ svg: String) -> SVGCollector {
        let collector = SVGCollector()
        let parser = XMLParser(data: Data(svg.utf8))
        parser.delegate = collector
        #expect(parser.parse(), "not well-formed XML: \(parser.parserError.map { "\($0)" } ?? "")")
        return collector
    }
}
