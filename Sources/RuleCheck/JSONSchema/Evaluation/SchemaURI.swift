/// A URI reference split into RFC 3986's five parts, resolved against a base as RFC 3986 §5.2
/// says: how `$id`, `$ref`, `$dynamicRef` and `$schema` are read. No network, no file system:
/// only text.
///
/// ```swift
/// let base = SchemaURI("http://example.com/schemas/root.json")
/// base.resolving(SchemaURI("item.json#/$defs/a")).text   // "http://example.com/schemas/item.json#/$defs/a"
/// base.resolving(SchemaURI("../x")).text                 // "http://example.com/x"
/// SchemaURI("urn:uuid:1234#foo").withoutFragment.text    // "urn:uuid:1234"
/// ```
///
/// Parsing never fails: RFC 3986's appendix B splits every text. The scheme and the host are
/// lower-cased and dot segments removed (``normalized``), which is the comparison the registry
/// uses; percent-encodings are kept as written.
struct SchemaURI: Hashable, Sendable {
    /// `http`, `urn`, … without the colon; nil for a relative reference.
    var scheme: String?
    /// What follows `//` up to the path; nil when there is no `//`.
    var authority: String?
    /// The path, possibly empty.
    var path: String
    /// What follows `?` up to `#`; nil when there is no `?`.
    var query: String?
    /// What follows `#`; nil when there is no `#` (an empty fragment is `""`).
    var fragment: String?

    /// Splits `text` as RFC 3986 appendix B does.
    init(_ text: String) {
        var rest = Substring(text)
        fragment = nil
        if let hash = rest.firstIndex(of: "#") {
            fragment = String(rest[rest.index(after: hash)...])
            rest = rest[..<hash]
        }
        query = nil
        if let question = rest.firstIndex(of: "?") {
            query = String(rest[rest.index(after: question)...])
            rest = rest[..<question]
        }
        scheme = nil
        if let colon = rest.firstIndex(of: ":") {
            let candidate = rest[..<colon]
            if let first = candidate.unicodeScalars.first, Self.isAlpha(first),
                candidate.unicodeScalars.allSatisfy({ Self.isAlpha($0) || ("0"..."9").contains($0) || "+-.".unicodeScalars.contains($0) }),
                !candidate.contains("/")
            {
                scheme = String(candidate)
                rest = rest[rest.index(after: colon)...]
            }
        }
        authority = nil
        if rest.hasPrefix("//") {
            let afterSlashes = rest.index(rest.startIndex, offsetBy: 2)
            let end = rest[afterSlashes...].firstIndex(of: "/") ?? rest.endIndex
            authority = String(rest[afterSlashes..<end])
            rest = rest[end...]
        }
        path = String(rest)
    }

    private init(scheme: String?, authority: String?, path: String, query: String?, fragment: String?) {
        self.scheme = scheme
        self.authority = authority
        self.path = path
        self.query = query
        self.fragment = fragment
    }

    private static func isAlpha(_ scalar: Unicode.Scalar) -> Bool {
        ("a"..."z").contains(scalar) || ("A"..."Z").contains(scalar)
    }

    /// Whether the reference has a scheme (an absolute URI, possibly with a fragment).
    var isAbsolute: Bool { scheme != nil }

    /// The URI without its fragment.
    var withoutFragment: SchemaURI {
        SchemaURI(scheme: scheme, authority: authority, path: path, query: query, fragment: nil)
    }

    /// The URI with `fragment` (nil: none).
    func with(fragment: String?) -> SchemaURI {
        SchemaURI(scheme: scheme, authority: authority, path: path, query: query, fragment: fragment)
    }

    /// The text of the URI: the parts recomposed as RFC 3986 §5.3 says.
    var text: String {
        var result = ""
        if let scheme { result += scheme + ":" }
        if let authority { result += "//" + authority }
        result += path
        if let query { result += "?" + query }
        if let fragment { result += "#" + fragment }
        return result
    }

    /// The scheme and host lower-cased and dot segments removed; everything else as written
    /// (`http://x` and `http://x/` stay different, as in RFC 3986's simple comparison).
    var normalized: SchemaURI {
        var copy = self
        copy.scheme = scheme?.lowercased()
        if let authority {
            // Only the host is case-insensitive; user information is kept as written.
            if let at = authority.lastIndex(of: "@") {
                copy.authority = String(authority[...at]) + authority[authority.index(after: at)...].lowercased()
            } else {
                copy.authority = authority.lowercased()
            }
        }
        if scheme != nil { copy.path = Self.removingDotSegments(path) }
        return copy
    }

    /// `reference` resolved against this URI (RFC 3986 §5.2.2, strict), normalized.
    ///
    /// - Parameter reference: any URI reference; an absolute one is returned as it is (normalized).
    func resolving(_ reference: SchemaURI) -> SchemaURI {
        var target = SchemaURI(scheme: nil, authority: nil, path: "", query: nil, fragment: reference.fragment)
        if let scheme = reference.scheme {
            target.scheme = scheme
            target.authority = reference.authority
            target.path = Self.removingDotSegments(reference.path)
            target.query = reference.query
        } else {
            if reference.authority != nil {
                target.authority = reference.authority
                target.path = Self.removingDotSegments(reference.path)
                target.query = reference.query
            } else {
                if reference.path.isEmpty {
                    target.path = path
                    target.query = reference.query ?? query
                } else {
                    if reference.path.hasPrefix("/") {
                        target.path = Self.removingDotSegments(reference.path)
                    } else {
                        target.path = Self.removingDotSegments(merge(reference.path))
                    }
                    target.query = reference.query
                }
                target.authority = authority
            }
            target.scheme = scheme
        }
        return target.normalized
    }

    /// RFC 3986 §5.2.3: the reference's path appended to this URI's path up to its last `/`.
    private func merge(_ relative: String) -> String {
        if authority != nil && path.isEmpty { return "/" + relative }
        guard let slash = path.lastIndex(of: "/") else { return relative }
        return String(path[...slash]) + relative
    }

    /// RFC 3986 §5.2.4.
    static func removingDotSegments(_ path: String) -> String {
        guard path.contains(".") else { return path }
        var input = Substring(path)
        var output: [Substring] = []
        var result = ""
        while !input.isEmpty {
            if input.hasPrefix("../") {
                input = input.dropFirst(3)
            } else if input.hasPrefix("./") {
                input = input.dropFirst(2)
            } else if input.hasPrefix("/./") {
                input = input.dropFirst(2)
            } else if input == "/." {
                input = "/"
            } else if input.hasPrefix("/../") {
                input = input.dropFirst(3)
                if !output.isEmpty { output.removeLast() }
            } else if input == "/.." {
                input = "/"
                if !output.isEmpty { output.removeLast() }
            } else if input == "." || input == ".." {
                input = ""
            } else {
                // The first segment, with its leading `/` if any, up to the next `/`.
                let start = input.hasPrefix("/") ? input.index(after: input.startIndex) : input.startIndex
                let end = input[start...].firstIndex(of: "/") ?? input.endIndex
                output.append(input[..<end])
                input = input[end...]
            }
        }
        for segment in output { result += segment }
        return result
    }
}
