// RuleCheck's CSV reader next to the two well-kept Swift CSV libraries, on the same file: the
// measurement behind RuleCheckBatch's byte-level CSV scanner (Docs/performance.md, "Reading CSV").
//
// Each iteration reads one whole file into rows of `[String]` cells and counts the cells:
//
// * "csv library · RuleCheck RecordReader": `RecordReader(path:format: .csv)` → `nextBatch()` →
//   `decodeEach`, streaming in bounded memory (what `rulecheck check` does before checking);
// * "csv library · CSV.swift 2.5.2": yaslab/CSV.swift's `CSVReader(stream:hasHeaderRow: true)` over an
//   `InputStream` of the file, `next()` row after row (also streaming);
// * "csv library · SwiftCSV 0.10.0": `EnumeratedCSV(url:loadColumns: false)`, which reads the whole
//   file into one `String` and parses it into an array of rows (not streaming).
//
// Two files: the 20,000 osago records of BatchBenchmarks (few quotes), and the same cells with every
// cell quoted ("quoted"), the case where quote handling costs the most. Setup checks that the three
// libraries return the same rows as RuleCheck, and stops the run if they do not.
//
// Setup also prints to standard error how each library treats the corner cases of issue 5 (a BOM,
// CRLF, a line break inside quotes, an unterminated quote, invalid UTF-8, a short row): what the
// table in Docs/performance.md is made from.

import Benchmark
import CSV
import Foundation
import RuleCheckBatch
import SwiftCSV

func csvLibraryBenchmarks() {
    for variant in CSVLibraryData.Variant.allCases {
        let name = variant == .plain ? "osago" : "osago quoted"
        Benchmark("csv library · RuleCheck RecordReader · \(name)") { benchmark, data in
            blackHole(try RuleCheckRows.cellCount(path: data.path(variant)))
        } setup: {
            CSVLibraryData.shared
        }
        Benchmark("csv library · CSV.swift 2.5.2 · \(name)") { benchmark, data in
            blackHole(try CSVSwiftRows.cellCount(path: data.path(variant)))
        } setup: {
            CSVLibraryData.shared
        }
        Benchmark("csv library · SwiftCSV 0.10.0 · \(name)") { benchmark, data in
            blackHole(try SwiftCSVRows.cellCount(path: data.path(variant)))
        } setup: {
            CSVLibraryData.shared
        }
    }
}

/// The two files, written once per process from BatchBenchmarks' records, after checking that the
/// libraries agree on them.
final class CSVLibraryData: Sendable {
    enum Variant: CaseIterable { case plain, quoted }

    static let shared = CSVLibraryData()

    let plainPath: String
    let quotedPath: String

    private init() {
        let batch = BatchData.shared
        plainPath = batch.csvPath
        quotedPath = batch.csvPath.replacingOccurrences(of: ".csv", with: "-quoted.csv")
        do {
            if !FileManager.default.fileExists(atPath: quotedPath) {
                let header = try RuleCheckRows.rows(path: plainPath, header: true)
                let quote = { (cell: String) in "\"" + cell.replacingOccurrences(of: "\"", with: "\"\"") + "\"" }
                var text = ""
                for row in header {
                    text += row.map(quote).joined(separator: ",") + "\n"
                }
                try Data(text.utf8).write(to: URL(fileURLWithPath: quotedPath + ".partial"))
                try? FileManager.default.removeItem(atPath: quotedPath)
                try FileManager.default.moveItem(atPath: quotedPath + ".partial", toPath: quotedPath)
            }
            for path in [plainPath, quotedPath] {
                let expected = try RuleCheckRows.rows(path: path, header: false)
                precondition(expected.count == BatchData.count, "RuleCheck read \(expected.count) rows of \(path)")
                let (csvSwift, csvSwiftError) = try CSVSwiftRows.rows(path: path)
                Self.requireAgreement("CSV.swift", csvSwift, expected, path)
                if let csvSwiftError {
                    FileHandle.standardError.write(Data("CSV.swift's error after reading \(path): \(csvSwiftError)\n".utf8))
                }
                Self.requireAgreement("SwiftCSV", try SwiftCSVRows.rows(path: path), expected, path)
            }
            CSVCornerCases.printTable()
        } catch {
            // package-benchmark only prints an error thrown from setup and exits 0: stop instead.
            fatalError("CSV library benchmark setup failed: \(error)")
        }
    }

    /// Stops the run, naming the first row that differs, unless `rows` are `expected`.
    private static func requireAgreement(_ library: String, _ rows: [[String]], _ expected: [[String]], _ path: String) {
        guard rows != expected else { return }
        let index = zip(rows, expected).enumerated().first { $0.element.0 != $0.element.1 }?.offset ?? min(rows.count, expected.count)
        let theirs = index < rows.count ? "\(rows[index])" : "nothing"
        let ours = index < expected.count ? "\(expected[index])" : "nothing"
        fatalError("\(library) disagrees with RuleCheck on \(path), data row \(index + 1) of \(rows.count): \(theirs) instead of \(ours)")
    }

