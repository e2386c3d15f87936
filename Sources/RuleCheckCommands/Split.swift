import ArgumentParser
import Foundation
import RuleCheck
import RuleCheckBatch

struct Split: RuleCheckSubcommand {
    static let configuration = CommandConfiguration(
        abstract: "Cut a CSV, TSV, JSON Lines or JSON-array export into slices at record boundaries.",
        discussion: """
            The slices can be checked apart — by GNU parallel, by Spark executors — with \
            'rulecheck check --format slice', and 'rulecheck merge' makes of their reports the \
            report of one check of the whole file. The file is cut only between records (never \
            inside a quoted cell), by the same readers that check it.

            Writes into the output directory: the slices (part-00000.csv, …), for CSV and TSV the \
            header (header.csv: the bytes before the first record), and manifest.json (offsets, \
            first record and line, records, and each slice's check arguments). Prints, for each \
            slice, the arguments that check it.

            Examples:
              rulecheck split export.csv --parts 8 --output slices
              rulecheck split export.jsonl --size 256M --output slices --manifest-only
            """)

    @Argument(help: "The file to cut (a regular file; gzip or zstd is cut in its decompressed bytes, into plain slices).")
    var file: String

    @Option(help: ArgumentHelp("Cut into this many slices of about the same size (fewer if the file has fewer records).", valueName: "n"))
    var parts: Int?

    @Option(help: ArgumentHelp("Cut into slices of about this size: bytes, or with K, M or G (1024-based).", valueName: "size"))
    var size: String?

    @Option(help: ArgumentHelp("The directory to write into; it must be empty or not exist.", valueName: "dir"))
    var output = "slices"

    @Option(help: "The input format (default: from the file's extension).")
    var input: RecordFormat?

    @Option(help: "The CSV delimiter: ',', ';', 'tab', '|' or another ASCII character.")
    var delimiter: CSVDelimiter?

    @Option(help: ArgumentHelp("The name the slices' reports give the file (default: its path as given).", valueName: "name"))
    var name: String?

    @Flag(help: "Write the manifest (and the header) only, not the slices: readers take each slice's bytes from the file itself.")
    var manifestOnly = false

    func validate() throws {
        switch (parts, size) {
        case (nil, nil), (.some, .some): throw ValidationError("give --parts or --size")
        case (let parts?, nil) where !(1...1_000_000).contains(parts): throw ValidationError("--parts must be between 1 and 1000000")
        case (nil, let size?) where Self.bytes(size) == nil:
            throw ValidationError("--size takes a positive size like 500000, 64K, 256M or 2G, not '\(size)'")
        default: break
        }
        if input == nil, RecordFormat(path: file) == nil {
            throw ValidationError("cannot tell the format of '\(file)' from its name; give --input csv|tsv|json|jsonl")
        }
        if file == "-" { throw ValidationError("split reads a file twice (to plan, then to cut): give a file, not '-'") }
    }

    /// `500000`, `64K`, `256M`, `2G` (1024-based) as bytes; nil for anything else.
    static func bytes(_ text: String) -> Int64? {
        let units: [Character: Int64] = ["K": 1 << 10, "M": 1 << 20, "G": 1 << 30]
        let unit = text.last.flatMap { units[Character($0.uppercased())] }
        guard let number = Int64(unit == nil ? text : String(text.dropLast())), number > 0 else { return nil }
        let (bytes, overflow) = number.multipliedReportingOverflow(by: unit ?? 1)
        return overflow ? nil : bytes
    }

    func run(streams: StandardStreams) throws {
        do {
            try split(streams: streams)
        } catch let failure as SplitFailure {
            var stderr = StandardError(streams)
            print("rulecheck: \(failure.message)", to: &stderr)
            throw ExitCode(3)
        }
    }

    private func split(streams: StandardStreams) throws {
        if manifestOnly, let compression = (try? InputBytes(path: file))?.compression {
            throw ValidationError(
                "--manifest-only leaves the slices in the file, and '\(file)' is \(compression.rawValue)-compressed: its slices must be written out (leave out --manifest-only)"
            )
        }
        let format = input ?? RecordFormat(path: file) ?? .csv
        let plan: SlicePlan
        do {
            let cut: SlicePlan.Size = if let parts { .parts(parts) } else { .bytes(size.flatMap(Self.bytes) ?? 1) }
            plan = try SlicePlan(path: file, format: format, by: cut, options: RecordReader.Options(delimiter: delimiter))
        } catch let error as InputError {
            throw SplitFailure(message: VisibleText.escaped(error.description))
        }
        let manifest = SliceManifest(plan: plan, source: file, name: name ?? file, delimiter: delimiter, writesSlices: !manifestOnly)
        try prepareDirectory()
        try SliceFiles.write(manifest, from: file, into: output)
        try write(Array((manifest.json + "\n").utf8), to: manifest.path("manifest.json", in: output))
        guard !manifestOnly else { return }
        let sink = OutputSink(descriptor: streams.output)
        for slice in manifest.slices {
            let arguments = slice.arguments(in: output) + [slice.path.map { manifest.path($0, in: output) } ?? file]
            try sink.write(arguments.map(ShellWord.quoted).joined(separator: " ") + "\n")
        }
        try sink.flush()
    }

    /// Makes the output directory, which must not hold anything yet.
    private func prepareDirectory() throws {
        let manager = FileManager.default
        var isDirectory: ObjCBool = false
        if manager.fileExists(atPath: output, isDirectory: &isDirectory) {
            guard isDirectory.boolValue, (try? manager.contentsOfDirectory(atPath: output))?.isEmpty == true else {
                throw SplitFailure(
                    message: "'\(VisibleText.escaped(output))' is not an empty directory: remove it or give another --output")
            }
            return
        }
        do {
            try manager.createDirectory(atPath: output, withIntermediateDirectories: true)
        } catch {
            throw SplitFailure(message: "cannot create '\(VisibleText.escaped(output))': \(error.localizedDescription)")
        }
    }

    private func write(_ bytes: [UInt8], to path: String) throws {
        let sink = try SliceFiles.open(path)
        try sink.write(bytes: bytes)
        try sink.flush()
    }
}

/// What `split` cannot do, in one line on standard error; status 3 (an input that cannot be read,
/// an output that cannot be written).
struct SplitFailure: Error, CustomStringConvertible {
    let message: String
    var description: String { message }
}

/// Shell quoting for the argument lines `split` prints.
enum ShellWord {
    /// The word as is when it holds only safe characters, else in single quotes.
    static func quoted(_ word: String) -> String {
        let safe = Set("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-_./,:=+@%")
        if !word.isEmpty, word.allSatisfy({ safe.contains($0) }) { return word }
        return "'" + word.replacingOccurrences(of: "'", with: "'\\''") + "'"
    }
}
