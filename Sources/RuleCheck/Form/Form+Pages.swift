/// Paged forms: one page (one or more sections) at a time, as a wizard shows them.
extension Form {
    /// Every page of the form, in order (empty for a form without pages); pages with nothing
    /// visible are there too, with ``PageState/isShown`` false.
    public var pages: [PageState] {
        rules.pages.indices.map(pageState)
    }

    /// The page shown now; `nil` for a form without pages.
    public var currentPage: PageState? {
        rules.pages.indices.contains(currentPageIndex) ? pageState(currentPageIndex) : nil
    }

    /// The state of the page with this id.
    public func page(_ id: String) -> PageState? {
        rules.pages.firstIndex { $0.id == id }.map(pageState)
    }

    /// How many pages have something visible: the steps a wizard shows.
    public var pageCount: Int {
        rules.pages.indices.filter(isShown).count
    }

    /// The position of the current page among the pages shown (0 for the first).
    public var pageNumber: Int? {
        guard rules.pages.indices.contains(currentPageIndex) else { return nil }
        return rules.pages.indices.prefix(currentPageIndex).filter(isShown).count
    }

    /// Where the current page stands in the server's wizard that the form is part of
    /// (``RuleSet/pagePosition``): the form's first page is page `current`, each page of its own
    /// after it one more; `nil` for a form that is the whole wizard.
    public var wizardPosition: PagePosition? {
        guard let position = rules.pagePosition else { return nil }
        let index = rules.pages.indices.contains(currentPageIndex) ? currentPageIndex : 0
        return PagePosition(current: position.current + index, total: position.total)
    }

    /// The paths of a page's fields in display order (its sections' ``fields(in:)``).
    public func fields(onPage id: String) -> [String] {
        guard let page = rules.pages.first(where: { $0.id == id }) else { return [] }
        return page.sections.flatMap { fields(in: rules.sections[$0].id) }
    }

    /// Goes to the next page that has something visible — once every visible field of the
    /// current page is valid. Otherwise the current page's visible fields are touched, so that
    /// their issues show, and the form stays on it.
    ///
    /// ```swift
    /// let changes = try form.nextPage()
    /// if let page = changes.pages?.current { showPage(page) } else { scrollTo(form.firstInvalidField) }
    /// ```
    ///
    /// - Returns: the changes: ``ChangeSet/pages`` with the new current page, or the issues now
    ///   shown; empty on the last page.
    /// - Throws: ``FormError`` (``FormError/Code/unknownPage``) for a form without pages.
    @discardableResult
    public mutating func nextPage() throws(FormError) -> ChangeSet {
        let current = try requirePages()
        guard pageState(current).isValid else {
            var changes = ChangeSet()
            // Only what the user can see: a field that appears later starts untouched.
            for slot in slots(onPage: current) where states[slot].isVisible {
                setInteraction(.touched, of: slot, into: &changes)
            }
            return changes
        }
        guard let next = firstShownPage(from: current + 1, step: 1) else { return ChangeSet() }
        return move(to: next)
    }

    /// Goes back to the previous page that has something visible (whatever the state of this
    /// one); an empty ChangeSet on the first page.
    @discardableResult
    public mutating func previousPage() throws(FormError) -> ChangeSet {
        let current = try requirePages()
        guard let previous = firstShownPage(from: current - 1, step: -1) else { return ChangeSet() }
        return move(to: previous)
    }

    /// Goes to the page with this id (a tab chosen), if it has something visible.
    ///
    /// - Throws: ``FormError`` (``FormError/Code/unknownPage``) for an unknown page, or one with
    ///   nothing visible.
    @discardableResult
    public mutating func goToPage(_ id: String) throws(FormError) -> ChangeSet {
        _ = try requirePages()
        guard let index = rules.pages.firstIndex(where: { $0.id == id }) else {
            let suggestion = NearMiss.didYouMean(id, among: rules.pages.map(\.id))
            throw FormError(.unknownPage, "no page '\(id)'\(suggestion)")
        }
        guard isShown(index) else { throw FormError(.unknownPage, "page '\(id)' has nothing visible now") }
        return index == currentPageIndex ? ChangeSet() : move(to: index)
    }

