import Foundation
import Testing
import _RuleCheckTestSupport

/// `check --layout odk|kobo`: exports written as ODK Central and KoboToolbox write them, checked
/// against the XLSForm they were collected with.
extension CLITests {
    /// Docs/xlsform.md's household form with a group, a select_multiple, a geopoint and French
    /// constraint messages.
    static let surveyForm = """
        | survey |                        |           |               |          |                    |                     |                    |                                 |
        |        | type                   | name      | label         | required | relevant           | constraint          | constraint_message | constraint_message::French (fr) |
        |        | begin group            | household | Household     |          |                    |                     |                    |                                 |
        |        | integer                | age       | Age           | yes      |                    | . >= 0 and . <= 120 | Between 0 and 120  | Entre 0 et 120                  |
        |        | select_one yn          | married   | Married?      | yes      |                    |                     |                    |                                 |
        |        | text                   | spouse    | Spouse's name | yes      | ${married} = 'yes' |                     |                    |                                 |
        |        | end group              |           |               |          |                    |                     |                    |                                 |
        |        | select_multiple colour | colours   | Colours       |          |                    |                     |                    |                                 |
        |        | geopoint               | loc       | Location      |          |                    |                     |                    |                                 |
        | choices |        |       |       |
        |         | list_name | name  | label |
        |         | yn     | yes   | Yes   |
        |         | yn     | no    | No    |
        |         | colour | red   | Red   |
        |         | colour | green | Green |
        |         | colour | blue  | Blue  |
        """

    /// ODK Central's main CSV: every system column, a geopoint in split columns, one column
    /// (`comment`) that is no question's. Planted: a constraint broken (a2), required missing
    /// while relevant (a3), an answer in a non-relevant question (a4), a choice not in the list
    /// (a5), a wrong type (a6).
    static let odkExport = """
        SubmissionDate,household-age,household-married,household-spouse,colours,loc-Latitude,loc-Longitude,loc-Altitude,loc-Accuracy,meta-instanceID,KEY,SubmitterID,SubmitterName,AttachmentsPresent,AttachmentsExpected,Status,ReviewState,DeviceID,Edits,FormVersion,meta-instanceName,meta-deprecatedID,instanceID,comment
        2024-03-01T10:00:00.000Z,34,yes,Maria,red blue,12.5,-8.1,100,5,uuid:a1,uuid:a1,5,Ana,0,0,,,collect:x1,0,1,,,,
        2024-03-01T11:00:00.000Z,130,no,,red,12.5,-8.1,100,5,uuid:a2,uuid:a2,5,Ana,0,0,,,collect:x1,0,1,,,,
        2024-03-01T12:00:00.000Z,40,yes,,,,,,,uuid:a3,uuid:a3,5,Ana,0,0,,approved,collect:x1,0,1,,,,
        2024-03-01T13:00:00.000Z,16,no,Ann,blue,,,,,uuid:a4,uuid:a4,5,Ana,0,0,,hasIssues,collect:x1,1,1,,,,
        2024-03-01T14:00:00.000Z,50,no,,red purple,,,,,uuid:a5,uuid:a5,5,Ana,0,0,,,collect:x1,0,1,,,,
        2024-03-01T15:00:00.000Z,forty,no,,,,,,,uuid:a6,uuid:a6,5,Ana,0,0,,,collect:x1,0,1,,,,

        """