    func path(_ variant: Variant) -> String {
        variant == .plain ? plainPath : quotedPath
    }
}

/// RuleCheck's reader: streaming batches, decoded record by record.
enum RuleCheckRows {
    static func cellCount(path: String) throws -> Int {
        let reader = try RecordReader(path: path, format: .csv)
        var cells = 0
        while let batch = try reader.nextBatch() {
            batch.decodeEach { record in
                if case .cells(let row) = record.content { cells += row.count }
            }
        }
        return cells
    }

    /// The data rows (with the header first when `header` is true); a malformed record becomes
    /// `["<malformed: why>"]`.
    static func rows(path: String, header: Bool) throws -> [[String]] {
        try rows(reader: RecordReader(path: path, format: .csv), header: header)
    }

    static func rows(reader: RecordReader, header: Bool) throws -> [[String]] {
        var rows: [[String]] = header ? [reader.header ?? []] : []
        while let batch = try reader.nextBatch() {
            batch.decodeEach { record in
                switch record.content {
                case .cells(let cells): rows.append(cells)
                case .malformed(let why): rows.append(["<malformed at line \(record.line): \(why)>"])
                case .object: rows.append(["<object>"])
                }
            }
        }
        return rows
    }
}

/// yaslab/CSV.swift: a streaming reader over an `InputStream`.
enum CSVSwiftRows {
    static func cellCount(path: String) throws -> Int {
        let reader = try reader(InputStream(fileAtPath: path))
        var cells = 0
        while let row = reader.next() { cells += row.count }
        return cells
    }

    /// The rows, and the reader's `error` after the last one (on Linux it reports
    /// `cannotReadFile` at the end of every file, good or bad, so it cannot tell a failed read).
    static func rows(path: String) throws -> (rows: [[String]], error: (any Error)?) {
        try rows(stream: InputStream(fileAtPath: path))
    }

    static func rows(stream: InputStream?) throws -> (rows: [[String]], error: (any Error)?) {
        let reader = try reader(stream)
        var rows: [[String]] = []
        while let row = reader.next() { rows.append(row) }
        return (rows, reader.error)
    }

    private static func reader(_ stream: InputStream?) throws -> CSVReader {
        guard let stream else { throw CocoaError(.fileNoSuchFile) }
        return try CSVReader(stream: stream, hasHeaderRow: true)
    }
}

/// SwiftCSV: the whole file as one `String`, parsed into an array of rows.
enum SwiftCSVRows {
    static func cellCount(path: String) throws -> Int {
        let csv = try EnumeratedCSV(url: URL(fileURLWithPath: path), loadColumns: false)
        return csv.rows.reduce(0) { $0 + $1.count }
    }

    static func rows(path: String) throws -> [[String]] {
        try EnumeratedCSV(url: URL(fileURLWithPath: path), loadColumns: false).rows
    }
}

/// How each library reads the corner cases RuleCheck's reader is tested on.
enum CSVCornerCases {
    static let cases: [(name: String, bytes: [UInt8])] = [
        ("UTF-8 BOM", [0xEF, 0xBB, 0xBF] + Array("a,b\n1,2\n".utf8)),
        ("CRLF", Array("a,b\r\n1,2\r\n3,4\r\n".utf8)),
        ("line break in quotes", Array("a,b\n\"x\ny\",2\n3,4\n".utf8)),
        ("doubled quotes", Array("a,b\n\"say \"\"hi\"\"\",2\n".utf8)),
        ("unterminated quote", Array("a,b\n1,\"2\n3,4\n5,6\n".utf8)),
        ("invalid UTF-8", Array("a,b\n1,".utf8) + [0xFF] + Array("\n3,4\n".utf8)),
        ("short row", Array("a,b\n1\n3,4\n".utf8)),
    ]

    static func printTable() {
        var lines = ["CSV corner cases (data rows as each library returns them; header excluded):"]
        for (name, bytes) in cases {
            lines.append("• \(name)")
            lines.append(
                "    RuleCheck: "
                    + describe {
                        try RuleCheckRows.rows(
                            reader: RecordReader(bytes: bytes, name: name, format: .csv), header: false)
                    })
            lines.append(
                "    CSV.swift: "
                    + describe {
                        let (rows, error) = try CSVSwiftRows.rows(stream: InputStream(data: Data(bytes)))
                        return rows + (error.map { [["<error: \($0)>"]] } ?? [])
                    })
            lines.append(
                "    SwiftCSV:  "
                    + describe {
                        let url = URL(fileURLWithPath: NSTemporaryDirectory() + "rulecheck-corner-\(getpid()).csv")
                        defer { try? FileManager.default.removeItem(at: url) }
                        try Data(bytes).write(to: url)
                        return try SwiftCSVRows.rows(path: url.path)
                    })
        }
        FileHandle.standardError.write(Data((lines.joined(separator: "\n") + "\n").utf8))
    }

    private static func describe(_ read: () throws -> [[String]]) -> String {
        do {
            return try read().map { "\($0)" }.joined(separator: " ")
        } catch {
            return "throws \(error)"
        }
    }
}
