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
final class MatchScratch {
    /// Output-vector pairs of the shared match data; patterns with more groups get their own.
    static let pairCapacity: UInt32 = 32

    let context: OpaquePointer
    let matchData: OpaquePointer
    private let jitStack: OpaquePointer?

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

    deinit {
        pcre2_match_data_free_8(matchData)
        pcre2_match_context_free_8(context)
        if let jitStack { pcre2_jit_stack_free_8(jitStack) }
    }

    /// This thread's scratch, created on first use and freed when the thread ends.
    static var current: MatchScratch? {
        if let raw = pthread_getspecific(scratchKey) {
            return Unmanaged<MatchScratch>.fromOpaque(raw).takeUnretainedValue()
        }
        guard let scratch = MatchScratch() else { return nil }
        pthread_setspecific(scratchKey, Unmanaged.passRetained(scratch).toOpaque())
        return scratch
    }
}

#if canImport(Darwin)
private func releaseScratch(_ raw: UnsafeMutableRawPointer) {
    Unmanaged<MatchScratch>.fromOpaque(raw).release()
}
#else
private func releaseScratch(_ raw: UnsafeMutableRawPointer?) {
    guard let raw else { return }
    Unmanaged<MatchScratch>.fromOpaque(raw).release()
}
#endif

private let scratchKey: pthread_key_t = {
    var key = pthread_key_t()
    pthread_key_create(&key, releaseScratch)
    return key
}()