    /// KoboToolbox's CSV: `;` between quoted cells, `/` in paths, the system columns, 0/1
    /// columns of the select_multiple, a geopoint's split columns, one column (`remark`) that is
    /// no question's. Planted as in ``odkExport`` (k2–k6), and 0/1 columns that disagree with
    /// the answer (k7) or stand for an answer that is blank (k8).
    static let koboExport = """
        "start";"end";"household/age";"household/married";"household/spouse";"colours";"colours/red";"colours/green";"colours/blue";"loc";"_loc_latitude";"_loc_longitude";"_loc_altitude";"_loc_precision";"meta/instanceID";"formhub/uuid";"_id";"_uuid";"_submission_time";"_validation_status";"_notes";"_status";"_submitted_by";"__version__";"_tags";"_index";"remark"
        "2024-03-01T10:00:00.000+01:00";"2024-03-01T10:04:00.000+01:00";"34";"yes";"Maria";"red blue";"1";"0";"1";"12.5 -8.1 100 5";"12.5";"-8.1";"100";"5";"uuid:k1";"f1";"101";"k1";"2024-03-01T09:05:00";"";"";"submitted_via_web";"";"vQ";"";"1";""
        "2024-03-01T11:00:00.000+01:00";"2024-03-01T11:04:00.000+01:00";"130";"no";"";"red";"1";"0";"0";"";"";"";"";"";"uuid:k2";"f1";"102";"k2";"2024-03-01T10:05:00";"";"";"submitted_via_web";"";"vQ";"";"2";""
        "2024-03-01T12:00:00.000+01:00";"2024-03-01T12:04:00.000+01:00";"40";"yes";"";"";"0";"0";"0";"";"";"";"";"";"uuid:k3";"f1";"103";"k3";"2024-03-01T11:05:00";"";"";"submitted_via_web";"";"vQ";"";"3";""
        "2024-03-01T13:00:00.000+01:00";"2024-03-01T13:04:00.000+01:00";"16";"no";"Ann";"blue";"0";"0";"1";"";"";"";"";"";"uuid:k4";"f1";"104";"k4";"2024-03-01T12:05:00";"";"";"submitted_via_web";"";"vQ";"";"4";""
        "2024-03-01T14:00:00.000+01:00";"2024-03-01T14:04:00.000+01:00";"50";"no";"";"red purple";"1";"0";"0";"";"";"";"";"";"uuid:k5";"f1";"105";"k5";"2024-03-01T13:05:00";"";"";"submitted_via_web";"";"vQ";"";"5";""
        "2024-03-01T15:00:00.000+01:00";"2024-03-01T15:04:00.000+01:00";"forty";"no";"";"";"";"";"";"";"";"";"";"";"uuid:k6";"f1";"106";"k6";"2024-03-01T14:05:00";"";"";"submitted_via_web";"";"vQ";"";"6";""
        "2024-03-01T16:00:00.000+01:00";"2024-03-01T16:04:00.000+01:00";"60";"no";"";"red";"1";"1";"0";"";"";"";"";"";"uuid:k7";"f1";"107";"k7";"2024-03-01T15:05:00";"";"";"submitted_via_web";"";"vQ";"";"7";""
        "2024-03-01T17:00:00.000+01:00";"2024-03-01T17:04:00.000+01:00";"70";"no";"";"";"0";"0";"1";"";"";"";"";"";"uuid:k8";"f1";"108";"k8";"2024-03-01T16:05:00";"";"";"submitted_via_web";"";"vQ";"";"8";""

        """

    /// Checks `export` (its text) against ``surveyForm`` under `layout`, with `arguments`
    /// besides; gives the run and the export's path. Standard error says what is approximated.
    func checkSurvey(_ export: String, layout: String, _ arguments: [String] = []) throws -> (run: CLIRun, export: String) {
        let form = try temporary(Self.surveyForm, "md")
        let path = try temporary(export, "csv")
        let run = try rulecheck(["check", "--rules", form, "--layout", layout, path] + arguments)
        expectEqual(
            run.stderr,
            "\(form):9:2: warning: survey!B9: approximated: RuleCheck has no geopoint type: the answer is text that must look like latitude longitude [altitude accuracy] [RC7011]\n"
        )
        return (run, path)
    }

