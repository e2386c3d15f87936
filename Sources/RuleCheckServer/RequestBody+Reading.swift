import Foundation
import HTTPTypes
import Hummingbird
import NIOCore
import NIOHTTP1
import RuleCheck

/// Reading a request's body within the body limit, and as JSON.
enum BodyReading {
    /// The whole body, at most `limit` bytes: a declared or actual size over it is a 413.
    static func bytes(of request: Request, limit: Int) async throws -> [UInt8] {
        if let declared = request.headers[.contentLength].flatMap(Int.init), declared > limit {
            throw APIError.bodyTooLarge(limit: limit)
        }
        do {
            let buffer = try await request.body.collect(upTo: limit)
            return Array(buffer.readableBytesView)
        } catch is NIOTooManyBytesError {
            throw APIError.bodyTooLarge(limit: limit)
        } catch let error as HTTPParserError {
            throw APIError.unreadableHTTP("\(error)")
        }
    }

    /// The body parsed as one JSON value; a 400 with the line and column of the problem.
    static func json(_ bytes: [UInt8]) throws(APIError) -> JSONValue {
        do {
            return try JSONParser().parse(bytes)
        } catch {
            throw .badJSON("\(error.location(in: bytes)): \(error.message)")
        }
    }

    /// What the body holds at its top, read as ``json(_:)`` reads it (the same 400 for a body that
    /// is not JSON) without building the value.
    static func jsonTopLevel(_ bytes: [UInt8]) throws(APIError) -> JSONTopLevel {
        do {
            return try JSONParser().topLevel(bytes)
        } catch {
            throw .badJSON("\(error.location(in: bytes)): \(error.message)")
        }
    }

    /// The media type of the body, lowercased and without parameters (`application/json`);
    /// nil when the request does not say.
    static func mediaType(of request: Request) -> String? {
        guard let value = request.headers[.contentType] else { return nil }
        // Bytes rather than Foundation's trimming and lowercasing: every POST asks, twice.
        var type = value.utf8.prefix { $0 != UInt8(ascii: ";") }
        while let first = type.first, first == 0x20 || first == 0x09 { type = type.dropFirst() }
        while let last = type.last, last == 0x20 || last == 0x09 { type = type.dropLast() }
        guard !type.isEmpty else { return nil }
        return String(decoding: type.map { (0x41...0x5A).contains($0) ? $0 + 32 : $0 }, as: UTF8.self)
    }
}
