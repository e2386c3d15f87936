/// One attached file as a form holds it: what an upload says of it, not its bytes.
///
/// ```swift
/// try form.set("photos", to: .files([FileInfo(name: "front.jpg", size: 2_400_000, mediaType: "image/jpeg")]))
/// form["photos"].value?.files?.first?.name     // "front.jpg"
/// ```
///
/// In JSON (records, replay edits, snapshots) a file is `{"name": …, "size": …, "type": …}`, and a
/// file field's value an array of them; a CSV cell holds that array as JSON text.
public struct FileInfo: Hashable, Sendable {
    /// The file's name, such as `front.jpg`.
    public var name: String
    /// Its size in bytes.
    public var size: Int
    /// Its media (MIME) type, such as `image/jpeg`.
    public var mediaType: String

    public init(name: String, size: Int, mediaType: String) {
        self.name = name
        self.size = size
        self.mediaType = mediaType
    }

    /// The file as a ``Value`` element: `[name, size, type]` (a file field's value is a list of
    /// these, so that counting, emptiness and equality work as for any list).
    var value: Value { .list([.text(name), .number(Double(size)), .text(mediaType)]) }

    /// The file a ``value`` element stands for.
    init?(value: Value) {
        guard case .list(let parts) = value, parts.count == 3, case .text(let name) = parts[0],
            case .number(let size) = parts[1], size >= 0, size == size.rounded(), size < 9e15,
            case .text(let mediaType) = parts[2]
        else { return nil }
        self.init(name: name, size: Int(size), mediaType: mediaType)
    }

    /// `{"name": …, "size": …, "type": …}`.
    public var json: JSONValue {
        .object(["name": .string(name), "size": .number(Double(size)), "type": .string(mediaType)])
    }

    /// The file a JSON object describes (`name`, `size`, `type`, nothing else); `nil` otherwise.
    public init?(json: JSONValue) {
        guard case .object(let members) = json, Set(members.keys) == ["name", "size", "type"],
            case .string(let name)? = members["name"], !name.isEmpty,
            case .number(let size)? = members["size"], size >= 0, size == size.rounded(), size < 9e15,
            case .string(let mediaType)? = members["type"], !mediaType.isEmpty
        else { return nil }
        self.init(name: name, size: Int(size), mediaType: mediaType)
    }
}

extension Value {
    /// A file field's value: the files attached.
    public static func files(_ files: [FileInfo]) -> Value {
        .list(files.map(\.value))
    }

    /// The files, if this is a file field's value.
    public var files: [FileInfo]? {
        guard case .list(let items) = self else { return nil }
        let files = items.compactMap(FileInfo.init(value:))
        return files.count == items.count ? files : nil
    }
}
