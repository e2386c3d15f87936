// The fixed inputs every engine matches: 64 per pattern, half of them matching, generated
// deterministically (a seeded SplitMix64) once at startup.

/// One of the three patterns, with its inputs and which of them match.
struct PatternCase: Sendable {
    let name: String
    let source: String
    /// The values to match, matching and non-matching interleaved.
    let inputs: [String]
    /// Whether each of `inputs` is meant to match the whole pattern.
    let expected: [Bool]
}

/// A value to match and the case it belongs to: a workload is a list of jobs.
struct Job: Sendable {
    let caseIndex: Int
    let value: String
    let expected: Bool
}

/// A named set of jobs, expanded to exactly one benchmark iteration's worth of matches.
struct Workload: Sendable {
    let name: String
    /// The distinct jobs (one sweep over the inputs).
    let jobs: [Job]
    /// `matchesPerIteration` jobs: the sweep repeated, cut off at the iteration size.
    let schedule: [Job]
}

enum Inputs {
    static let perPattern = 64
    /// Matches per benchmark iteration; equals the benchmarks' scaling factor (`.kilo`), so the
    /// time package-benchmark reports is the time of one match.
    static let matchesPerIteration = 1_000

    static let phone = PatternCase(
        name: "phone", source: #"\+7 \(\d{3}\) \d{3}-\d{2}-\d{2}"#,
        generator: phoneValue)
    static let email = PatternCase(
        name: "email", source: #"[A-Za-z0-9._%+-]+@[A-Za-z0-9.-]+\.[A-Za-z]{2,}"#,
        generator: emailValue)
    static let vin = PatternCase(name: "vin", source: "[A-HJ-NPR-Z0-9]{17}", generator: vinValue)

    static let cases = [phone, email, vin]

    /// All three patterns interleaved (phone, email, VIN, phone, …), then each on its own.
    static let workloads: [Workload] = {
        var mixed: [Job] = []
        for index in 0..<perPattern {
            for (caseIndex, patternCase) in cases.enumerated() {
                mixed.append(
                    Job(
                        caseIndex: caseIndex, value: patternCase.inputs[index],
                        expected: patternCase.expected[index]))
            }
        }
        var workloads = [workload("all", mixed)]
        for (caseIndex, patternCase) in cases.enumerated() {
            let jobs = zip(patternCase.inputs, patternCase.expected).map {
                Job(caseIndex: caseIndex, value: $0, expected: $1)
            }
            workloads.append(workload(patternCase.name, jobs))
        }
        return workloads
    }()

    private static func workload(_ name: String, _ jobs: [Job]) -> Workload {
        let schedule = (0..<matchesPerIteration).map { jobs[$0 % jobs.count] }
        return Workload(name: name, jobs: jobs, schedule: schedule)
    }

    // MARK: - Phone numbers

    /// Even indices: a valid `+7 (916) 123-45-67`; odd indices: a near miss.
    static func phoneValue(_ index: Int, _ random: inout SplitMix64) -> (String, Bool) {
        let area = random.digits(3), first = random.digits(3), second = random.digits(2), third = random.digits(2)
        let valid = "+7 (\(area)) \(first)-\(second)-\(third)"
        if index.isMultiple(of: 2) { return (valid, true) }
        let misses: [String] = [
            "7 (\(area)) \(first)-\(second)-\(third)",  // no +
            "+8 (\(area)) \(first)-\(second)-\(third)",  // wrong country code
            "+7(\(area)) \(first)-\(second)-\(third)",  // no space
            "+7 (\(area)) \(first)-\(second)-\(third.prefix(1))",  // one digit short
            valid + "8",  // one digit too many
            valid + "\n",  // trailing newline
            "+7 (\(area.prefix(2))x) \(first)-\(second)-\(third)",  // a letter
            "7\(area)\(first)\(second)\(third)",  // digits only
            "+7 (\(area)) \(first) \(second) \(third)",  // spaces for dashes
            " " + valid,  // leading space
            "+7 (\(area)) \(first)-\(second)\(third)",  // missing dash
            "",  // empty
        ]
        return (misses[(index / 2) % misses.count], false)
    }