    @Test func anODKCentralExportIsCheckedWithItsSubmissionsNamed() throws {
        let (run, export) = try checkSurvey(Self.odkExport, layout: "odk")
        expectEqual(run.status, 1)
        expectEqual(
            run.stdout,
            """
            \(export): file, line 1
              warning comment  unknown_column  'comment' is not a field of the rules
            \(export): record 2 (uuid:a2), line 3
              error   household.age  check  Between 0 and 120 (value "130")
            \(export): record 3 (uuid:a3), line 4
              error   household.spouse  required  Spouse's name is required
            \(export): record 4 (uuid:a4), line 5
              warning household.spouse  hidden_value  Spouse's name has a value but is hidden (value "Ann")
            \(export): record 5 (uuid:a5), line 6
              error   colours  option  Colours: 'red purple' is not one of the options (value "red purple")
            \(export): record 6 (uuid:a6), line 7
              error   household.age  type  Age: 'forty' is not a whole number (value "forty")

            1 file, 6 records: 2 valid, 4 invalid — 4 errors, 2 warnings
              by code:  check 1, hidden_value 1, option 1, required 1, type 1, unknown_column 1
              by field: household.age 2, household.spouse 2, colours 1, comment 1

            """)
    }

    @Test func aKoboExportIsCheckedWithItsChoiceColumns() throws {
        let (run, export) = try checkSurvey(Self.koboExport, layout: "kobo")
        expectEqual(run.status, 1)
        expectEqual(
            run.stdout,
            """
            \(export): file, line 1
              warning remark  unknown_column  'remark' is not a field of the rules
            \(export): record 2 (k2), line 3
              error   household.age  check  Between 0 and 120 (value "130")
            \(export): record 3 (k3), line 4
              error   household.spouse  required  Spouse's name is required
            \(export): record 4 (k4), line 5
              warning household.spouse  hidden_value  Spouse's name has a value but is hidden (value "Ann")
            \(export): record 5 (k5), line 6
              error   colours  option  Colours: 'red purple' is not one of the options (value "red purple")
            \(export): record 6 (k6), line 7
              error   household.age  type  Age: 'forty' is not a whole number (value "forty")
            \(export): record 7 (k7), line 8
              error   colours  choice_columns  column 'colours/green' is 1, but Colours is 'red' (value "1")
            \(export): record 8 (k8), line 9
              error   colours  choice_columns  column 'colours/blue' is 1, but Colours has no answer (value "1")

            1 file, 8 records: 2 valid, 6 invalid — 6 errors, 2 warnings
              by code:  choice_columns 2, check 1, hidden_value 1, option 1, required 1, type 1, unknown_column 1
              by field: colours 3, household.age 2, household.spouse 2, remark 1

            """)
    }

    /// KoboToolbox exports without the groups in headers by default ("Include groups in headers"
    /// unticked): `age`, not `household/age`. A bare name is the question of that name, so the
    /// findings are the same as with groups.
    @Test func aKoboExportWithoutGroupsInHeaders() throws {
        let bare = Self.koboExport.replacingOccurrences(of: "\"household/", with: "\"")
        #expect(bare.hasPrefix(#""start";"end";"age";"married";"spouse";"colours";"#))
        let (withGroups, grouped) = try checkSurvey(Self.koboExport, layout: "kobo")
        let (without, export) = try checkSurvey(bare, layout: "kobo")
        expectEqual(without.status, 1)
        expectEqual(without.stdout, withGroups.stdout.replacingOccurrences(of: grouped, with: export))

        // A name two groups' questions share is no one question: unknown, as is a bare name
        // under ODK Central's layout (Central always writes the groups).
        let form = try temporary(
            """
            | survey |             |      |       |
            |        | type        | name | label |
            |        | begin group | a    | A     |
            |        | integer     | age  | Age   |
            |        | end group   |      |       |
            |        | begin group | b    | B     |
            |        | integer     | age  | Age   |
            |        | text        | note | Note  |
            |        | end group   |      |       |
            """, "md")
        let shared = try temporary("\"age\";\"note\";\"_uuid\"\n\"5\";\"x\";\"u1\"\n", "csv")
        let ambiguous = try rulecheck(["check", "--rules", form, "--layout", "kobo", shared])
        expectEqual(ambiguous.status, 0)
        #expect(ambiguous.stdout.contains("  warning age  unknown_column  'age' is not a field of the rules\n"))
        #expect(!ambiguous.stdout.contains("'note'"))
        let central = try temporary("note,KEY\nx,uuid:1\n", "csv")
        let odk = try rulecheck(["check", "--rules", form, "--layout", "odk", central])
        expectEqual(odk.status, 0)
        #expect(odk.stdout.contains("  warning note  unknown_column  'note' is not a field of the rules\n"))
    }

