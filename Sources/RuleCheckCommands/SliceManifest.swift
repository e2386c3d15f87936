import Foundation
import RuleCheck
import RuleCheckBatch

/// What `split` writes about its slices in `manifest.json`, and the `check` arguments of each.
///
/// ```json
/// {"format":"csv","header":{"columns":["name","age"],"length":9,"line":1,"offset":0,"path":"header.csv"},
///  "manifest":1,"name":"people.csv","records":3,"size":27,"slices":[{"arguments":["--input","csv",
///  "--name","people.csv","--first-record","1","--first-line","2","--header-from","header.csv"],
///  "arrayPart":null,"firstLine":2,"firstRecord":1,"index":0,"length":18,"offset":9,
///  "path":"part-00000.csv","records":3}],"source":"people.csv"}
/// ```
///
/// Paths in the manifest are relative to its directory; so are the header paths in the
/// arguments (run the checks from there, or use ``Slice/arguments(in:)``).
struct SliceManifest {
    struct Slice {
        let index: Int
        /// The slice file, relative to the manifest's directory; nil when slices are not written.
        let path: String?
        let plan: SlicePlan.Slice
        let manifest: Header

        /// `check`'s arguments for the slice (all but the rules, the report format and the input),
        /// with the header file in `directory` (nil: relative to the manifest's directory).
        func arguments(in directory: String?) -> [String] {
            var arguments = ["--input", manifest.format.rawValue]
            if let delimiter = manifest.delimiter { arguments += ["--delimiter", delimiter.description] }
            arguments += ["--name", manifest.name, "--first-record", "\(plan.firstRecord)", "--first-line", "\(plan.firstLine)"]
            if let header = manifest.headerPath { arguments += ["--header-from", SliceManifest.path(header, in: directory)] }
            if let part = plan.arrayPart { arguments += ["--array-part", part.rawValue] }
            return arguments
        }
    }

    /// What every slice shares.
    struct Header {
        let format: RecordFormat
        let delimiter: CSVDelimiter?
        let name: String
        /// The header file, relative to the manifest's directory (CSV and TSV).
        let headerPath: String?
    }

    static let version = 1

    let plan: SlicePlan
    let source: String
    let header: Header
    let slices: [Slice]

    init(plan: SlicePlan, source: String, name: String, delimiter: CSVDelimiter?, writesSlices: Bool) {
        self.plan = plan
        self.source = source
        let ext = plan.format.rawValue
        let header = Header(format: plan.format, delimiter: delimiter, name: name, headerPath: plan.header == nil ? nil : "header.\(ext)")
        self.header = header
        let width = max(5, String(plan.slices.count - 1).count)
        slices = plan.slices.enumerated().map { index, slice in
            let number = String(index)
            let path = "part-" + String(repeating: "0", count: max(0, width - number.count)) + number + "." + ext
            return Slice(index: index, path: writesSlices ? path : nil, plan: slice, manifest: header)
        }
    }

    /// `relative` inside `directory` (as given, so printed paths read as the user wrote them).
    static func path(_ relative: String, in directory: String?) -> String {
        guard let directory, directory != "." else { return relative }
        return directory.hasSuffix("/") ? directory + relative : directory + "/" + relative
    }

    func path(_ relative: String, in directory: String) -> String { Self.path(relative, in: directory) }

