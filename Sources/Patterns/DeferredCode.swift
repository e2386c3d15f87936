internal import CPCRE2
import Synchronization

/// One PCRE2 code of a ``Pattern`` (the whole-value, search or partial-match code), compiled and
/// JIT-compiled on its first match, once, whichever thread gets there first. JIT compilation
/// costs several times a compilation (60% of compiling a rules file with 10,000 distinct
/// patterns), and most patterns are only ever matched whole: the search and partial-match codes of
/// a `pattern:` are never needed in a batch check.
///
/// After the first call, each call is one atomic load. No thread matches the code while it is
/// being compiled, since each asks ``ready()`` first.
final class DeferredCode: @unchecked Sendable {
    private let source: String
    private let flags: UInt32
    private let jitOptions: UInt32
    private let jitEnabled: Bool
    /// Written once, under the lock, before ``state`` says it is ready.
    private var code: OpaquePointer?
    /// 0: not ready, 1: JIT-compiled, 2: the interpreter runs it, 3: it does not compile.
    private let state = Atomic<UInt8>(0)
    private let lock = Mutex<Void>(())

    /// A code compiled already; only its JIT compilation waits for the first match.
    init(compiled: OpaquePointer, source: String, flags: UInt32, jitOptions: UInt32, jitEnabled: Bool) {
        code = compiled
        self.source = source
        self.flags = flags
        self.jitOptions = jitOptions
        self.jitEnabled = jitEnabled
    }

    /// A code compiled from `source` with `flags` on its first match.
    init(source: String, flags: UInt32, jitOptions: UInt32, jitEnabled: Bool) {
        self.source = source
        self.flags = flags
        self.jitOptions = jitOptions
        self.jitEnabled = jitEnabled
    }

    deinit {
        if let code { pcre2_code_free_8(code) }
    }

    /// The code and whether it runs JIT-compiled, compiling it on the first call.
    ///
    /// - Throws: ``PatternError`` when the code does not compile (the whole-value code of every
    ///   pattern compiled when the pattern was made; the others differ only in anchoring).
    @inline(__always)
    func ready() throws(PatternError) -> (code: OpaquePointer, jit: Bool) {
        let current = state.load(ordering: .acquiring)
        if current == 1 || current == 2, let code { return (code, current == 1) }
        return try prepare()
    }

    private func prepare() throws(PatternError) -> (code: OpaquePointer, jit: Bool) {
        let result: Result<(OpaquePointer, Bool), PatternError> = lock.withLock { _ in
            if code == nil {
                do throws(PatternError) {
                    code = try Pattern.compile(source, flags: flags)
                } catch {
                    state.store(3, ordering: .releasing)
                    return .failure(error)
                }
            }
            guard let code else { return .failure(PatternError(code: .compile, message: "no code", pattern: source)) }
            switch state.load(ordering: .acquiring) {
            case 1: return .success((code, true))
            case 2: return .success((code, false))
            default:
                let jit = jitEnabled && pcre2_jit_compile_8(code, jitOptions) == 0
                state.store(jit ? 1 : 2, ordering: .releasing)
                return .success((code, jit))
            }
        }
        return try result.get()
    }
}
