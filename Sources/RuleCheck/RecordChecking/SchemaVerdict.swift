/// Joins the violations of a record's fields with its JSON Schema's failures, so that the
/// schema decides whether the record is valid and the fields say what they can about why.
///
/// ```text
/// fields:  contact.name required, contact.phone required     schema: /contact required
/// →        contact.name required, contact.phone required     (the fields' errors, below the failure)
///
/// fields:  (none)                                            schema: /a type (null is not a string)
/// →        a type "a: 'null' is not a JSON string"
///
/// fields:  b min                                             schema: (valid)
/// →        (none: the schema says the record is valid)
/// ```
///
/// * A field's **error** is kept when the schema fails at its place in the record, at a place
///   that holds it (a missing object, a `oneOf` of the whole record), or inside the value of a
///   field that holds its value whole (an element of a `values` field); other errors of fields are
///   dropped: the schema finds nothing wrong there. Warnings and findings about the input
///   (`malformed`, `duplicate_key`) are kept as they are.
/// * A failure of the schema is **said already** by a kept error of a field at its place; by one
///   at a place above it that holds the value whole (a text, a number, a `json` or `values`
///   field: not a group or a list, whose members are fields of their own); and, for a keyword
///   that judges a value as a whole (`anyOf`, `oneOf`, `not`, `if`, a `false` schema), by one
///   inside it. Every other failure is a violation of its own (``SchemaFailureWords``).
/// * `required` fails at the object; its place here is the missing member's.
struct SchemaVerdict {
    let rules: RuleSet
    let words: SchemaFailureWords

    /// The record's violations: `fields`' (as the record checker found them, in the rules' order)
    /// joined with `failures` (the schema's, in its order), as the type's comment says.
    func violations(fields: [Violation], failures: [SchemaFailure], record: JSONValue) -> [Violation] {
        let judged = fields.map { violation -> (Violation, [Token]?) in
            (violation, Self.judged(violation) ? Self.tokens(ofField: violation.field) : nil)
        }
        guard !failures.isEmpty else { return judged.filter { $0.1 == nil }.map(\.0) }
        let places = failures.map(Self.place)
        var kept: [Violation] = []
        var keptPlaces: [[Token]] = []
        for (violation, place) in judged {
            guard let place else {
                kept.append(violation)
                continue
            }
            if confirms(places, place) {
                kept.append(violation)
                keptPlaces.append(place)
            }
        }
        for (failure, place) in zip(failures, places) where !said(failure, at: place, by: keptPlaces) {
            kept.append(words.violation(failure, at: place, record: record))
        }
        return kept
    }

    /// Whether a field's error at `place` stands: the schema fails there, at a place that holds
    /// it, or inside the value of a field that holds its value whole (a `values` field's element).
    func confirms(_ failurePlaces: [[Token]], _ place: [Token]) -> Bool {
        failurePlaces.contains { failure in
            Self.isPrefix(failure, of: place) || (Self.isPrefix(place, of: failure) && holdsValueWhole(place))
        }
    }

    /// Whether a kept error of a field at one of `places` says `failure` (at `place`) already.
    func said(_ failure: SchemaFailure, at place: [Token], by places: [[Token]]) -> Bool {
        let wholeValue = Self.judgesWholeValue(failure.kind)
        return places.contains { field in
            if field == place { return true }
            if wholeValue, Self.isPrefix(place, of: field) { return true }
            return Self.isPrefix(field, of: place) && holdsValueWhole(field)
        }
    }

    /// Whether the field at `place` holds its value whole (not a group or a list, whose members
    /// are fields of their own).
    func holdsValueWhole(_ place: [Token]) -> Bool {
        guard let field = rules.field(Self.rulesPath(place)) else { return false }
        return field.type != .group && field.type != .list
    }

    // MARK: - Places in the record

    typealias Token = SchemaInstanceLocation.Token

    /// Whether the schema decides about this violation: an error of a field's rules (not a
    /// warning, nor a finding about the input, which the schema cannot see).
    static func judged(_ violation: Violation) -> Bool {
        violation.severity == .error && violation.pointer == nil
            && ![IssueCode.malformed, .unreadable, .duplicateKey, .unknownColumn].contains(violation.code)
    }

    /// Where a failure is, in the record: the missing member's place for `required` (and for a
    /// dependent's), the value's otherwise.
    static func place(_ failure: SchemaFailure) -> [Token] {
        switch failure.kind {
        case .required(let name): failure.instanceLocation.tokens + [.key(name)]
        case .dependentRequired(_, let missing): failure.instanceLocation.tokens + [.key(missing)]
        default: failure.instanceLocation.tokens
        }
    }

    /// The place of a field's violation (`drivers[0].birth_date` → drivers, 0, birth_date);
    /// field ids hold no `.` or `[`, so the path reads back exactly.
    static func tokens(ofField path: String) -> [Token] {
        guard !path.isEmpty else { return [] }
        var tokens: [Token] = []
        for segment in path.split(separator: ".", omittingEmptySubsequences: false) {
            var rest = Substring(segment)
            let name = rest.prefix { $0 != "[" }
            tokens.append(.key(String(name)))
            rest = rest.dropFirst(name.count)
            while rest.first == "[", let close = rest.firstIndex(of: "]") {
                if let index = Int(rest[rest.index(after: rest.startIndex)..<close]) { tokens.append(.index(index)) }
                rest = rest[rest.index(after: close)...]
            }
        }
        return tokens
    }

    /// The rules' path of a place: its keys joined by `.`, indices left out (`drivers.birth_date`).
    static func rulesPath(_ place: [Token]) -> String {
        place.compactMap { token -> String? in
            if case .key(let key) = token { return key }
            return nil
        }.joined(separator: ".")
    }

    static func isPrefix(_ prefix: [Token], of place: [Token]) -> Bool {
        prefix.count <= place.count && zip(prefix, place).allSatisfy { $0 == $1 }
    }

    /// Keywords that judge a value as a whole, whatever inside it a field says.
    static func judgesWholeValue(_ kind: SchemaFailure.Kind) -> Bool {
        switch kind {
        case .anyOf, .oneOf, .not, .falseSchema: true
        default: false
        }
    }
}
