import Foundation
import RuleCheckBatch

/// libFuzzer's entry point: every input must be handled without a crash, whatever its bytes.
///
/// With `FUZZ_TARGET=<name>` in the environment every input goes to that target (`make fuzz
/// TARGET=<name>`); without it, the first byte chooses the target and the rest is the input.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let input = UnsafeBufferPointer(start: data, count: size)
    if let target = FuzzTargets.selected {
        target.run(Array(input))
        return 0
    }
    guard size > 0 else { return 0 }
    let target = FuzzTargets.all[Int(data[0]) % FuzzTargets.all.count]
    target.run(Array(input.dropFirst()))
    return 0
}

/// One thing to fuzz: a name for `FUZZ_TARGET` and what to do with an input.
struct FuzzTarget: Sendable {
    let name: String
    let run: @Sendable ([UInt8]) -> Void
}

enum FuzzTargets {
    /// Every target, in a fixed order (the first byte of an input picks one when no target is set).
    static let all: [FuzzTarget] = [
        FuzzTarget(name: "rules", run: { fuzzRulesFile(String(decoding: $0, as: UTF8.self)) }),
        FuzzTarget(name: "mask", run: { fuzzMask(String(decoding: $0, as: UTF8.self)) }),
        FuzzTarget(name: "json", run: { fuzzJSON($0) }),
        FuzzTarget(name: "csv", run: { fuzzReader($0, format: .csv) }),
        FuzzTarget(name: "jsonl", run: { fuzzReader($0, format: .jsonl) }),
        FuzzTarget(name: "jsonarray", run: { fuzzReader($0, format: .json) }),
        FuzzTarget(name: "expression", run: { fuzzExpression(String(decoding: $0, as: UTF8.self)) }),
        FuzzTarget(name: "edits", run: { fuzzEdits(String(decoding: $0, as: UTF8.self)) }),
        FuzzTarget(name: "schema", run: { fuzzSchema($0) }),
    ]

    /// The target named by `FUZZ_TARGET`, if any. An unknown name stops the run at once.
    static let selected: FuzzTarget? = {
        guard let name = ProcessInfo.processInfo.environment["FUZZ_TARGET"], !name.isEmpty else { return nil }
        guard let target = all.first(where: { $0.name == name }) else {
            let names = all.map(\.name).joined(separator: ", ")
            FileHandle.standardError.write(Data("FUZZ_TARGET=\(name) is not a target; targets are \(names)\n".utf8))
            exit(2)
        }
        return target
    }()
}
