/// How a survey platform writes a form's answers as CSV columns, when that is not RuleCheck's own
/// way (a column per field, named by its path, `group.question`; a multi_choice as a JSON array).
///
/// ```swift
/// let columns = checker.columns(["SubmissionDate", "household-age", "KEY"], layout: .odk)
/// columns.unknown        // []: the system columns are known, household-age is household.age
/// columns.recordIDColumn // 2
/// ```
///
/// Under either layout a multi_choice's cell is its options' names separated by spaces
/// (`red blue`), as XLSForm writes a select_multiple's answer.
public enum ExportLayout: String, Sendable, Hashable, CaseIterable {
    /// ODK Central's CSV export (its main submissions file): group paths joined by `-`
    /// (`household-age`), Central's own columns (`SubmissionDate`, `KEY`, `meta-instanceID`, …),
    /// a geopoint's split columns (`loc-Latitude`, …).
    case odk
    /// KoboToolbox's CSV export: group paths joined by `/` (`household/age`), or a question's
    /// name alone when exported without the groups in headers (`age`), Kobo's own columns
    /// (`_id`, `_uuid`, `_submission_time`, …), a select_multiple's 0/1 column per option
    /// (`colours/red`) and a geopoint's split columns (`_loc_latitude`, …).
    case kobo

    /// What joins the names of a group path in a header.
    var pathSeparator: Character {
        switch self {
        case .odk: "-"
        case .kobo: "/"
        }
    }

    /// The columns the platform writes of its own: never a field, never unknown.
    var systemColumns: Set<String> {
        switch self {
        case .odk:
            [
                "SubmissionDate", "meta-instanceID", "instanceID", "KEY", "SubmitterID", "SubmitterName",
                "AttachmentsPresent", "AttachmentsExpected", "Status", "ReviewState", "DeviceID", "Edits", "FormVersion",
                "meta-instanceName", "meta-deprecatedID",
            ]
        case .kobo:
            [
                "_id", "_uuid", "_submission_time", "_validation_status", "_notes", "_status", "_submitted_by",
                "__version__", "_tags", "_index", "meta/instanceID", "formhub/uuid", "start", "end",
            ]
        }
    }

    /// The columns that name a submission, the first the header has of them read as its record id.
    var recordIDColumns: [String] {
        switch self {
        case .odk: ["meta-instanceID", "instanceID", "KEY"]
        case .kobo: ["_uuid", "meta/instanceID"]
        }
    }

    /// The header of the question whose geopoint a split column holds a part of, and which part
    /// it is (0 latitude, 1 longitude, 2 altitude, 3 accuracy), or nil for a header that is no
    /// such column: ODK Central's `loc-Latitude`, `-Longitude`, `-Altitude`, `-Accuracy`
    /// (`place-spot-Latitude` in a group); Kobo's `_loc_latitude`, `_longitude`, `_altitude`,
    /// `_precision` (`place/_spot_latitude` in a group).
    func geopointPart(_ header: String) -> (question: String, part: Int)? {
        let suffixes =
            switch self {
            case .odk: ["-Latitude", "-Longitude", "-Altitude", "-Accuracy"]
            case .kobo: ["_latitude", "_longitude", "_altitude", "_precision"]
            }
        guard let part = suffixes.firstIndex(where: { header.hasSuffix($0) }) else { return nil }
        let question = header.dropLast(suffixes[part].count)
        switch self {
        case .odk:
            guard !question.isEmpty, question.last != "-" else { return nil }
            return (String(question), part)
        case .kobo:
            // The `_` is the last name's: `place/_spot`.
            let group = question.lastIndex(of: "/").map { question[...$0] } ?? ""
            let name = question.dropFirst(group.count)
            guard name.first == "_", name.count > 1 else { return nil }
            return (String(group) + String(name.dropFirst()), part)
        }
    }

    /// The field path a header names (`household-age` → `household.age`), or nil for a header
    /// that has a `.` of its own (no path of the layout's has one).
    func fieldPath(_ header: String) -> String? {
        guard !header.contains(".") else { return nil }
        return String(header.map { $0 == pathSeparator ? "." : $0 })
    }
}