    @Test func theReportsOfMachinesCarryTheRecordID() throws {
        let run = try checkSurvey(Self.odkExport, layout: "odk", ["--format", "jsonl"]).run
        expectEqual(run.status, 1)
        let lines = try run.stdout.split(separator: "\n").dropLast().map { line in
            try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
        }
        // The header's finding is about the file: no submission.
        expectEqual(lines.map { $0["recordId"] as? String }, [nil, "uuid:a2", "uuid:a3", "uuid:a4", "uuid:a5", "uuid:a6"])
        let json = try checkSurvey(Self.odkExport, layout: "odk", ["--format", "json"]).run
        #expect(json.stdout.contains(#""record":2,"recordId":"uuid:a2","severity":"error""#))
        let sarif = try checkSurvey(Self.odkExport, layout: "odk", ["--format", "sarif"]).run
        #expect(sarif.stdout.contains(#""recordId":"uuid:a2""#))
        let junit = try checkSurvey(Self.odkExport, layout: "odk", ["--format", "junit"]).run
        #expect(junit.stdout.contains(#"name="record 2 uuid:a2 (line 3)""#))
    }

    /// The HTML report's examples name the submission in a column of their own; the header's
    /// finding (record 0, in a table of its own) has none. A report of records without ids has no such column.
    @Test func theHTMLReportNamesTheSubmission() throws {
        let html = try checkSurvey(Self.odkExport, layout: "odk", ["--format", "html"]).run
        expectEqual(html.status, 1)
        #expect(html.stdout.contains("<th class=\"n\">record</th><th>submission</th><th class=\"n\">line</th>"))
        #expect(html.stdout.contains(#"<tr class="error" data-record="2" data-line="3" data-record-id="uuid:a2">"#))
        #expect(html.stdout.contains(#"<td class="n">2</td><td><code>uuid:a2</code></td><td class="n">3</td>"#))
        // The header's finding (unknown_column, record 0) is in a table of its own, of no submission.
        let unknown = try #require(html.stdout.range(of: #"data-examples="unknown_column""#))
        let head = try #require(html.stdout[unknown.upperBound...].range(of: "</thead>"))
        #expect(!html.stdout[unknown.upperBound..<head.lowerBound].contains("submission"))
        let plain = try temporary("household.age\n130\n", "csv")
        let form = try temporary(Self.surveyForm, "md")
        let unnamed = try rulecheck(["check", "--rules", form, plain, "--format", "html"])
        expectEqual(unnamed.status, 1)
        #expect(unnamed.stdout.contains("<th class=\"n\">record</th><th class=\"n\">line</th>"))
        #expect(!unnamed.stdout.contains("submission"))
        #expect(!unnamed.stdout.contains("data-record-id"))
    }

    @Test func frenchConstraintMessagesUnderLocaleFr() throws {
        let run = try checkSurvey(Self.odkExport, layout: "odk", ["--locale", "fr"]).run
        expectEqual(run.status, 1)
        let lines = run.stdout.split(separator: "\n").map(String.init)
        #expect(lines.contains("  error   household.age  check  Entre 0 et 120 (value \"130\")"))
        #expect(!run.stdout.contains("Between 0 and 120"))
    }

