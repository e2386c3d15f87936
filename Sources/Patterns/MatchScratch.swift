internal import CPCRE2

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// The per-thread PCRE2 state that matching needs: a match context (limits, JIT stack) and
/// reusable match data.
///
/// PCRE2 compiled code is shared between threads, but match data and JIT stacks must not be
/// (pcre2api, MULTITHREADING). Each thread gets its own scratch through a pthread key, so a
/// match never allocates and never locks.
///
/// The scratch is a plain struct behind a manually allocated pointer rather than a class, so
/// fetching it on every match costs no reference counting (a retain and a release per match
/// were a measurable share of a ~40 ns match; see Docs/performance-record.md, "Regex matching").
struct MatchScratch {
    /// Output-vector pairs of the shared match data; patterns with more groups get their own.
    static let pairCapacity: UInt32 = 32

    let context: OpaquePointer
    let matchData: OpaquePointer
    private let jitStack: OpaquePointer?
    /// The limits last written into `context`, so that consecutive matches under the same
    /// limits (the usual case) skip the setter calls.
    private var appliedLimits: (match: UInt32, depth: UInt32)?
    /// The budget of the job this thread runs (``MatchBudget/run(_:)``), unretained: the job
    /// holds it while it is here.
    var budget: Unmanaged<MatchBudget>?

    private init?() {
        guard let context = pcre2_match_context_create_8(nil) else { return nil }
        guard let matchData = pcre2_match_data_create_8(Self.pairCapacity, nil) else {
            pcre2_match_context_free_8(context)
            return nil
        }
        self.context = context
        self.matchData = matchData
        // The default JIT stack (32 KB on the machine stack) fails long subjects with
        // repeated groups; grow on demand up to 4 MB instead.
        jitStack = pcre2_jit_stack_create_8(32 * 1024, 4 * 1024 * 1024, nil)
        if let jitStack {
            pcre2_jit_stack_assign_8(context, nil, UnsafeMutableRawPointer(jitStack))
        }
    }

    /// Frees the PCRE2 objects.
    fileprivate func free() {
        pcre2_match_data_free_8(matchData)
        pcre2_match_context_free_8(context)
        if let jitStack { pcre2_jit_stack_free_8(jitStack) }
    }

    /// Makes `context` carry `limits`.
    mutating func apply(_ limits: Pattern.Limits) {
        if let appliedLimits, appliedLimits.match == limits.matchLimit, appliedLimits.depth == limits.depthLimit {
            return
        }
        pcre2_set_match_limit_8(context, limits.matchLimit)
        pcre2_set_depth_limit_8(context, limits.depthLimit)
        appliedLimits = (limits.matchLimit, limits.depthLimit)
    }

    /// This thread's scratch if it has one (nil on a thread that never matched nor ran a budget).
    static var existing: UnsafeMutablePointer<MatchScratch>? {
        pthread_getspecific(scratchKey).map { $0.assumingMemoryBound(to: MatchScratch.self) }
    }

    /// This thread's scratch, created on first use and freed when the thread ends.
    static var current: UnsafeMutablePointer<MatchScratch>? {
        if let raw = pthread_getspecific(scratchKey) {
            return raw.assumingMemoryBound(to: MatchScratch.self)
        }
        guard let scratch = MatchScratch() else { return nil }
        let pointer = UnsafeMutablePointer<MatchScratch>.allocate(capacity: 1)
        pointer.initialize(to: scratch)
        pthread_setspecific(scratchKey, pointer)
        return pointer
    }
}

#if canImport(Darwin)
private func releaseScratch(_ raw: UnsafeMutableRawPointer) {
    let pointer = raw.assumingMemoryBound(to: MatchScratch.self)
    pointer.pointee.free()
    pointer.deinitialize(count: 1)
    pointer.deallocate()
}
#else
private func releaseScratch(_ raw: UnsafeMutableRawPointer?) {
    guard let pointer = raw?.assumingMemoryBound(to: MatchScratch.self) else { return }
    pointer.pointee.free()
    pointer.deinitialize(count: 1)
    pointer.deallocate()
}
#endif

private let scratchKey: pthread_key_t = {
    var key = pthread_key_t()
    pthread_key_create(&key, releaseScratch)
    return key
}()
