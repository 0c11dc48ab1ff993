/// Makes untrusted text (pet names, transcript lines, anything the user typed) inert before it
/// reaches a terminal.
///
/// C0 controls other than newline and tab, DEL, C1 controls (U+0080–U+009F) and the bidirectional
/// overrides and isolates are shown as visible text — `^[` for ESC, `<U+202E>` for an override —
/// so an escape sequence in a name prints as harmless characters instead of acting on the screen.
///
/// It works on the UTF-8 bytes, copying safe stretches whole, so that its time is linear in the
/// text even when every character is replaced (a mebibyte of escapes).
public enum TextSanitizer {
    public static func sanitize(_ text: String) -> String {
        sanitize(text, spacingWhitespace: false)
    }

    /// The text made inert; with `spacingWhitespace`, every tab and newline also becomes a space
    /// (for text that must stay on one line, as wide as it is measured).
    static func sanitize(_ text: String, spacingWhitespace: Bool) -> String {
        var text = text
        return text.withUTF8 { bytes in
            // Printable ASCII is tested inline: a call a byte is slow in debug builds.
            var firstChange = 0
            while firstChange < bytes.count
                && (bytes[firstChange] >= 0x20 && bytes[firstChange] < 0x7F || changeLength(bytes, at: firstChange, spacingWhitespace) == 0) {
                firstChange += 1
            }
            guard firstChange < bytes.count else { return nil }
            var result: [UInt8] = []
            result.reserveCapacity(bytes.count + bytes.count / 4)
            var safeStart = 0
            var index = firstChange
            while index < bytes.count {
                let length = bytes[index] >= 0x20 && bytes[index] < 0x7F ? 0 : changeLength(bytes, at: index, spacingWhitespace)
                if length == 0 {
                    index += 1
                    continue
                }
                result.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[safeStart..<index]))
                appendVisible(of: bytes, at: index, length: length, to: &result)
                index += length
                safeStart = index
            }
            result.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[safeStart..<bytes.count]))
            return String(decoding: result, as: UTF8.self)
        } ?? text
    }

    static func isUnsafe(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x0A, 0x09: false
        case 0x00...0x1F, 0x7F...0x9F, 0x202A...0x202E, 0x2066...0x2069: true
        default: false
        }
    }

    /// The length in bytes of the scalar at `index` if it must be replaced, else 0. The unsafe
    /// scalars are recognised by their UTF-8 form: C0 and DEL are single bytes, C1 is C2 80–C2 9F,
    /// the bidi controls are E2 80 AA–E2 80 AE and E2 81 A6–E2 81 A9 (see `isUnsafe`).
    private static func changeLength(_ bytes: UnsafeBufferPointer<UInt8>, at index: Int, _ spacingWhitespace: Bool) -> Int {
        let byte = bytes[index]
        if byte >= 0x20 && byte < 0x7F { return 0 }
        if byte < 0x80 { return byte == 0x09 || byte == 0x0A ? (spacingWhitespace ? 1 : 0) : 1 }
        if byte == 0xC2 && index + 1 < bytes.count && bytes[index + 1] <= 0x9F { return 2 }
        if byte == 0xE2 && index + 2 < bytes.count {
            let second = bytes[index + 1], third = bytes[index + 2]
            if second == 0x80 && (0xAA...0xAE).contains(third) || second == 0x81 && (0xA6...0xA9).contains(third) { return 3 }
        }
        return 0
    }

    /// What is shown for the scalar of `length` bytes at `index`: `^X` for C0 and DEL, `<U+XXXX>`
    /// for the rest, a space for whitespace that must not break the line.
    private static func appendVisible(of bytes: UnsafeBufferPointer<UInt8>, at index: Int, length: Int, to result: inout [UInt8]) {
        let byte = bytes[index]
        switch length {
        case 1 where byte == 0x09 || byte == 0x0A:
            result.append(0x20)
        case 1:
            result.append(UInt8(ascii: "^"))
            result.append(byte == 0x7F ? UInt8(ascii: "?") : byte + 0x40)
        default:
            var value = UInt32(byte & (length == 2 ? 0x1F : 0x0F))
            for continuation in bytes[(index + 1)..<(index + length)] {
                value = value << 6 | UInt32(continuation & 0x3F)
            }
            result.append(contentsOf: "<U+\(String(value, radix: 16, uppercase: true))>".utf8)
        }
    }
}