    /// The household form in English and Persian: labels, a constraint message and a required
    /// message per language.
    static let persianForm = """
        | survey |                        |           |               |                   |          |                    |                     |                    |                                  |                      |                                 |
        |        | type                   | name      | label         | label::Persian (fa) | required | relevant           | constraint          | constraint_message | constraint_message::Persian (fa) | required_message     | required_message::Persian (fa)  |
        |        | begin group            | household | Household     | خانوار              |          |                    |                     |                    |                                  |                      |                                 |
        |        | integer                | age       | Age           | سن                  | yes      |                    | . >= 0 and . <= 120 | Between 0 and 120  | بین ۰ و ۱۲۰                      |                      |                                 |
        |        | select_one yn          | married   | Married?      | متأهل؟              | yes      |                    |                     |                    |                                  |                      |                                 |
        |        | text                   | spouse    | Spouse's name | نام همسر            | yes      | ${married} = 'yes' |                     |                    |                                  | Name your spouse     | نام همسر را بنویسید             |
        |        | end group              |           |               |                     |          |                    |                     |                    |                                  |                      |                                 |
        |        | select_multiple colour | colours   | Colours       | رنگ‌ها              |          |                    |                     |                    |                                  |                      |                                 |
        | choices |           |       |       |              |
        |         | list_name | name  | label | label::Persian (fa) |
        |         | yn        | yes   | Yes   | بله          |
        |         | yn        | no    | No    | خیر          |
        |         | colour    | red   | Red   | قرمز         |
        |         | colour    | green | Green | سبز          |
        |         | colour    | blue  | Blue  | آبی          |
        """

    /// Planted errors in a KoboToolbox export, reported in Persian under `--locale fa`: the
    /// form's own constraint and required messages, and RuleCheck's Persian messages naming a
    /// question by its Persian label (`titles:`); the expected lines written by hand. A cell is
    /// shown as it is written (`1`).
    @Test func plantedErrorsInPersianUnderLocaleFa() throws {
        let form = try temporary(Self.persianForm, "md")
        let export = try temporary(
            """
            "household/age";"household/married";"household/spouse";"colours";"colours/red";"colours/green";"colours/blue";"_uuid"
            "34";"yes";"Maria";"red blue";"1";"0";"1";"p1"
            "130";"no";"";"red";"1";"0";"0";"p2"
            "40";"yes";"";"";"0";"0";"0";"p3"
            "16";"no";"Ann";"blue";"0";"0";"1";"p4"
            "50";"no";"";"red purple";"1";"0";"0";"p5"
            "forty";"no";"";"";"";"";"";"p6"
            "60";"no";"";"red";"1";"1";"0";"p7"

            """, "csv")
        let run = try rulecheck(["check", "--rules", form, "--layout", "kobo", "--locale", "fa", export])
        expectEqual(run.status, 1)
        let lines = run.stdout.split(separator: "\n").map(String.init)
        for expected in [
            "\(export): record 2 (p2), line 3",
            "  error   household.age  check  بین ۰ و ۱۲۰ (value \"130\")",
            "\(export): record 3 (p3), line 4",
            "  error   household.spouse  required  نام همسر را بنویسید",
            "\(export): record 4 (p4), line 5",
            "  warning household.spouse  hidden_value  «نام همسر» پنهان است اما مقدار دارد (value \"Ann\")",
            "\(export): record 5 (p5), line 6",
            "  error   colours  option  «red purple» از گزینه‌های «رنگ‌ها» نیست (value \"red purple\")",
            "\(export): record 6 (p6), line 7",
            "  error   household.age  type  «سن»: «forty» عدد صحیح نیست (value \"forty\")",
            "\(export): record 7 (p7), line 8",
            "  error   colours  choice_columns  ستون «colours/green» برابر 1 است، اما «رنگ‌ها» برابر «red» است (value \"1\")",
        ] {
            #expect(lines.contains(expected), "missing: \(expected)\n\(run.stdout)")
        }
        expectEqual(lines.filter { $0.hasPrefix(export) }.count, 6)
        #expect(!run.stdout.contains("Between 0 and 120"))
        #expect(!run.stdout.contains("Name your spouse"))
    }

