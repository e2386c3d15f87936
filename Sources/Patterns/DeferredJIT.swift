internal import CPCRE2
import Synchronization

/// JIT-compiles one compiled PCRE2 code on its first match, once, whichever thread gets there
/// first. JIT compilation costs several times a pattern's compilation (about 60% of compiling a
/// rules file with 10,000 distinct patterns), and a pattern that is never matched — a form's
/// rarely filled field, the partial-match code of a pattern only checked whole — never pays it.
///
/// After the first call every call is one atomic load; no thread matches the code while it is
/// being JIT-compiled, since each asks ``isCompiled`` first.
final class DeferredJIT: @unchecked Sendable {
    private let code: OpaquePointer
    private let options: UInt32
    private let enabled: Bool
    /// 0: not tried yet, 1: JIT-compiled, 2: the interpreter runs it.
    private let state = Atomic<UInt8>(0)
    private let lock = Mutex<Void>(())

    /// - Parameters:
    ///   - options: `PCRE2_JIT_COMPLETE`, with `PCRE2_JIT_PARTIAL_SOFT` for partial matching.
    ///   - enabled: false to keep the interpreter (``Pattern/Options/noJIT``, or no JIT here).
    init(_ code: OpaquePointer, options: UInt32, enabled: Bool) {
        self.code = code
        self.options = options
        self.enabled = enabled
    }

    /// Whether the code runs JIT-compiled; JIT-compiles it on the first call.
    @inline(__always)
    var isCompiled: Bool {
        switch state.load(ordering: .acquiring) {
        case 1: true
        case 2: false
        default: compile()
        }
    }

    private func compile() -> Bool {
        lock.withLock { _ in
            switch state.load(ordering: .acquiring) {
            case 1: return true
            case 2: return false
            default:
                let compiled = enabled && pcre2_jit_compile_8(code, options) == 0
                state.store(compiled ? 1 : 2, ordering: .releasing)
                return compiled
            }
        }
    }
}
