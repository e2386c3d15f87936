/// `max_size` and `media_types` — a file field's own keys: each file's largest size in bytes,
/// and the media types allowed (`image/*` allows every image type).
extension FieldEvaluator {
    /// The failures of a file field's files: one per file too large, one per file of a media
    /// type not allowed.
    func fileFailures(_ field: FieldRules, _ items: [Value], into found: inout [Failure]) {
        for file in items.compactMap(FileInfo.init(value:)) {
            if let maximum = field.maxSize, file.size > maximum { found.append(.fileSize(file: file.name)) }
            if !field.mediaTypes.isEmpty && !Self.allows(field.mediaTypes, file.mediaType) {
                found.append(.mediaType(file: file.name))
            }
        }
    }

    /// Whether a media type is among `allowed` (`image/*` allows every image type); case does
    /// not matter, and parameters (`; charset=…`) are not compared.
    static func allows(_ allowed: [String], _ mediaType: String) -> Bool {
        let type = String(mediaType.lowercased().prefix { $0 != ";" }.filter { $0 != " " })
        return allowed.contains { pattern in
            pattern.hasSuffix("/*") ? type.hasPrefix(pattern.dropLast()) : type == pattern
        }
    }
}

extension MessageBuilder {
    /// The file rule a failure names, as written: `max_size: 10 MB`, `media_types: [image/*]`.
    func fileRule(sizeOf field: FieldRules) -> String {
        "max_size: \(field.maxSize.map(Self.english.sizeText) ?? "")"
    }

    func fileRule(mediaTypesOf field: FieldRules) -> String {
        "media_types: [\(field.mediaTypes.joined(separator: ", "))]"
    }
}