    @Test func systemColumnsAreKnownOnlyUnderTheirLayout() throws {
        let form = try temporary(Self.surveyForm, "md")
        // Kobo's columns in an ODK export are unknown, and the other way round; a path in the
        // other layout's spelling names no question.
        let odkRun = try checkSurvey("household-age,_uuid,KEY\n30,k1,uuid:a1\n", layout: "odk", ["--format", "summary"]).run
        expectEqual(odkRun.stdout.split(separator: "\n").suffix(3), ["by field:", "  _uuid              1", "  household.married  1"])
        let koboRun = try checkSurvey("household/age;KEY;_uuid\n30;uuid:a1;k1\n", layout: "kobo", ["--format", "summary"]).run
        expectEqual(koboRun.stdout.split(separator: "\n").suffix(3), ["by field:", "  KEY                1", "  household.married  1"])
        // Without --layout, a system column is a column like any other, and names no record.
        let plain = try temporary("household.age,household.married,KEY\n130,no,uuid:a1\n", "csv")
        let plainRun = try rulecheck(["check", "--rules", form, plain])
        #expect(plainRun.stdout.contains("  warning KEY  unknown_column  'KEY' is not a field of the rules\n"))
        #expect(plainRun.stdout.contains("\(plain): record 1, line 2\n"))
    }

    /// A required geopoint, and another in a group.
    static let geopointForm = """
        | survey |             |       |          |          |
        |        | type        | name  | label    | required |
        |        | geopoint    | loc   | Location | yes      |
        |        | begin group | place | Place    |          |
        |        | geopoint    | spot  | Spot     |          |
        |        | end group   |       |          |          |
        """

    /// Checks `export` against ``geopointForm`` under `layout`; standard error says that both
    /// geopoints are approximated.
    func checkGeopoints(_ export: String, layout: String) throws -> (run: CLIRun, export: String) {
        let form = try temporary(Self.geopointForm, "md")
        let path = try temporary(export, "csv")
        let run = try rulecheck(["check", "--rules", form, "--layout", layout, path])
        let approximated =
            "approximated: RuleCheck has no geopoint type: the answer is text that must look like latitude longitude [altitude accuracy]"
        expectEqual(
            run.stderr,
            "\(form):3:2: warning: survey!B3: \(approximated) [RC7011]\n\(form):5:2: warning: survey!B5: \(approximated) [RC7011]\n")
        return (run, path)
    }

    @Test func anODKGeopointIsReadFromItsSplitColumns() throws {
        // Central writes a geopoint only as its four parts (no `loc` column): g1 answers, g2 does
        // not, g3 and g4 have a latitude and a longitude out of range, g5 a part that is no
        // number, g6 a latitude blank beside a longitude; g4's `spot` has two parts only.
        let (run, export) = try checkGeopoints(
            """
            loc-Latitude,loc-Longitude,loc-Altitude,loc-Accuracy,place-spot-Latitude,place-spot-Longitude,place-spot-Altitude,place-spot-Accuracy,KEY
            12.5,-8.1,100,5,,,,,uuid:g1
            ,,,,,,,,uuid:g2
            95,-8.1,100,5,,,,,uuid:g3
            12.5,-181,,,1.5,2,,,uuid:g4
            12.5,east,100,5,,,,,uuid:g5
            ,-8.1,100,5,,,,,uuid:g6

            """, layout: "odk")
        expectEqual(run.status, 1)
        expectEqual(
            run.stdout,
            """
            \(export): record 2 (uuid:g2), line 3
              error   loc  required  Location is required
            \(export): record 3 (uuid:g3), line 4
              error   loc  geopoint_columns  column 'loc-Latitude' of Location must be between -90 and 90 (value "95")
            \(export): record 4 (uuid:g4), line 5
              error   loc  geopoint_columns  column 'loc-Longitude' of Location must be between -180 and 180 (value "-181")
            \(export): record 5 (uuid:g5), line 6
              error   loc  pattern           Location has the wrong format (value "12.5 east 100 5")
              error   loc  geopoint_columns  column 'loc-Longitude' of Location is not a number (value "east")
            \(export): record 6 (uuid:g6), line 7
              error   loc  pattern           Location has the wrong format (value " -8.1 100 5")
              error   loc  geopoint_columns  column 'loc-Latitude' of Location is blank, while the location's other columns are not

            1 file, 6 records: 1 valid, 5 invalid — 7 errors, 0 warnings
              by code:  geopoint_columns 4, pattern 2, required 1
              by field: loc 7

            """)
    }

