/// A fixed-size SVG document built from a few primitives, with every number printed the same
/// way each time so the same chart is always the same bytes.
///
/// Presentation is in attributes (`fill`, `stroke`), not `style` or `class`, which some renderers
/// (and GitHub's sanitiser for inline SVG) drop.
struct SVGCanvas {
    let width: Int
    let height: Int
    private var elements: [String] = []

    init(width: Int, height: Int) {
        self.width = width
        self.height = height
    }

    private static func n(_ value: Double) -> String { NumberFormat.coordinate(value) }

    mutating func rect(
        x: Double,
        y: Double,
        width: Double,
        height: Double,
        fill: String,
        stroke: String? = nil,
        opacity: Double? = nil
    ) {
        var element =
            "<rect x=\"\(Self.n(x))\" y=\"\(Self.n(y))\" width=\"\(Self.n(width))\" height=\"\(Self.n(height))\" fill=\"\(fill)\""
        if let stroke { element += " stroke=\"\(stroke)\"" }
        if let opacity { element += " fill-opacity=\"\(Self.n(opacity))\"" }
        elements.append(element + "/>")
    }

    mutating func line(
        _ x1: Double,
        _ y1: Double,
        _ x2: Double,
        _ y2: Double,
        stroke: String,
        width: Double = 1,
        dash: String? = nil
    ) {
        var element =
            "<line x1=\"\(Self.n(x1))\" y1=\"\(Self.n(y1))\" x2=\"\(Self.n(x2))\" y2=\"\(Self.n(y2))\" stroke=\"\(stroke)\" stroke-width=\"\(Self.n(width))\""
        if let dash, !dash.isEmpty { element += " stroke-dasharray=\"\(dash)\"" }
        elements.append(element + "/>")
    }

    /// An open path from SVG path data.
    mutating func path(_ data: String, stroke: String, width: Double = 2, dash: String? = nil) {
        var element =
            "<path d=\"\(data)\" fill=\"none\" stroke=\"\(stroke)\" stroke-width=\"\(Self.n(width))\" stroke-linejoin=\"round\""
        if let dash, !dash.isEmpty { element += " stroke-dasharray=\"\(dash)\"" }
        elements.append(element + "/>")
    }

    mutating func circle(
        cx: Double,
        cy: Double,
        r: Double,
        fill: String,
        stroke: String? = nil,
        strokeWidth: Double = 1
    ) {
        var element = "<circle cx=\"\(Self.n(cx))\" cy=\"\(Self.n(cy))\" r=\"\(Self.n(r))\" fill=\"\(fill)\""
        if let stroke { element += " stroke=\"\(stroke)\" stroke-width=\"\(Self.n(strokeWidth))\"" }
        elements.append(element + "/>")
    }

    enum Anchor: String { case start, middle, end }

    mutating func text(
        _ content: String,
        x: Double,
        y: Double,
        size: Double = 12,
        anchor: Anchor = .start,
        bold: Bool = false,
        rotate: Bool = false,
        fill: String = "#222222"
    ) {
        var element =
            "<text x=\"\(Self.n(x))\" y=\"\(Self.n(y))\" font-size=\"\(Self.n(size))\" text-anchor=\"\(anchor.rawValue)\" fill=\"\(fill)\""
        if bold { element += " font-weight=\"bold\"" }
        if rotate { element += " transform=\"rotate(-90 \(Self.n(x)) \(Self.n(y)))\"" }
        elements.append(element + ">" + Inline.html(content) + "</text>")
    }

    /// The document: an XML declaration, an accessible title and description, a white background.
    func render(title: String, description: String) -> String {
        var lines = [
            "<?xml version=\"1.0\" encoding=\"UTF-8\"?>",
            "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"\(width)\" height=\"\(height)\" viewBox=\"0 0 \(width) \(height)\" role=\"img\" font-family=\"Helvetica, Arial, sans-serif\">",
            "<title>\(Inline.html(title))</title>",
            "<desc>\(Inline.html(description))</desc>",
            "<rect x=\"0\" y=\"0\" width=\"\(width)\" height=\"\(height)\" fill=\"#ffffff\"/>",
        ]
        lines += elements
        lines.append("</svg>")
        return lines.joined(separator: "\n") + "\n"
    }
}
