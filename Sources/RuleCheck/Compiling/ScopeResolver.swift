/// Resolves names in one field's scope: the field's enclosing groups and list from the
/// innermost out, then the form. Inside `insurant`, `birth_date` finds `insurant.birth_date`
/// before a form-level `birth_date`; inside a `drivers` item it finds the item's own field, and
/// inside an item of a list in a driver's item (`drivers.violations`) the inner item's field,
/// then the driver's, then the form's.
struct ScopeResolver: NameResolver {
    /// What the resolver needs to know of each field.
    struct FieldSummary: Sendable {
        var path: String
        var type: FieldType
        var list: FieldID?
        var exprType: ExprType
        var firstMember: String?
        /// The field's `letters:` (or the rules' default).
        var letters: LetterFolding = .exact
    }

    let summaries: [FieldSummary]
    let pathIndex: [String: FieldID]
    /// The paths of the enclosing groups and list, innermost first.
    let containerPaths: [String]
    /// The list whose item the expression is evaluated in, if any.
    let list: FieldID?
    /// Whether a name not found looks for a near miss among every reachable name (which costs
    /// a pass over them: the compiler stops once its errors will no longer be shown).
    var suggests = true
    /// The rules' `defaults.letters`.
    var defaultLetters: LetterFolding = .exact

    func letters(of field: FieldID) -> LetterFolding { summaries[field.index].letters }

    func resolve(_ parts: [String]) -> NameResolution {
        let name = parts.count == 1 ? parts[0] : parts.joined(separator: ".")
        for prefix in containerPaths {
            if let id = pathIndex[prefix + "." + name] { return classify(id) }
        }
        if let id = pathIndex[name] { return classify(id) }
        return .notFound(suggestion: suggests ? NearMiss.suggestion(for: name, among: reachableNames) : nil)
    }

    var itemList: FieldID? { list }

    func list(of field: FieldID) -> FieldID? { summaries[field.index].list }

    func path(of field: FieldID) -> String { summaries[field.index].path }

    /// Inside an item of `list`: the list's path and the paths of the groups around it (a list
    /// `insurant.drivers` is inside `insurant`), then this scope's containers.
    func itemScope(of list: FieldID) -> any NameResolver {
        var paths: [String] = []
        var path = Substring(summaries[list.index].path)
        while true {
            paths.append(String(path))
            guard let dot = path.lastIndex(of: ".") else { break }
            path = path[..<dot]
        }
        for container in containerPaths where !paths.contains(container) { paths.append(container) }
        return ScopeResolver(
            summaries: summaries, pathIndex: pathIndex, containerPaths: paths, list: list, suggests: suggests,
            defaultLetters: defaultLetters)
    }

    func isWholeNumber(_ field: FieldID) -> Bool {
        summaries[field.index].type == .integer
    }

    private func classify(_ id: FieldID) -> NameResolution {
        let field = summaries[id.index]
        if let owner = field.list, owner != list, !encloses(owner) {
            return .itemField(id, field.exprType, path: field.path, list: summaries[owner.index].path)
        }
        switch field.type {
        case .group: return .group(path: field.path, firstMember: field.firstMember)
        case .list: return .items(id)
        default: return .field(id, field.exprType)
        }
    }

    /// Whether `owner` is a list whose item holds this scope's list (a field of the outer item).
    private func encloses(_ owner: FieldID) -> Bool {
        var current = list
        while let inner = current {
            current = summaries[inner.index].list
            if current == owner { return true }
        }
        return false
    }

    /// Every name that resolves from this scope, as it would be written here.
    private var reachableNames: [String] {
        var names: [String] = []
        for path in pathIndex.keys {
            names.append(path)
            for prefix in containerPaths where path.hasPrefix(prefix + ".") {
                names.append(String(path.dropFirst(prefix.count + 1)))
            }
        }
        return names.sorted()
    }
}
