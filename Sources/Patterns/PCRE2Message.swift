internal import CPCRE2

/// PCRE2's text for an error code (compile or match), e.g. `missing closing parenthesis`.
func pcre2Message(_ code: Int32) -> String {
    var buffer = [UInt8](repeating: 0, count: 256)
    let length = buffer.withUnsafeMutableBufferPointer { pointer in
        pcre2_get_error_message_8(code, pointer.baseAddress, pointer.count)
    }
    guard length > 0 else { return "PCRE2 error \(code)" }
    return String(decoding: buffer[0..<Int(length)], as: UTF8.self)
}
