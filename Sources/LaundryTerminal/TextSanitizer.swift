/// Makes untrusted text (pet names, transcript lines, anything the user typed) inert before it
/// reaches a terminal.
///
/// C0 controls other than newline and tab, DEL, C1 controls (U+0080–U+009F) and the bidirectional
/// overrides and isolates are shown as visible text — `^[` for ESC, `<U+202E>` for an override —
/// so an escape sequence in a name prints as harmless characters instead of acting on the screen.
public enum TextSanitizer {
    public static func sanitize(_ text: String) -> String {
        guard text.unicodeScalars.contains(where: isUnsafe) else { return text }
        var result = String.UnicodeScalarView()
        for scalar in text.unicodeScalars {
            guard isUnsafe(scalar) else {
                result.append(scalar)
                continue
            }
            let visible: String
            switch scalar.value {
            case 0x00...0x1F: visible = "^" + String(UnicodeScalar(UInt8(scalar.value + 0x40)))
            case 0x7F: visible = "^?"
            default: visible = "<U+\(String(scalar.value, radix: 16, uppercase: true))>"
            }
            result.append(contentsOf: visible.unicodeScalars)
        }
        return String(result)
    }

    static func isUnsafe(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x0A, 0x09: false
        case 0x00...0x1F, 0x7F...0x9F, 0x202A...0x202E, 0x2066...0x2069: true
        default: false
        }
    }
}