    // MARK: - E-mail addresses

    /// Even indices: a valid address such as `anna.k+news@mail-2.example.ru`; odd: a near miss.
    static func emailValue(_ index: Int, _ random: inout SplitMix64) -> (String, Bool) {
        let local =
            random.word(from: "abcdefghijklmnopqrstuvwxyz", 3...10)
            + (random.next() % 3 == 0 ? random.word(from: "._%+-", 1...1) + random.word(from: "abcxyz0123", 1...6) : "")
        let domain =
            random.word(from: "abcdefghijklmnopqrstuvwxyz0123456789", 2...9)
            + (random.next() % 2 == 0 ? "-" + random.word(from: "abcdefghijklmnopqrstuvwxyz", 1...5) : "")
        let tld = random.word(from: "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ", 2...6)
        let valid = "\(local)@\(domain).\(tld)"
        if index.isMultiple(of: 2) { return (valid, true) }
        let misses: [String] = [
            "\(local)\(domain).\(tld)",  // no @
            "@\(domain).\(tld)",  // empty local part
            "\(local)@\(domain)\(tld)",  // no dot in the domain
            "\(local)@\(domain).\(tld.prefix(1))",  // one-letter TLD
            "\(local)@\(domain).c0m",  // digit in the TLD
            "\(local) x@\(domain).\(tld)",  // space
            "\(local)@\(local)@\(domain).\(tld)",  // two @
            "иван@\(domain).\(tld)",  // Cyrillic local part
            valid + "\n",  // trailing newline
            valid + " ",  // trailing space
            "\(local)@\(domain),\(tld)",  // comma for dot
            "<\(valid)>",  // angle brackets
        ]
        return (misses[(index / 2) % misses.count], false)
    }

    // MARK: - VINs

    private static let vinAlphabet = "ABCDEFGHJKLMNPRSTUVWXYZ0123456789"

    /// Even indices: a valid 17-character VIN; odd indices: a near miss.
    static func vinValue(_ index: Int, _ random: inout SplitMix64) -> (String, Bool) {
        let valid = random.word(from: vinAlphabet, 17...17)
        if index.isMultiple(of: 2) { return (valid, true) }
        let head = String(valid.prefix(8)), tail = String(valid.dropFirst(9))
        let allButFirst = String(valid.dropFirst()), allButLast = String(valid.dropLast())
        let misses: [String] = [
            allButLast,  // 16 characters
            valid + "7",  // 18 characters
            "I" + allButFirst,  // I is not used in VINs
            allButLast + "O",  // nor O
            head + "Q" + tail,  // nor Q
            valid.lowercased(),  // lower case
            head + "-" + tail,  // a dash
            "\u{0410}" + allButFirst,  // Cyrillic А that looks like A
            valid + "\n",  // trailing newline
            " " + allButFirst,  // a space
        ]
        return (misses[(index / 2) % misses.count], false)
    }
}

extension PatternCase {
    init(name: String, source: String, generator: (Int, inout SplitMix64) -> (String, Bool)) {
        var random = SplitMix64(seed: UInt64(truncatingIfNeeded: name.utf8.reduce(0x5EED) { $0 &* 31 &+ Int($1) }))
        var inputs: [String] = []
        var expected: [Bool] = []
        for index in 0..<Inputs.perPattern {
            let (value, matches) = generator(index, &random)
            inputs.append(value)
            expected.append(matches)
        }
        self.init(name: name, source: source, inputs: inputs, expected: expected)
    }
}

/// A small deterministic generator (SplitMix64), so every run matches the same inputs.
struct SplitMix64 {
    private var state: UInt64
    init(seed: UInt64) { state = seed }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    mutating func digits(_ count: Int) -> String { word(from: "0123456789", count...count) }

    mutating func word(from alphabet: String, _ lengths: ClosedRange<Int>) -> String {
        let characters = Array(alphabet)
        let length = lengths.lowerBound + Int(next() % UInt64(lengths.count))
        return String((0..<length).map { _ in characters[Int(next() % UInt64(characters.count))] })
    }
}
