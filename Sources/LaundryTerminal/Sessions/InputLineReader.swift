import CLibEdit
import Foundation

/// One line read from a pipe: text, or bytes that are not UTF-8.
enum InputLine: Equatable {
    case text(String)
    case undecodable([UInt8])
}

/// Reads lines from a file descriptor without a prompt or line editor (script mode).
///
/// Unlike `readLine()`, it does not silently repair invalid UTF-8 — such a line is handed back
/// as bytes so the user can be told — and it keeps memory bounded: a line longer than
/// ``maximumLineBytes`` is cut there (the rest is read and dropped).
struct InputLineReader {
    static let maximumLineBytes = 1 << 20

    private let descriptor: Int32
    private var buffer: [UInt8] = []
    private var chunk = [UInt8](repeating: 0, count: 64 * 1024)
    private var start = 0
    private var atEnd = false
    private var isFirstLine = true

    init(descriptor: Int32) {
        self.descriptor = descriptor
    }

    /// Whether ``next()`` can return a line without reading: a whole line is already buffered.
    var hasCompleteLine: Bool {
        buffer[start...].contains(UInt8(ascii: "\n"))
    }

    /// The next line without its line ending, or nil at the end of input.
    mutating func next() -> InputLine? {
        var line: [UInt8] = []
        var discarding = false
        while true {
            if let newline = buffer[start...].firstIndex(of: UInt8(ascii: "\n")) {
                if !discarding { append(buffer[start..<newline], to: &line) }
                start = newline + 1
                return decode(line)
            }
            if !discarding {
                append(buffer[start...], to: &line)
                discarding = line.count >= Self.maximumLineBytes
            }
            buffer.removeAll(keepingCapacity: true)
            start = 0
            if atEnd || !fill() {
                atEnd = true
                return line.isEmpty && !discarding ? nil : decode(line)
            }
        }
    }

    private func append(_ bytes: ArraySlice<UInt8>, to line: inout [UInt8]) {
        line.append(contentsOf: bytes.prefix(Self.maximumLineBytes - line.count))
    }

    /// Reads more input; false at the end (or on a read error, which ends the input too).
    private mutating func fill() -> Bool {
        while true {
            let count = chunk.withUnsafeMutableBytes { lt_read_unless_terminated(descriptor, $0.baseAddress, $0.count) }
            if count > 0 {
                buffer.append(contentsOf: chunk[0..<count])
                return true
            }
            // SIGTERM or SIGHUP (caught to end in order) ends the input here.
            if count < 0 && errno == EINTR && lt_termination_signal() == 0 { continue }
            return false
        }
    }

    private mutating func decode(_ bytes: [UInt8]) -> InputLine {
        var bytes = bytes[...]
        // A script saved by an editor that starts files with a byte-order mark.
        if isFirstLine && bytes.starts(with: [0xEF, 0xBB, 0xBF]) { bytes = bytes.dropFirst(3) }
        isFirstLine = false
        if bytes.last == UInt8(ascii: "\r") { bytes = bytes.dropLast() }
        if let text = String(validating: bytes, as: UTF8.self) { return .text(text) }
        return .undecodable(Array(bytes))
    }
}
