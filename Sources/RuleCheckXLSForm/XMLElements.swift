import Foundation

#if canImport(FoundationXML)
import FoundationXML
#endif

/// An XML part of a workbook read into a flat list of events (start, text, end), element names
/// without their namespace prefix (`x:c` is `c`). The parts a workbook needs are small and bounded
/// by ``XLSXReader``'s limits, so holding their events costs no more than holding their bytes.
/// External entities are never resolved and a DTD is refused: a workbook part has no use for one.
enum XMLEvent: Equatable {
    case start(String, [String: String])
    case text(String)
    case end(String)
}

enum XMLElements {
    /// The events of `data`, or why it is not XML (with the line and column XMLParser gives).
    static func events(_ data: Data, part: String) throws(WorkbookError) -> [XMLEvent] {
        // A DTD could declare entities that expand without bound (and libxml2 expands internal
        // ones before the delegate hears of them): refused before parsing.
        if data.range(of: Data("<!DOCTYPE".utf8)) != nil || data.range(of: Data("<!ENTITY".utf8)) != nil {
            throw WorkbookError("\(part) declares a DTD, which no workbook part has; it is not read")
        }
        let parser = XMLParser(data: data)
        parser.shouldResolveExternalEntities = false
        parser.shouldProcessNamespaces = false
        let collector = Collector()
        parser.delegate = collector
        let parsed = parser.parse()
        if collector.sawDTD {
            throw WorkbookError("\(part) declares a DTD, which no workbook part has; it is not read")
        }
        guard parsed else {
            let reason = parser.parserError.map { String(describing: $0.localizedDescription) } ?? "malformed XML"
            throw WorkbookError(
                "\(part) is not well-formed XML (line \(parser.lineNumber), column \(parser.columnNumber)): \(reason)")
        }
        return collector.events
    }

    /// `c` for `x:c`.
    static func localName(_ name: String) -> String {
        guard let colon = name.lastIndex(of: ":") else { return name }
        return String(name[name.index(after: colon)...])
    }

    private final class Collector: NSObject, XMLParserDelegate {
        var events: [XMLEvent] = []
        var sawDTD = false

        func parser(
            _ parser: XMLParser, didStartElement elementName: String, namespaceURI: String?, qualifiedName qName: String?,
            attributes attributeDict: [String: String] = [:]
        ) {
            var attributes: [String: String] = [:]
            for (key, value) in attributeDict { attributes[XMLElements.localName(key)] = value }
            events.append(.start(XMLElements.localName(elementName), attributes))
        }

        func parser(_ parser: XMLParser, didEndElement elementName: String, namespaceURI: String?, qualifiedName qName: String?) {
            events.append(.end(XMLElements.localName(elementName)))
        }

        func parser(_ parser: XMLParser, foundCharacters string: String) {
            events.append(.text(string))
        }

        func parser(_ parser: XMLParser, foundCDATA CDATABlock: Data) {
            events.append(.text(String(decoding: CDATABlock, as: UTF8.self)))
        }

        func parser(_ parser: XMLParser, foundInternalEntityDeclarationWithName name: String, value: String?) {
            sawDTD = true
            parser.abortParsing()
        }

        func parser(
            _ parser: XMLParser, foundExternalEntityDeclarationWithName name: String, publicID: String?, systemID: String?
        ) {
            sawDTD = true
            parser.abortParsing()
        }

        func parser(_ parser: XMLParser, foundElementDeclarationWithName elementName: String, model: String) {
            sawDTD = true
            parser.abortParsing()
        }
    }
}