    // MARK: - Internals

    /// What the pages look like, to tell what an edit changed about them.
    struct PageSummary {
        var current: Int
        var shown: [Bool]
        var valid: [Bool]
    }

    var pageSummary: PageSummary {
        PageSummary(
            current: currentPageIndex, shown: rules.pages.indices.map(isShown),
            valid: rules.pages.indices.map(isValid))
    }

    /// What changed about the pages since `before`; `nil` when nothing did.
    func pageChange(from before: PageSummary) -> PageChange? {
        let after = pageSummary
        var change = PageChange()
        if after.current != before.current, rules.pages.indices.contains(after.current) {
            change.current = rules.pages[after.current].id
        }
        if after.shown != before.shown {
            change.shown = rules.pages.indices.filter { after.shown[$0] }.map { rules.pages[$0].id }
        }
        for index in rules.pages.indices where after.valid[index] != before.valid[index] {
            change.valid[rules.pages[index].id] = after.valid[index]
        }
        return change.isEmpty ? nil : change
    }

    /// Moves off a current page that no longer has anything visible: to the next page shown,
    /// else the previous one.
    mutating func settleCurrentPage() {
        guard rules.pages.indices.contains(currentPageIndex), !isShown(currentPageIndex) else { return }
        currentPageIndex =
            firstShownPage(from: currentPageIndex + 1, step: 1)
            ?? firstShownPage(from: currentPageIndex - 1, step: -1) ?? currentPageIndex
    }

    /// The first page from `start` on (going by `step`) that has something visible.
    func firstShownPage(from start: Int, step: Int) -> Int? {
        var index = start
        while rules.pages.indices.contains(index) {
            if isShown(index) { return index }
            index += step
        }
        return nil
    }

    /// The index of the page a slot is on (-1 for a form without pages).
    func pageIndex(of slot: Slot) -> Int {
        let section = rules.fields[slot.field.index].section
        return rules.pages.firstIndex { $0.sections.contains(section) } ?? -1
    }

    /// The slots on a page, in display order.
    func slots(onPage index: Int) -> [Slot] {
        rules.pages[index].sections.flatMap { slots(in: $0) }
    }

    private func isShown(_ index: Int) -> Bool {
        rules.pages[index].sections.contains { visibleInSection.indices.contains($0) && visibleInSection[$0] > 0 }
    }

    private func isValid(_ index: Int) -> Bool {
        rules.pages[index].sections.allSatisfy { invalidInSection[$0] == 0 }
    }

    private func pageState(_ index: Int) -> PageState {
        let page = rules.pages[index]
        return PageState(
            id: page.id, title: page.title, isShown: isShown(index), isValid: isValid(index),
            invalidFields: page.sections.reduce(0) { $0 + invalidInSection[$1] },
            isCurrent: index == currentPageIndex)
    }

    private func requirePages() throws(FormError) -> Int {
        guard rules.pages.indices.contains(currentPageIndex) else {
            throw FormError(.unknownPage, "the form has no pages (add 'pages: true' or 'page:' to its sections)")
        }
        return currentPageIndex
    }

    private mutating func move(to index: Int) -> ChangeSet {
        let before = pageSummary
        currentPageIndex = index
        var changes = ChangeSet()
        changes.pages = pageChange(from: before)
        return changes
    }
}

/// The state of one page of a paged form.
public struct PageState: Hashable, Sendable {
    public let id: String
    public let title: String
    /// The page has something visible (a wizard shows it as a step).
    public let isShown: Bool
    /// Every visible field on the page is valid: the "Next" button may be enabled.
    public let isValid: Bool
    /// How many of its fields (list items' fields once per item) have issues.
    public let invalidFields: Int
    /// This is the page shown now.
    public let isCurrent: Bool
}
