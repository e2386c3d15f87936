import Patterns
import RuleCheck

/// The date formats that every value of a field fits, among the ones exports use, with the
/// earliest and latest day each reads: `01/02/2024` fits `dd/MM/yyyy` and `MM/dd/yyyy` until a
/// day past the 12th tells them apart.
struct DateGuess {
    /// The formats tried, most likely first: the one a tie goes to comes first.
    static let formats: [DateFormat] = [
        "yyyy-MM-dd", "dd.MM.yyyy", "dd/MM/yyyy", "MM/dd/yyyy", "yyyy/MM/dd", "dd-MM-yyyy", "yyyy.MM.dd",
        "d.M.yyyy", "d/M/yyyy", "M/d/yyyy",
    ].compactMap { DateFormat($0) }

    private var alive: [Bool] = Array(repeating: true, count: DateGuess.formats.count)
    private var earliest: [Day?] = Array(repeating: nil, count: DateGuess.formats.count)
    private var latest: [Day?] = Array(repeating: nil, count: DateGuess.formats.count)
    private(set) var anyAlive = true

    /// Adds a text value: the formats it does not fit are dropped.
    mutating func add(_ text: String) {
        guard anyAlive else { return }
        // Every format needs digits first and at least 8 characters.
        guard text.utf8.count >= 8, text.utf8.first.map({ (0x30...0x39).contains($0) }) == true else {
            anyAlive = false
            return
        }
        anyAlive = false
        for index in alive.indices where alive[index] {
            guard let day = Self.formats[index].parse(text, digits: .any) else {
                alive[index] = false
                continue
            }
            anyAlive = true
            if earliest[index].map({ day < $0 }) ?? true { earliest[index] = day }
            if latest[index].map({ day > $0 }) ?? true { latest[index] = day }
        }
    }

    /// The format chosen (the first that every value fits), its earliest and latest day, and the
    /// other formats the values fit too.
    var best: (format: DateFormat, earliest: Day, latest: Day, alsoFits: [DateFormat])? {
        guard anyAlive, let index = alive.firstIndex(of: true), let earliest = earliest[index], let latest = latest[index] else {
            return nil
        }
        let others = alive.indices.filter { $0 != index && alive[$0] }.map { Self.formats[$0] }
        return (Self.formats[index], earliest, latest, others)
    }
}
