import Foundation
import Patterns
import RuleCheck
import RuleCheckBatch

/// libFuzzer's entry point: every input must be handled without a crash, whatever its bytes.
/// The first byte chooses what is fuzzed; the rest is the input.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    guard size > 0 else { return 0 }
    let bytes = Array(UnsafeBufferPointer(start: data + 1, count: size - 1))
    let text = String(decoding: bytes, as: UTF8.self)
    switch data[0] % 6 {
    case 0: fuzzRulesFile(text)
    case 1: fuzzMask(text)
    case 2: _ = try? JSONParser().parse(bytes)
    case 3: fuzzReader(bytes, format: .csv)
    case 4: fuzzReader(bytes, format: .jsonl)
    default: fuzzReader(bytes, format: .json)
    }
    return 0
}

/// Compiles the text as a rules file; when it compiles, uses it: a form, a few edits, a record.
private func fuzzRulesFile(_ text: String) {
    guard let rules = try? RuleSet(yaml: text, source: "fuzz.yaml") else { return }
    var form = Form(rules, today: Day(year: 2026, month: 11, day: 22) ?? .now)
    for field in rules.fields.prefix(8) {
        _ = try? form.set(field.path, text: "1")
        _ = try? form.append(field.path)
        _ = form.explain(field.path)
    }
    let checker = RecordChecker(rules, today: form.today)
    _ = checker.check(Dictionary(rules.fields.map { ($0.path, "x") }, uniquingKeysWith: { a, _ in a }))
    _ = rules.graph(.dot)
}

private func fuzzMask(_ text: String) {
    let parts = text.split(separator: "\n", maxSplits: 1).map(String.init)
    guard let notation = parts.first, let mask = try? Mask(notation) else { return }
    let result = mask.format(parts.count > 1 ? parts[1] : "")
    if result.state == .complete && !mask.isComplete(result.text) {
        // A complete result must be what the mask's regex accepts.
        fatalError("mask \(notation): '\(result.text)' is complete but does not match \(mask.regex)")
    }
    if let sampler = PatternSampler(notation) {
        var random = SplitMix64(seed: 1)
        _ = sampler.sample(using: &random)
    }
}

private func fuzzReader(_ bytes: [UInt8], format: RecordFormat) {
    var options = RecordReader.Options()
    options.blockSize = 7
    options.maxRecordSize = 64
    guard let reader = try? RecordReader(bytes: bytes, format: format, options: options) else { return }
    while let batch = try? reader.nextBatch() {
        _ = batch.decodeAll()
    }
}