    @Test func aKoboGeopointIsItsColumnAndItsSplitColumnsAgree() throws {
        // Kobo writes `loc` and its parts: k1 and k6 agree, k2 does not answer, k3's latitude is
        // out of range (in both), k4's longitude says otherwise than `loc`, k5's parts stand for
        // an answer that is blank. The group's geopoint is `place/spot`, its parts `place/_spot_…`.
        let (run, export) = try checkGeopoints(
            """
            "loc";"_loc_latitude";"_loc_longitude";"_loc_altitude";"_loc_precision";"place/spot";"place/_spot_latitude";"place/_spot_longitude";"place/_spot_altitude";"place/_spot_precision";"_uuid"
            "12.5 -8.1 100 5";"12.5";"-8.1";"100";"5";"";"";"";"";"";"k1"
            "";"";"";"";"";"";"";"";"";"";"k2"
            "95 -8.1 100 5";"95";"-8.1";"100";"5";"";"";"";"";"";"k3"
            "12.5 -8.1 100 5";"12.5";"-8.2";"100";"5";"";"";"";"";"";"k4"
            "";"12.5";"-8.1";"";"";"";"";"";"";"";"k5"
            "12.5 -8.1";"12.5";"-8.1";"";"";"1.5 2";"1.5";"2";"";"";"k6"

            """, layout: "kobo")
        expectEqual(run.status, 1)
        expectEqual(
            run.stdout,
            """
            \(export): record 2 (k2), line 3
              error   loc  required  Location is required
            \(export): record 3 (k3), line 4
              error   loc  geopoint_columns  column '_loc_latitude' of Location must be between -90 and 90 (value "95")
            \(export): record 4 (k4), line 5
              error   loc  geopoint_columns  column '_loc_longitude' is -8.2, but Location is '12.5 -8.1 100 5' (value "-8.2")
            \(export): record 5 (k5), line 6
              error   loc  required          Location is required
              error   loc  geopoint_columns  column '_loc_latitude' is 12.5, but Location has no answer (value "12.5")
              error   loc  geopoint_columns  column '_loc_longitude' is -8.1, but Location has no answer (value "-8.1")

            1 file, 6 records: 2 valid, 4 invalid — 6 errors, 0 warnings
              by code:  geopoint_columns 4, required 2
              by field: loc 6

            """)
        // Without `loc`, its parts are the answer, as Central's are.
        let parts = try checkGeopoints("_loc_latitude;_loc_longitude;_uuid\n12.5;-8.1;k1\n;;k2\n", layout: "kobo")
        expectEqual(parts.run.status, 1)
        #expect(parts.run.stdout.hasPrefix("\(parts.export): record 2 (k2), line 3\n  error   loc  required  Location is required\n\n"))
    }

    @Test func aLayoutReadsCSVOnly() throws {
        let form = try temporary(Self.surveyForm, "md")
        let json = try temporary("{\"household\": {\"age\": 3}}\n", "jsonl")
        let run = try rulecheck(["check", "--rules", form, "--layout", "odk", json])
        expectEqual(run.status, 2)
        #expect(run.stderr.contains("--layout reads CSV exports"))
    }
}
