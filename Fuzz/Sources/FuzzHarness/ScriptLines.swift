import Foundation
@testable import LaundryTerminal

/// A line of a fuzz input: text, or bytes that are not UTF-8.
public enum ScriptLine: Equatable {
    case text(String)
    case undecodable([UInt8])
}

/// A fuzz input read as the program reads a piped script — by its own ``InputLineReader``, through
/// a pipe: lines split at "\n", a "\r" before it and a leading byte-order mark dropped, a line that
/// is not UTF-8 kept as bytes.
public enum ScriptLines {
    /// What a pipe holds without a reader on its other end: an input is cut there (libFuzzer's
    /// `-max_len` keeps inputs far shorter; this guards a long file run by hand).
    static let pipeCapacity = 60_000

    public static func lines(of bytes: UnsafeRawBufferPointer) -> [ScriptLine] {
        var ends: [Int32] = [0, 0]
        guard pipe(&ends) == 0 else { fatalError("pipe: \(String(cString: strerror(errno)))") }
        var written = 0
        let count = min(bytes.count, pipeCapacity)
        while written < count {
            let result = write(ends[1], bytes.baseAddress! + written, count - written)
            if result < 0 && errno == EINTR { continue }
            guard result > 0 else { fatalError("write to a pipe: \(String(cString: strerror(errno)))") }
            written += result
        }
        close(ends[1])
        defer { close(ends[0]) }
        var reader = InputLineReader(descriptor: ends[0])
        var lines: [ScriptLine] = []
        while let line = reader.next() {
            switch line {
            case .text(let text): lines.append(.text(text))
            case .undecodable(let bytes): lines.append(.undecodable(bytes))
            }
        }
        return lines
    }
}
