#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// Where included files may be read from: under the directory of the rules file named, and under
/// any include root given (`--include-root DIR`). Paths are judged by where they really lead,
/// symbolic links resolved: a link inside that points outside is outside.
///
/// ```swift
/// let roots = try IncludeRoots(rulesFile: "Rules/kasko.yaml", extra: [])
/// roots.locate("Rules/blocks/person.yaml")   // .inside("/…/Rules/blocks/person.yaml")
/// roots.locate("Rules/../../etc/passwd")     // .outside
/// ```
struct IncludeRoots: Sendable {
    /// The real paths of the directories.
    private(set) var directories: [String] = []

    /// Where a file would be read from.
    enum Place: Equatable {
        /// Under a root: its real path, to be opened.
        case inside(String)
        /// Not under any root (whether or not it exists).
        case outside
        /// Under a root, but not there: the system's words.
        case missing(String)
    }

    /// An include root that cannot be used: its path as given, and why.
    struct Unusable: Error {
        let path: String
        let reason: String
    }

    /// The directory of the rules file at `path` (none when it is not there).
    init(rulesFile path: String) {
        if case .success(let real) = Self.realPath(Self.directory(of: path)) { directories.append(real) }
    }

    /// The rules file's directory and the `extra` directories, which must exist.
    init(rulesFile path: String, extra: [String]) throws(Unusable) {
        self.init(rulesFile: path)
        for root in extra {
            switch Self.realPath(root) {
            case .success(let real):
                guard Self.isDirectory(real) else { throw Unusable(path: root, reason: FileBytes.message(ENOTDIR)) }
                directories.append(real)
            case .failure(let error):
                throw Unusable(path: root, reason: FileBytes.message(error.code))
            }
        }
    }

    /// Where `path` leads. A file that is not there is judged by the nearest directory above it
    /// that is, so that the answer for a file outside does not say whether it exists.
    func locate(_ path: String) -> Place {
        let failure: Int32
        switch Self.realPath(path) {
        case .success(let real): return contains(real) ? .inside(real) : .outside
        case .failure(let error): failure = error.code
        }
        let parts = path.split(separator: "/", omittingEmptySubsequences: false).map(String.init)
        for keep in stride(from: parts.count - 1, through: 1, by: -1) {
            let prefix = parts[..<keep].joined(separator: "/")
            guard case .success(let real) = Self.realPath(prefix.isEmpty ? "/" : prefix) else { continue }
            let rest = parts[keep...].filter { !$0.isEmpty && $0 != "." }
            // `..` after a missing directory: judge it as written, collapsed.
            let candidate = IncludeExpander.normalise(real + "/" + rest.joined(separator: "/"))
            return contains(candidate) ? .missing(FileBytes.message(failure)) : .outside
        }
        if !path.hasPrefix("/"), case .success(let here) = Self.realPath(".") {
            let candidate = IncludeExpander.normalise(here + "/" + path)
            return contains(candidate) ? .missing(FileBytes.message(failure)) : .outside
        }
        return .outside
    }

    /// Whether the real path `real` is one of the directories or under one.
    func contains(_ real: String) -> Bool {
        directories.contains { root in root == "/" || real == root || real.hasPrefix(root + "/") }
    }

    /// The directory part of `path`: `.` for a bare name, `/` for a name right under the root.
    static func directory(of path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return "." }
        return slash == path.startIndex ? "/" : String(path[..<slash])
    }

    /// `realpath(3)`: the absolute path with every symbolic link, `.` and `..` resolved, or errno.
    static func realPath(_ path: String) -> Result<String, SystemError> {
        guard let resolved = realpath(path, nil) else { return .failure(SystemError(code: errno)) }
        defer { free(resolved) }
        return .success(String(cString: resolved))
    }

    /// An `errno` value.
    struct SystemError: Error {
        let code: Int32
    }

    private static func isDirectory(_ path: String) -> Bool {
        var status = stat()
        return stat(path, &status) == 0 && status.st_mode & S_IFMT == S_IFDIR
    }
}
