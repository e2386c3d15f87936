import Foundation
import RuleCheck
import RuleCheckBatch

/// A one-line progress bar for a terminal: how much of the file is read, records per second.
///
/// ```text
///  42% [█████████▌            ] 113.4 of 270.0 MB · 1,204,113 records · 412,880 records/s · export.csv
/// ```
///
/// Redrawn in place with a carriage return; ``clear()`` removes it before the report is printed.
final class ProgressBar {
    private let write: (String) -> Void
    private let start = Date()
    private var drawn = false

    /// A bar drawn by `write` (standard error, typically).
    init(write: @escaping (String) -> Void) {
        self.write = write
    }

    /// Redraws the bar.
    func update(file: String, read: ReadProgress, records: Int) {
        let elapsed = max(Date().timeIntervalSince(start), 0.001)
        let bytes = Double(read.bytesRead)
        let rate = Self.grouped(Int(Double(records) / elapsed))
        var line: String
        if let total = read.totalBytes, total > 0 {
            let fraction = min(1, bytes / Double(total))
            line =
                String(format: "%3d%% ", Int(fraction * 100)) + Self.bar(fraction, width: 24)
                + " \(Self.megabytes(bytes)) of \(Self.megabytes(Double(total))) MB"
        } else {
            line = "\(Self.megabytes(bytes)) MB read"
        }
        line += " · \(Self.grouped(records)) records · \(rate) records/s · \(VisibleText.escaped(file))"
        write("\r" + line + "\u{1B}[K")
        drawn = true
    }

    /// Removes the bar from the terminal.
    func clear() {
        if drawn { write("\r\u{1B}[K") }
        drawn = false
    }

    static func bar(_ fraction: Double, width: Int) -> String {
        let eighths = Int((fraction * Double(width * 8)).rounded(.down))
        let partials = ["", "▏", "▎", "▍", "▌", "▋", "▊", "▉"]
        var bar = String(repeating: "█", count: eighths / 8)
        if eighths / 8 < width { bar += partials[eighths % 8] }
        return "[" + bar + String(repeating: " ", count: max(0, width - bar.count)) + "]"
    }

    static func megabytes(_ bytes: Double) -> String {
        String(format: "%.1f", bytes / 1_000_000)
    }

    static func grouped(_ number: Int) -> String {
        let digits = String(number)
        var result = ""
        for (offset, digit) in digits.enumerated() {
            if offset > 0 && (digits.count - offset) % 3 == 0 { result += "," }
            result.append(digit)
        }
        return result
    }
}
