import BenchmarkForms
import RuleCheck

/// Times form edits inside this process, for Benchmarks/compare.sh's `edits` part (issue 25's edit
/// goals): the three shapes of the edit benchmarks (`BenchmarkForms.Shape`: chains, fan-out,
/// groups), each at the sizes given, edited incrementally and with `.full` evaluation. The form is
/// built and checked as the package-benchmark suite builds it (`EditCase`: incremental and full
/// agree, each edit changes what the shape promises); the untimed step that gets the form ready
/// for the next edit is not timed, the edit itself is, one at a time.
///
///     edit-timing [--edits N] [--full-edits N] FIELDS…
///
/// Prints one JSON line per shape, size and mode: the median wall-clock and thread-CPU
/// microseconds of one edit, and what the edit's `ChangeSet` holds: `fields`, the fields whose
/// value, visibility, enabled or required flag or issues changed; `issues`, the issues those
/// fields now have; `entries`, every entry an app applies (values, visibilities, enabled and
/// required flags, issues, sections and gates). Issue 25's "per changed field or issue" divides
/// by `fields + issues`. On a shared machine the CPU figure is the steadier one.
@main
enum EditTiming {
    static func main() {
        var arguments = Array(CommandLine.arguments.dropFirst())
        var edits = 2_000
        var fullEdits = 20
        var sizes: [Int] = []
        while let argument = arguments.first {
            arguments.removeFirst()
            switch argument {
            case "--edits", "--full-edits":
                guard let value = arguments.first.flatMap({ Int($0) }), value > 0 else {
                    fail("edit-timing: \(argument) needs a positive count")
                }
                arguments.removeFirst()
                if argument == "--edits" { edits = value } else { fullEdits = value }
            default:
                guard let size = Int(argument), size >= 1_000, size % 1_000 == 0 else {
                    fail("usage: edit-timing [--edits N] [--full-edits N] FIELDS… (FIELDS a multiple of 1000)")
                }
                sizes.append(size)
            }
        }
        guard !sizes.isEmpty else { fail("usage: edit-timing [--edits N] [--full-edits N] FIELDS… (FIELDS a multiple of 1000)") }
        for size in sizes {
            for shape in Shape.allCases {
                for mode in [Form.EvaluationMode.incremental, .full] {
                    do {
                        let edit = try EditCase(shape, fields: size, mode: mode)
                        let result = try time(edit, count: mode == .full ? fullEdits : edits)
                        print(
                            #"{"shape": "\#(shape.rawValue)", "fields": \#(size), "mode": "\#(mode == .full ? "full" : "incremental")", "#
                                + #""edits": \#(result.count), "fields_changed": \#(result.fields), "issues": \#(result.issues), "#
                                + #""entries": \#(result.entries), "#
                                + #""edit_us": \#(rounded(result.wall)), "edit_cpu_us": \#(rounded(result.cpu))}"#)
                    } catch {
                        fail("edit-timing: \(shape.rawValue) \(size) (\(mode)): \(error)")
                    }
                }
            }
        }
    }

    /// The medians of `count` timed edits, and what the last one changed.
    private static func time(
        _ edit: EditCase, count: Int
    ) throws -> (count: Int, fields: Int, issues: Int, entries: Int, wall: Double, cpu: Double) {
        var walls: [Double] = []
        var cpus: [Double] = []
        walls.reserveCapacity(count)
        cpus.reserveCapacity(count)
        var changes = ChangeSet()
        for _ in 0..<count {
            try edit.prepare()
            let wallStart = ProcessClock.wall.seconds()
            let cpuStart = ProcessClock.threadCPU.seconds()
            let changeSet = try edit.edit()
            let cpu = ProcessClock.threadCPU.seconds() - cpuStart
            let wall = ProcessClock.wall.seconds() - wallStart
            walls.append(wall)
            cpus.append(cpu)
            changes = changeSet
        }
        let fields = Set(changes.values.keys).union(changes.visible.keys).union(changes.enabled.keys)
            .union(changes.required.keys).union(changes.issues.keys)
        let issues = changes.issues.values.reduce(0) { $0 + $1.count }
        return (count, fields.count, issues, entries(changes), median(walls) * 1e6, median(cpus) * 1e6)
    }

    /// Every entry of a change set that an app applies.
    private static func entries(_ changes: ChangeSet) -> Int {
        changes.values.count + changes.visible.count + changes.enabled.count + changes.required.count
            + changes.issues.values.reduce(0) { $0 + $1.count } + changes.sections.count + changes.gates.count
    }

    private static func median(_ values: [Double]) -> Double {
        let sorted = values.sorted()
        return sorted[sorted.count / 2]
    }

    private static func rounded(_ microseconds: Double) -> Double { (microseconds * 1_000).rounded() / 1_000 }
}
