/// Pages: `pages: true` makes each section a page; `page: id` on sections groups them.
extension RuleSetCompiler {
    /// The pages of the document: none unless it asks for them. With `page:` on some sections,
    /// sections with the same id share a page (they must follow one another) and a section
    /// without one is a page of its own.
    mutating func compilePages(_ document: RulesDocument) -> [PageRules] {
        let grouped = document.sections.contains { $0.page != nil }
        guard grouped || document.pages?.value == true else { return [] }
        if let pages = document.pages, grouped {
            warning(.redundantPages, "'pages: true' is implied by 'page:' on sections; it can go", at: pages.location)
        }
        var pages: [PageRules] = []
        var pageOfSection: [String: Int] = [:]
        for (index, section) in document.sections.enumerated() {
            let id = section.page?.value ?? section.id.value
            if let page = pageOfSection[id] {
                guard page == pages.count - 1 else {
                    error(
                        .pageOrder,
                        "the sections of page '\(id)' must follow one another; section '\(section.id.value)' comes after another page",
                        at: section.page?.location ?? section.id.location)
                    continue
                }
                let last = pages[page]
                pages[page] = PageRules(id: last.id, title: last.title, sections: last.sections + [index])
            } else {
                pageOfSection[id] = pages.count
                pages.append(PageRules(id: id, title: section.title ?? section.id.value, sections: [index]))
            }
        }
        return pages
    }
}

/// `page_position:` (a Divar-style schema's root `pages`): where the form stands in a server's
/// wizard. Refused: a number below 1, `current` beyond `total`, and pages of the form's own that
/// would run past the wizard's last page.
extension RuleSetCompiler {
    mutating func compilePagePosition(_ document: RulesDocument, ownPages: Int) -> PagePosition? {
        guard let position = document.pagePosition else { return nil }
        let current = position.current.value
        let total = position.total.value
        guard current >= 1 else {
            error(
                .invalidPagePosition, "the current page must be 1 or more, not \(current) (pages are counted from 1)",
                at: position.current.location)
            return nil
        }
        guard total >= current else {
            error(
                .invalidPagePosition, "the current page (\(current)) is beyond the last page (total \(total))", at: position.total.location)
            return nil
        }
        let last = current + max(ownPages, 1) - 1
        guard last <= total else {
            error(
                .invalidPagePosition,
                "the form's \(ownPages) pages from page \(current) would end on page \(last), beyond the last page (total \(total))",
                at: position.total.location)
            return nil
        }
        return PagePosition(current: current, total: total)
    }
}
