extension Int {
    /// The number with its thousands grouped, for people: `1,234,567`.
    var grouped: String {
        let digits = String(magnitude)
        var text = self < 0 ? "-" : ""
        for (index, digit) in digits.enumerated() {
            if index > 0, (digits.count - index) % 3 == 0 { text.append(",") }
            text.append(digit)
        }
        return text
    }
}
