// The clocks the timing tools read: wall-clock and CPU time, in seconds.

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A clock of this process, read in seconds (`clock_gettime`).
public enum ProcessClock: Sendable {
    /// Monotonic wall-clock time.
    case wall
    /// CPU time of the whole process (user + system, every thread).
    case processCPU
    /// CPU time of the calling thread.
    case threadCPU

    /// The clock's current reading, in seconds.
    public func seconds() -> Double {
        var time = timespec()
        clock_gettime(id, &time)
        return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
    }

    private var id: clockid_t {
        switch self {
        case .wall: CLOCK_MONOTONIC
        case .processCPU: CLOCK_PROCESS_CPUTIME_ID
        case .threadCPU: CLOCK_THREAD_CPUTIME_ID
        }
    }
}
