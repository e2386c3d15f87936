/// RFC 3492 Punycode, the encoding of IDN labels after `xn--`.
///
/// ```swift
/// Punycode.decode(Array("ihqwcrb4cv8a8dqg056pqjye".utf8))   // the scalars of 他们为什么不说中文
/// Punycode.encode(Array("bücher".unicodeScalars))            // "bcher-kva"
/// ```
enum Punycode {
    private static let base = 36
    private static let tMin = 1
    private static let tMax = 26
    private static let skew = 38
    private static let damp = 700
    private static let initialBias = 72
    private static let initialN = 128

    /// The code points an encoded label (without `xn--`) stands for; nil when it is not valid Punycode.
    static func decode(_ input: [UInt8]) -> [Unicode.Scalar]? {
        var output: [UInt32] = []
        var rest = input[...]
        if let delimiter = input.lastIndex(of: UInt8(ascii: "-")) {
            for byte in input[..<delimiter] {
                guard byte < 0x80 else { return nil }
                output.append(UInt32(byte))
            }
            rest = input[(delimiter + 1)...]
        }
        var n = initialN
        var i = 0
        var bias = initialBias
        var index = rest.startIndex
        while index < rest.endIndex {
            let oldI = i
            var weight = 1
            var k = base
            while true {
                guard index < rest.endIndex, let digit = digitValue(rest[index]) else { return nil }
                index += 1
                let (product, overflow) = digit.multipliedReportingOverflow(by: weight)
                guard !overflow, i <= Int(Int32.max) - product else { return nil }
                i += product
                let t = k <= bias ? tMin : k >= bias + tMax ? tMax : k - bias
                if digit < t { break }
                let (nextWeight, weightOverflow) = weight.multipliedReportingOverflow(by: base - t)
                guard !weightOverflow, nextWeight <= Int(Int32.max) else { return nil }
                weight = nextWeight
                k += base
            }
            bias = adapt(i - oldI, output.count + 1, oldI == 0)
            n += i / (output.count + 1)
            guard n <= 0x10FFFF else { return nil }
            i %= output.count + 1
            output.insert(UInt32(n), at: i)
            i += 1
        }
        var scalars: [Unicode.Scalar] = []
        for value in output {
            guard let scalar = Unicode.Scalar(value) else { return nil }
            scalars.append(scalar)
        }
        return scalars
    }

    /// The encoding of a label's code points (without `xn--`).
    static func encode(_ input: [Unicode.Scalar]) -> String? {
        var output: [UInt8] = input.filter(\.isASCII).map { UInt8($0.value) }
        let basicCount = output.count
        var handled = basicCount
        if basicCount > 0 { output.append(UInt8(ascii: "-")) }
        var n = initialN
        var delta = 0
        var bias = initialBias
        let values = input.map { Int($0.value) }
        while handled < values.count {
            guard let m = values.filter({ $0 >= n }).min() else { return nil }
            let (step, overflow) = (m - n).multipliedReportingOverflow(by: handled + 1)
            guard !overflow else { return nil }
            delta += step
            n = m
            for value in values {
                if value < n { delta += 1 }
                if value == n {
                    var q = delta
                    var k = base
                    while true {
                        let t = k <= bias ? tMin : k >= bias + tMax ? tMax : k - bias
                        if q < t { break }
                        output.append(digitByte(t + (q - t) % (base - t)))
                        q = (q - t) / (base - t)
                        k += base
                    }
                    output.append(digitByte(q))
                    bias = adapt(delta, handled + 1, handled == basicCount)
                    delta = 0
                    handled += 1
                }
            }
            delta += 1
            n += 1
        }
        return String(decoding: output, as: UTF8.self)
    }

    private static func adapt(_ delta: Int, _ count: Int, _ first: Bool) -> Int {
        var delta = first ? delta / damp : delta / 2
        delta += delta / count
        var k = 0
        while delta > ((base - tMin) * tMax) / 2 {
            delta /= base - tMin
            k += base
        }
        return k + (base - tMin + 1) * delta / (delta + skew)
    }

    private static func digitValue(_ byte: UInt8) -> Int? {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"): Int(byte - UInt8(ascii: "a"))
        case UInt8(ascii: "A")...UInt8(ascii: "Z"): Int(byte - UInt8(ascii: "A"))
        case UInt8(ascii: "0")...UInt8(ascii: "9"): Int(byte - UInt8(ascii: "0")) + 26
        default: nil
        }
    }

    private static func digitByte(_ digit: Int) -> UInt8 {
        digit < 26 ? UInt8(ascii: "a") + UInt8(digit) : UInt8(ascii: "0") + UInt8(digit - 26)
    }
}
