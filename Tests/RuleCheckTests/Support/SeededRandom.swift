import RuleCheck

/// The property tests' random source: RuleCheck's seeded generator, so that a failing test can be
/// replayed from its seed.
typealias SeededRandom = SplitMix64

extension SplitMix64 {
    mutating func chance(_ probability: Double) -> Bool {
        Double.random(in: 0..<1, using: &self) < probability
    }

    mutating func pick<T>(_ choices: [T]) -> T {
        choices[Int.random(in: 0..<choices.count, using: &self)]
    }
}
