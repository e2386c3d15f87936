import Patterns
import RuleCheck

/// The first line is a mask, the second what is typed into it.
func fuzzMask(_ text: String) {
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
