public import Observation

/// A ``Form`` for a screen to observe: SwiftUI views and other Observation clients that read
/// one field are notified only when that field changes.
///
/// ```swift
/// @State var model = FormModel(Form(rules))
///
/// TextField("Document number", text: …)                    // a cell
///     .foregroundStyle(model.field("doc_number").state.shownIssues.isEmpty ? .primary : .red)
/// try model.set("doc_type", to: "passport")                  // only the cells it changed redraw
/// ```
///
/// Each field path has its own observable ``FieldModel``; an edit goes through the form, and
/// the ``ChangeSet`` it returns says which field models to update: a view that read only field
/// A is not notified by an edit that changes only B. Apps that prefer streams read
/// ``changes()``.
@MainActor
@Observable
public final class FormModel {
    /// The form; read it for anything the model does not expose (its reads are not tracked).
    @ObservationIgnored public private(set) var form: Form
    /// Gates by name: `true` when open.
    public private(set) var gates: [String: Bool]
    /// Sections by id: `true` when complete.
    public private(set) var sections: [String: Bool]
    /// The number of items of each list, by path.
    public private(set) var items: [String: Int]
    /// The id of the page shown, in a paged form.
    public private(set) var currentPage: String?
    /// The ids of the pages that have something visible (a wizard's steps), in order.
    public private(set) var shownPages: [String]
    /// Pages by id: `true` when every visible field on them is valid.
    public private(set) var validPages: [String: Bool]

    @ObservationIgnored private var fields: [String: FieldModel] = [:]
    @ObservationIgnored private var continuations: [Int: AsyncStream<ChangeSet>.Continuation] = [:]
    @ObservationIgnored private var nextContinuation = 0

    public init(_ form: Form) {
        self.form = form
        gates = Dictionary(uniqueKeysWithValues: form.rules.gates.map { ($0.name, form.gate($0.name).isOpen) })
        sections = Dictionary(uniqueKeysWithValues: form.rules.sections.map { ($0.id, form.section($0.id).isComplete) })
        items = Dictionary(
            uniqueKeysWithValues: form.rules.lists.map { list in
                let path = form.rules.fields[list.index].path
                return (path, form.itemCount(path))
            })
        currentPage = form.currentPage?.id
        shownPages = form.pages.filter(\.isShown).map(\.id)
        validPages = Dictionary(uniqueKeysWithValues: form.pages.map { ($0.id, $0.isValid) })
    }

    /// The observable model of the field at `path` (made on first use, then the same object).
    public func field(_ path: String) -> FieldModel {
        if let model = fields[path] { return model }
        let model = FieldModel(path: path, state: form[path], input: form.input(path))
        fields[path] = model
        return model
    }

    /// The state of the field at `path`; reading it in a view tracks that field only.
    public subscript(path: String) -> FieldState { field(path).state }

    /// Runs an edit of the form and publishes what it changed.
    ///
    /// ```swift
    /// try model.edit { try $0.insert("drivers", at: 0) }
    /// ```
    @discardableResult
    public func edit<Failure: Error>(_ body: (inout Form) throws(Failure) -> ChangeSet) throws(Failure) -> ChangeSet {
        let changes = try body(&form)
        publish(changes)
        return changes
    }

    @discardableResult
    public func set(_ path: String, to value: Value?) throws(FormError) -> ChangeSet {
        try edit { form throws(FormError) in try form.set(path, to: value) }
    }

    @discardableResult
    public func clear(_ path: String) throws(FormError) -> ChangeSet {
        try edit { form throws(FormError) in try form.clear(path) }
    }

    @discardableResult
    public func focus(_ path: String) throws(FormError) -> ChangeSet {
        try edit { form throws(FormError) in try form.focus(path) }
    }

    @discardableResult
    public func blur(_ path: String) throws(FormError) -> ChangeSet {
        try edit { form throws(FormError) in try form.blur(path) }
    }

    @discardableResult
    public func touchAll() -> ChangeSet {
        let changes = form.touchAll()
        publish(changes)
        return changes
    }

    /// ``Form/type(_:text:caret:)``: a text field's `onChange`; set the field's text and caret
    /// from the returned ``ChangeSet/inputs`` (or the field model's ``FieldModel/input``).
    @discardableResult
    public func type(_ path: String, text: String, caret: Int? = nil) throws(FormError) -> ChangeSet {
        try edit { form throws(FormError) in try form.type(path, text: text, caret: caret) }
    }

    /// ``Form/nextPage()``.
    @discardableResult
    public func nextPage() throws(FormError) -> ChangeSet {
        try edit { form throws(FormError) in try form.nextPage() }
    }

    /// ``Form/previousPage()``.
    @discardableResult
    public func previousPage() throws(FormError) -> ChangeSet {
        try edit { form throws(FormError) in try form.previousPage() }
    }

    /// Every change set from now on, as it is applied; the stream ends when the consumer stops
    /// listening.
    public func changes() -> AsyncStream<ChangeSet> {
        let (stream, continuation) = AsyncStream.makeStream(of: ChangeSet.self, bufferingPolicy: .unbounded)
        let key = nextContinuation
        nextContinuation += 1
        continuations[key] = continuation
        continuation.onTermination = { [weak self] _ in
            Task { @MainActor in self?.continuations[key] = nil }
        }
        return stream
    }

    /// Updates the models of the fields the change set names (only those notify their
    /// observers), the gates, sections and lists that changed, and the streams.
    private func publish(_ changes: ChangeSet) {
        guard !changes.isEmpty else { return }
        var paths = Set(changes.values.keys)
        for names in [changes.visible.keys, changes.enabled.keys, changes.required.keys] { paths.formUnion(names) }
        for names in [changes.issues.keys, changes.shownIssues.keys] { paths.formUnion(names) }
        paths.formUnion(changes.interaction.keys)
        for path in paths {
            guard let model = fields[path] else { continue }
            let state = form[path]
            if model.state != state { model.state = state }
        }
        for path in changes.inputs.keys {
            guard let model = fields[path] else { continue }
            let input = form.input(path)
            if model.input != input { model.input = input }
        }
        for (name, open) in changes.gates { gates[name] = open }
        for (id, complete) in changes.sections { sections[id] = complete }
        for (path, count) in changes.items { items[path] = count }
        if let pages = changes.pages {
            if let current = pages.current { currentPage = current }
            if let shown = pages.shown { shownPages = shown }
            for (id, valid) in pages.valid { validPages[id] = valid }
        }
        for continuation in continuations.values { continuation.yield(changes) }
    }
}

/// One field of a ``FormModel``: its state, observable on its own.
@MainActor
@Observable
public final class FieldModel {
    public let path: String
    public fileprivate(set) var state: FieldState
    /// What the field's text box holds after typing (``Form/input(_:)``).
    public fileprivate(set) var input: FieldInput?

    init(path: String, state: FieldState, input: FieldInput?) {
        self.path = path
        self.state = state
        self.input = input
    }
}
