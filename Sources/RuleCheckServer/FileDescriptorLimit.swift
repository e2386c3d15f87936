#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The process's limit of open files (`RLIMIT_NOFILE`): each connection holds one. A server raises
/// its soft limit to the hard limit (at most ``ceiling``) when it starts — the usual soft limit of
/// 1,024 is what 1,100 idle connections once exhausted — and keeps its connection cap below it.
enum FileDescriptorLimit {
    /// The highest soft limit asked for, whatever the hard limit.
    static let ceiling: UInt64 = 1 << 20
    /// Files the server keeps for itself besides connections (rules files, standard streams, the
    /// listening socket, the event loops' descriptors).
    static let reserve = 64

    /// Raises the soft limit toward the hard one.
    ///
    /// - Returns: the limits now, or nil when they cannot be read.
    @discardableResult
    static func raise() -> (soft: UInt64, hard: UInt64)? {
        guard var limit = current() else { return nil }
        let target = min(UInt64(limit.rlim_max), ceiling)
        if UInt64(limit.rlim_cur) < target {
            limit.rlim_cur = rlim_t(target)
            if !set(limit) {
                // macOS refuses more than OPEN_MAX (10,240) when the hard limit is unlimited.
                limit.rlim_cur = rlim_t(min(target, 10240))
                _ = set(limit)
            }
        }
        return current().map { (UInt64($0.rlim_cur), UInt64($0.rlim_max)) }
    }

    private static func current() -> rlimit? {
        var limit = rlimit()
        #if canImport(Glibc)
        guard getrlimit(__rlimit_resource_t(RLIMIT_NOFILE.rawValue), &limit) == 0 else { return nil }
        #else
        guard getrlimit(RLIMIT_NOFILE, &limit) == 0 else { return nil }
        #endif
        return limit
    }

    private static func set(_ limit: rlimit) -> Bool {
        var limit = limit
        #if canImport(Glibc)
        return setrlimit(__rlimit_resource_t(RLIMIT_NOFILE.rawValue), &limit) == 0
        #else
        return setrlimit(RLIMIT_NOFILE, &limit) == 0
        #endif
    }
}
