/// Where a form stands in a longer wizard that a server deals out page by page
/// (`page_position: {current: 2, total: 4}`; a Divar-style schema's root `pages`): the form is
/// page ``current`` of ``total``. A form with pages of its own holds pages ``current`` …
/// ``current`` + its page count − 1 of the wizard.
public struct PagePosition: Hashable, Sendable {
    /// The wizard's number of the form's (first) page, from 1.
    public let current: Int
    /// How many pages the whole wizard has.
    public let total: Int

    public init(current: Int, total: Int) {
        self.current = current
        self.total = total
    }
}