    /// The manifest as one line of JSON.
    var json: String {
        func number(_ value: Int64) -> JSONValue { .number(Double(value)) }
        var object: JSONObject = [
            "manifest": .number(Double(Self.version)), "source": .string(source), "name": .string(header.name),
            "format": .string(plan.format.rawValue), "size": number(plan.size), "records": .number(Double(plan.records)),
            "delimiter": header.delimiter.map { .string($0.description) } ?? .null,
            "header": .null,
        ]
        if let range = plan.header, let path = header.headerPath {
            object["header"] = [
                "path": .string(path), "offset": number(range.lowerBound), "length": number(Int64(range.count)),
                "columns": plan.columns.map { .array($0.map(JSONValue.string)) } ?? .null,
                "line": plan.headerLine.map { .number(Double($0)) } ?? .null,
            ]
        }
        object["slices"] = .array(
            slices.map { slice in
                [
                    "index": .number(Double(slice.index)), "path": slice.path.map(JSONValue.string) ?? .null,
                    "offset": number(slice.plan.range.lowerBound), "length": number(Int64(slice.plan.range.count)),
                    "firstRecord": .number(Double(slice.plan.firstRecord)), "firstLine": .number(Double(slice.plan.firstLine)),
                    "records": .number(Double(slice.plan.records)),
                    "arrayPart": slice.plan.arrayPart.map { .string($0.rawValue) } ?? .null,
                    "arguments": .array(slice.arguments(in: nil).map(JSONValue.string)),
                ]
            })
        return JSONWriter.string(.object(object))
    }
}

/// Writes the header and slice files of a manifest: one pass over the file, copying each run of
/// bytes to its file.
enum SliceFiles {
    static func write(_ manifest: SliceManifest, from source: String, into directory: String) throws {
        var targets: [(range: Range<Int64>, path: String)] = []
        if let range = manifest.plan.header, let path = manifest.header.headerPath {
            targets.append((range, manifest.path(path, in: directory)))
        }
        for slice in manifest.slices {
            if let path = slice.path { targets.append((slice.plan.range, manifest.path(path, in: directory))) }
        }
        guard !targets.isEmpty else { return }
        // The bytes the plan's offsets count: decompressed, for a gzip or zstd file.
        let input: InputBytes
        do {
            input = try InputBytes(path: source)
        } catch {
            throw SplitFailure(message: VisibleText.escaped(error.description))
        }
        let chunk = UnsafeMutableRawBufferPointer.allocate(byteCount: 1 << 20, alignment: 1)
        defer { chunk.deallocate() }
        var buffered = 0..<0
        for target in targets {
            let sink = try open(target.path)
            var remaining = target.range.upperBound - target.range.lowerBound
            while remaining > 0 {
                if buffered.isEmpty {
                    let count = try read(input, into: chunk, source: source)
                    guard count > 0 else {
                        throw SplitFailure(message: "'\(VisibleText.escaped(source))' ended early: it changed while it was split")
                    }
                    buffered = 0..<count
                }
                let take = min(Int64(buffered.count), remaining)
                let end = buffered.lowerBound + Int(take)
                try sink.write(bytes: UnsafeRawBufferPointer(chunk)[buffered.lowerBound..<end])
                buffered = end..<buffered.upperBound
                remaining -= take
            }
            try sink.flush()
        }
    }

    private static func read(_ input: InputBytes, into chunk: UnsafeMutableRawBufferPointer, source: String) throws -> Int {
        do {
            return try input.read(into: chunk)
        } catch {
            throw SplitFailure(message: VisibleText.escaped(error.description))
        }
    }

    /// A new file at `path` (replacing one there), as a sink that closes it when released.
    static func open(_ path: String) throws -> FileSink {
        let descriptor = Foundation.open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else {
            throw SplitFailure(message: "cannot create '\(VisibleText.escaped(path))': \(String(cString: strerror(errno)))")
        }
        return FileSink(descriptor: descriptor, path: path)
    }
}

/// An output file: an ``OutputSink`` on a descriptor that is closed with it.
final class FileSink {
    private let descriptor: Int32
    private let sink: OutputSink

    init(descriptor: Int32, path: String) {
        self.descriptor = descriptor
        sink = OutputSink(descriptor: descriptor, name: "'\(VisibleText.escaped(path))'")
    }

    deinit {
        close(descriptor)
    }

    func write<Bytes: Collection<UInt8>>(bytes: Bytes) throws(OutputError) { try sink.write(bytes: bytes) }
    func flush() throws(OutputError) { try sink.flush() }
}
