#if canImport(Glibc)
import Foundation
import Glibc
import RuleCheck
import Testing
import _RuleCheckTestSupport

/// `HeapEstimate`, which the server's memory budgets (`--max-form-bytes`, `--max-total-form-bytes`)
/// add up, against what glibc's malloc says is in use after making many of the thing estimated:
/// the bytes of its arenas less those free, as `malloc_info` writes them (what
/// `mallinfo2().uordblks` is; `mallinfo2`'s header is not in Swift's Glibc module, and its
/// struct return is no `@convention(c)` type, so it is read through `malloc_info`).
///
/// The stated factor: the estimate is at least half of what malloc uses and at most 1.25 times
/// it. It is below malloc because it leaves out malloc's 8-byte chunk header and rounding to 16
/// bytes, a string's NUL and the room Swift leaves for it to grow: measured on glibc 2.36 x86_64
/// alone, a 16-byte string costs 80 bytes (estimated 48: 0.6), 100 bytes 160 (132: 0.83), 4000
/// bytes 4060 (4032: 0.99); an array of one Int 48 (40: 0.83), of 1000 Ints 8048 (8040). Above 1
/// only by what other tests running meanwhile free; a form's estimate that came out larger than
/// malloc's would refuse forms that fit.
///
/// Many at once (about 8 MB, the array holding them reserved beforehand), the median of three
/// runs, so that what other tests running meanwhile allocate or free is small beside it.
@Suite("Heap estimate", .serialized)
struct HeapEstimateTests {
    /// How many of a thing of `bytes` to make: about 8 MB of them, at most 100,000.
    static func count(of bytes: Int) -> Int { min(100_000, 8_000_000 / (bytes + 64)) }

    /// malloc's bytes in use: the last `<system type="current">` of `malloc_info`'s XML (every
    /// arena) less the last `fast` and `rest` totals (free chunks, the top chunks among them).
    static func heapInUse() throws -> Int {
        typealias MallocInfo = @convention(c) (Int32, UnsafeMutablePointer<FILE>?) -> Int32
        let symbol = try #require(dlsym(UnsafeMutableRawPointer(bitPattern: 0), "malloc_info"), "no malloc_info")
        let mallocInfo = unsafeBitCast(symbol, to: MallocInfo.self)
        var buffer: UnsafeMutablePointer<CChar>?
        var length = 0
        let stream = try #require(open_memstream(&buffer, &length))
        let written = mallocInfo(0, stream)
        fclose(stream)
        defer { free(buffer) }
        try #require(written == 0)
        let xml = String(cString: try #require(buffer))
        // The totals over every arena follow the last heap.
        let totals = xml[try #require(xml.range(of: "</heap>", options: .backwards)).upperBound...]
        func size(after tag: String) throws -> Int {
            let found = try #require(totals.range(of: tag), "\(tag) in \(xml)")
            let key = try #require(totals.range(of: #"size=""#, range: found.upperBound..<totals.endIndex))
            return try #require(Int(totals[key.upperBound...].prefix { $0 != "\"" }))
        }
        return try size(after: #"<system type="current""#) - size(after: #"<total type="fast""#) - size(after: #"<total type="rest""#)
    }

    /// malloc's bytes in use per object that `make(i)` returns, made `count` times and kept.
    static func measured<T>(_ count: Int, _ make: (Int) -> T) throws -> Double {
        var runs: [Double] = []
        for _ in 0..<3 {
            var kept: [T] = []
            kept.reserveCapacity(count)
            let before = try heapInUse()
            for index in 0..<count { kept.append(make(index)) }
            let after = try heapInUse()
            withExtendedLifetime(kept) {}
            runs.append((Double(after) - Double(before)) / Double(count))
        }
        return runs.sorted()[1]
    }

    static func expectWithinFactor(_ estimate: Int, _ measured: Double, _ what: String, sourceLocation: SourceLocation = #_sourceLocation) {
        #expect(
            Double(estimate) >= 0.5 * measured && Double(estimate) <= 1.25 * measured,
            "\(what): estimated \(estimate), malloc uses \(measured)", sourceLocation: sourceLocation)
    }

    @Test(arguments: [16, 31, 100, 1000, 4000])
    func aStringsEstimateIsMallocs(length: Int) throws {
        let estimate = HeapEstimate.bytes(of: String(repeating: "x", count: length))
        let measured = try Self.measured(Self.count(of: length)) { _ in String(repeating: "x", count: length) }
        Self.expectWithinFactor(estimate, measured, "a string of \(length) bytes")
        // As a form's strings are made: decoded from the bytes of a request.
        let bytes = [UInt8](repeating: UInt8(ascii: "y"), count: length)
        let decoded = try Self.measured(Self.count(of: length)) { _ in String(decoding: bytes, as: UTF8.self) }
        Self.expectWithinFactor(estimate, decoded, "a string of \(length) bytes decoded")
    }

    /// A string of 15 bytes or fewer lives in the string itself: no heap, and no estimate.
    ///
    /// malloc's figures are the whole process's, and the other suites run meanwhile (a deep run
    /// measured 13.9 bytes a string of their traffic in the median of three): so "no heap" is
    /// "well below the least a string on the heap costs", 32 bytes (glibc's smallest chunk; a
    /// 16-byte string costs 80, above).
    @Test func aSmallStringTakesNoHeap() throws {
        expectEqual(HeapEstimate.bytes(of: String(repeating: "x", count: 15)), 0)
        let measured = try Self.measured(100_000) { _ in String(repeating: "x", count: 15) }
        #expect(abs(measured) < 24, "\(measured)")
    }

    @Test(arguments: [1, 10, 100, 1000])
    func anArraysBufferEstimateIsMallocs(capacity: Int) throws {
        let make = { (index: Int) -> [Int] in
            var array: [Int] = []
            array.reserveCapacity(capacity)
            array.append(index)
            return array
        }
        let estimate = HeapEstimate.buffer(capacity: make(0).capacity, element: MemoryLayout<Int>.stride)
        let measured = try Self.measured(Self.count(of: capacity * 8), make)
        Self.expectWithinFactor(estimate, measured, "an array of capacity \(capacity)")
    }
}
#endif
