/// How the columns of a CSV header map to fields: prepared once per file.
///
/// ```swift
/// let columns = checker.columns(["doc_type", "doc_number", "comment"])
/// columns.unknown   // ["comment"]
/// ```
public struct ColumnMap: Sendable {
    /// The field of each column (`nil` for columns no field matches).
    let fields: [FieldID?]
    /// Whether each field has a column.
    let hasColumn: [Bool]
    /// The header as read.
    public let header: [String]
    /// How the export writes its columns; nil for RuleCheck's own way.
    public let layout: ExportLayout?
    /// Columns no field matches that the layout knows (its system columns, a select_multiple's
    /// 0/1 columns, a geopoint's split columns): not unknown.
    let known: Set<Int>
    /// The column whose cell names the submission (``ExportLayout``'s instance id), if the
    /// header has one.
    public let recordIDColumn: Int?
    /// A select_multiple's 0/1 columns (Kobo's `colours/red`), each checked against its field's
    /// answer.
    let choiceColumns: [ChoiceColumn]
    /// The geopoints written in split columns (ODK Central's `loc-Latitude` …, Kobo's
    /// `_loc_latitude` …), in the order of their fields.
    let geopoints: [GeopointColumns]

    /// A column that says whether one option of a multi_choice field is chosen (`1`) or not (`0`).
    struct ChoiceColumn: Sendable {
        /// The column's index in the header.
        let column: Int
        /// The multi_choice field.
        let field: FieldID
        /// The index of the option in the field's options.
        let option: Int
    }

    /// The columns a geopoint's parts are written in: latitude, longitude, altitude, accuracy
    /// (nil for a part the header lacks).
    struct GeopointColumns: Sendable {
        /// The geopoint's field.
        let field: FieldID
        /// The column of each part.
        let parts: [Int?]
        /// Whether the field has a column of its own (Kobo's `loc`): otherwise its answer is its
        /// parts.
        let hasOwnColumn: Bool
    }

    init(
        fields: [FieldID?], hasColumn: [Bool], header: [String], duplicates: [String], layout: ExportLayout? = nil,
        known: Set<Int> = [], recordIDColumn: Int? = nil, choiceColumns: [ChoiceColumn] = [],
        geopoints: [GeopointColumns] = []
    ) {
        self.fields = fields
        self.hasColumn = hasColumn
        self.header = header
        self.duplicates = duplicates
        self.layout = layout
        self.known = known
        self.recordIDColumn = recordIDColumn
        self.choiceColumns = choiceColumns
        self.geopoints = geopoints
    }

    /// Columns that no field matches (and the layout does not know), in header order.
    public var unknown: [String] {
        header.indices.filter { fields[$0] == nil && !known.contains($0) }.map { header[$0] }
    }

    /// Columns named twice (the later one is ignored).
    public let duplicates: [String]
}
