import Foundation

/// The schemas a JSON Schema may refer to, read from the files the user names (`--schema`):
/// nothing else is read and nothing is fetched, so a `$ref` to a schema not given is a finding
/// and the records that reach it fail.
///
/// ```sh
/// rulecheck check --rules workflow.json --schema definitions.json data.jsonl
/// rulecheck check --rules s.json --schema schemas/                     # every .json under it
/// rulecheck check --rules s.json --schema http://localhost:1234/=remotes/   # a URI prefix for a directory
/// ```
///
/// A file is known by its `$id` (`id` in draft-04), when that is an absolute URI, and by its
/// file URL (so that a schema file's relative `$ref: "common.json"` finds `common.json` beside
/// it, when that is given); under `URI=PATH`, by the URI (for a directory: the URI followed by
/// each file's path below it).
package enum SchemaDocuments {
    /// The most files one `--schema` directory may hold.
    package static let maxFiles = 10_000

    /// Every document of `arguments`, by URI, the files together at most `limit` bytes.
    package static func read(_ arguments: [String], limit: Int) -> Result<JSONObject, RulesError> {
        var documents: JSONObject = [:]
        var budget = limit
        for argument in arguments {
            let (prefix, path) = split(argument)
            var isDirectory: ObjCBool = false
            guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
                return .failure(RulesLoader.fileError(path, .cannotReadFile, "cannot read the schema: no such file or directory"))
            }
            let files: [(path: String, relative: String)]
            if isDirectory.boolValue {
                switch jsonFiles(under: path) {
                case .success(let found): files = found
                case .failure(let error): return .failure(error)
                }
            } else {
                files = [(path, "")]
            }
            for file in files {
                let bytes: [UInt8]
                switch FileBytes.read(file.path, limit: budget) {
                case .success(let read): bytes = read
                case .failure(let failure):
                    return .failure(RulesLoader.fileError(file.path, .cannotReadFile, "cannot read the schema: \(failure)"))
                }
                budget -= bytes.count
                let text = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? Array(bytes.dropFirst(3)) : bytes
                let root: JSONValue
                do {
                    root = try JSONParser().parse(text)
                } catch {
                    // Parsed again only to say where it is not JSON.
                    do {
                        _ = try SchemaSource(bytes: text, name: file.path)
                    } catch let located {
                        return .failure(located)
                    }
                    return .failure(RulesLoader.fileError(file.path, .schemaNotJSON, "the schema is not JSON: \(error.message)"))
                }
                for uri in uris(of: root, path: file.path, prefix: prefix, relative: file.relative) {
                    documents[uri] = root
                }
            }
        }
        return .success(documents)
    }

    /// `URI=PATH` → (URI, PATH) when the part before `=` is a URI; otherwise (nil, the argument).
    private static func split(_ argument: String) -> (prefix: String?, path: String) {
        guard let equals = argument.firstIndex(of: "=") else { return (nil, argument) }
        let prefix = String(argument[..<equals])
        guard prefix.contains("://") || prefix.hasPrefix("urn:") else { return (nil, argument) }
        return (prefix, String(argument[argument.index(after: equals)...]))
    }

    /// The `.json` files under a directory, sorted by path (symbolic links are not followed out of it).
    private static func jsonFiles(under directory: String) -> Result<[(path: String, relative: String)], RulesError> {
        let root = URL(fileURLWithPath: directory).standardizedFileURL
        guard
            let enumerator = FileManager.default.enumerator(
                at: root, includingPropertiesForKeys: [.isRegularFileKey], options: [.skipsHiddenFiles])
        else {
            return .failure(RulesLoader.fileError(directory, .cannotReadFile, "cannot read the schema directory"))
        }
        var found: [(path: String, relative: String)] = []
        for case let url as URL in enumerator where url.pathExtension == "json" {
            guard (try? url.resourceValues(forKeys: [.isRegularFileKey]).isRegularFile) == true else { continue }
            guard found.count < maxFiles else {
                return .failure(RulesLoader.fileError(directory, .schemaTooLarge, "holds more than \(maxFiles) schema files"))
            }
            let path = url.standardizedFileURL.path
            let relative = path.hasPrefix(root.path + "/") ? String(path.dropFirst(root.path.count + 1)) : url.lastPathComponent
            found.append((path, relative))
        }
        return .success(found.sorted { $0.path < $1.path })
    }

    /// The URIs a document is known by.
    private static func uris(of root: JSONValue, path: String, prefix: String?, relative: String) -> [String] {
        if let prefix { return [relative.isEmpty ? prefix : prefix + relative] }
        var uris = [fileURL(path)]
        for key in ["$id", "id"] {
            if let id = root[key]?.string, id.contains(":") {
                uris.append(id.hasSuffix("#") ? String(id.dropLast()) : id)
            }
        }
        return uris
    }

    /// The `file://` URL of a path, made absolute.
    package static func fileURL(_ path: String) -> String {
        URL(fileURLWithPath: path).standardizedFileURL.absoluteString
    }
}
