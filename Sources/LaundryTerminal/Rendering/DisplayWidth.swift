/// How many terminal cells text occupies, so that boxes, columns and wrapped lines line up.
///
/// Written by hand: no package on this machine's mirror measures display width per grapheme
/// cluster (Swift `Character`) correctly, and a sum over code points miscounts ZWJ sequences,
/// flags and skin tones.
///
/// A cluster is measured as a whole: its first scalar decides (wide CJK, emoji presentation → 2;
/// marks, format and control characters → 0; everything else, ambiguous symbols like ⚙ ✓ ❤ • ─ │
/// included, → 1), corrected by the variation selectors and the flag, keycap and ZWJ sequences
/// that terminals draw as one two-cell emoji. No cluster is wider than 2.
enum DisplayWidth {
    /// 0, 1 or 2 cells for one grapheme cluster (Swift Character).
    static func of(_ character: Character) -> Int {
        // Fast path: the renderer measures mostly ASCII. ("\r\n" is one ASCII cluster: 0.)
        if let ascii = character.asciiValue { return ascii >= 0x20 && ascii < 0x7F ? 1 : 0 }
        let scalars = character.unicodeScalars
        guard let first = scalars.first else { return 0 }
        if isRegionalIndicator(first) {
            // Two regional indicators make a flag; a lone one is drawn as a boxed letter.
            return scalars.dropFirst().contains(where: isRegionalIndicator) ? 2 : 1
        }
        if first.properties.isEmoji {
            // U+FE0E asks for text presentation, U+FE0F for emoji presentation. The latter also
            // covers keycaps (digit, # or * + FE0F + 20E3: those bases have Emoji=Yes) and
            // sequences such as 🏳️‍🌈 whose first scalar is a text-default emoji.
            if scalars.contains("\u{FE0E}") { return 1 }
            if scalars.contains("\u{FE0F}") { return 2 }
        }
        // The first scalar that takes space decides; it is the first one except after a prepended
        // format character (U+0600 ARABIC NUMBER SIGN and the like start a cluster with width 0).
        for scalar in scalars {
            let width = width(of: scalar)
            if width > 0 { return min(width, 2) }
        }
        return 0
    }

    /// The sum over the text's grapheme clusters, skipping ANSI escape sequences: CSI (ESC [ …
    /// final byte 0x40–0x7E), OSC (ESC ] … terminated by BEL or ESC \), and other two-character
    /// ESC sequences.
    static func of<S: StringProtocol>(_ text: S) -> Int {
        if isPrintableASCII(text.utf8) { return text.utf8.count }
        var total = 0
        forEachPiece(of: substring(text)) { _, width in
            total += width
            return true
        }
        return total
    }

    /// The longest prefix of `text` (whole grapheme clusters, escapes kept and counted as 0) that
    /// fits in `cells`; returns the prefix and its width. Escapes and zero-width clusters right
    /// after the last cluster that fits are kept too, so a closing `ESC [0m` is not lost.
    static func prefix<S: StringProtocol>(of text: S, fitting cells: Int) -> (prefix: Substring, width: Int) {
        let whole = substring(text)
        var end = whole.startIndex
        var total = 0
        forEachPiece(of: whole) { pieceEnd, width in
            guard total + width <= cells else { return false }
            total += width
            end = pieceEnd
            return true
        }
        // Built from the scalar view so that the bounds stay exactly where the pieces ended.
        return (Substring(whole.unicodeScalars[whole.startIndex..<end]), total)
    }

    // MARK: - Pieces: escape sequences and grapheme clusters

    /// `text` as a Substring sharing its indices. Only String and Substring conform to
    /// StringProtocol, so the copy at the end is never made in practice.
    private static func substring<S: StringProtocol>(_ text: S) -> Substring {
        if let substring = text as? Substring { return substring }
        if let string = text as? String { return string[...] }
        return Substring(text)
    }

    /// Calls `body` with the end index and the width of each piece of `text` in order — an escape
    /// sequence (width 0) or a grapheme cluster between escapes — until `body` returns false.
    ///
    /// Escapes are found among unicode scalars, not Characters: ESC always starts a cluster, but a
    /// combining mark right after an escape's final byte would join it into one Character. Each
    /// step looks only at the piece it measures, so measuring a prefix costs the prefix, not the
    /// whole text (a long word was cut a line at a time, each cut scanning to its end).
    private static func forEachPiece(of text: Substring, _ body: (String.Index, Int) -> Bool) {
        let utf8 = text.utf8
        var index = utf8.startIndex
        while index < utf8.endIndex {
            let end: String.Index, width: Int
            if utf8[index] == 0x1B {
                (end, width) = (endOfEscape(in: text.unicodeScalars, at: index), 0)
            } else {
                (end, width) = cluster(of: text, at: index)
            }
            guard body(end, width) else { return }
            index = end
        }
    }

    /// The end and width of the grapheme cluster that starts at `index`, which is taken as a
    /// cluster boundary (it is one, or it follows an escape). An ASCII character followed by
    /// another is a cluster of its own (CR LF aside), so ASCII text is measured a byte at a time;
    /// anything else is a Character of the text from `index` on. A cluster never runs past an ESC,
    /// which is a control character and so a cluster of its own.
    private static func cluster(of text: Substring, at index: String.Index) -> (end: String.Index, width: Int) {
        let utf8 = text.utf8
        let byte = utf8[index]
        if byte < 0x80 && byte != 0x0D {
            let next = utf8.index(after: index)
            if next == utf8.endIndex || utf8[next] < 0x80 { return (next, byte >= 0x20 && byte < 0x7F ? 1 : 0) }
        }
        let rest = Substring(text.unicodeScalars[index...])
        return (rest.index(after: rest.startIndex), of(rest[rest.startIndex]))
    }

    /// Whether every byte is printable ASCII: then the width is the byte count. Read from
    /// contiguous storage where there is some, which keeps debug builds quick on long lines.
    private static func isPrintableASCII<C: Collection<UInt8>>(_ bytes: C) -> Bool {
        func printable(_ buffer: UnsafeBufferPointer<UInt8>) -> Bool {
            var index = 0
            while index < buffer.count {
                guard buffer[index] >= 0x20 && buffer[index] < 0x7F else { return false }
                index += 1
            }
            return true
        }
        return bytes.withContiguousStorageIfAvailable(printable) ?? bytes.allSatisfy { $0 >= 0x20 && $0 < 0x7F }
    }

    /// The index just past the escape sequence that starts with the ESC at `start`. A malformed or
    /// unfinished sequence ends where it stops making sense, or at the end of the text.
    static func endOfEscape(in scalars: Substring.UnicodeScalarView, at start: String.Index) -> String.Index {
        var index = scalars.index(after: start)
        guard index < scalars.endIndex else { return index }
        let introducer = scalars[index]
        index = scalars.index(after: index)
        switch introducer {
        case "[":  // CSI: parameter and intermediate bytes 0x20–0x3F, then a final byte 0x40–0x7E.
            while index < scalars.endIndex {
                let value = scalars[index].value
                if (0x40...0x7E).contains(value) { return scalars.index(after: index) }
                guard (0x20...0x3F).contains(value) else { return index }
                index = scalars.index(after: index)
            }
        case "]":  // OSC: anything up to BEL or ST (ESC \); another ESC ends it and starts anew.
            while index < scalars.endIndex {
                let scalar = scalars[index]
                if scalar == "\u{07}" { return scalars.index(after: index) }
                if scalar == "\u{1B}" {
                    let next = scalars.index(after: index)
                    guard next < scalars.endIndex, scalars[next] == "\\" else { return index }
                    return scalars.index(after: next)
                }
                index = scalars.index(after: index)
            }
        default:  // A two-character sequence such as ESC 7 or ESC =.
            break
        }
        return index
    }

    // MARK: - One scalar

    /// Cells for one scalar on its own; `of(_: Character)` applies the cluster rules above this.
    static func width(of scalar: Unicode.Scalar) -> Int {
        let value = scalar.value
        if value >= 0x20 && value < 0x7F { return 1 }  // Printable ASCII: no look-ups.
        if value < 0xA0 { return 0 }  // C0, DEL, C1: sanitised elsewhere before display.
        if value == 0xAD { return 1 }  // SOFT HYPHEN is format (Cf), but terminals draw a hyphen.
        switch scalar.properties.generalCategory {
        case .nonspacingMark, .enclosingMark, .format:
            return 0  // Combining marks, variation selectors, CGJ, ZWJ, ZWSP, bidi controls, tags.
        default:
            break
        }
        if scalar.properties.isEmojiPresentation || isWide(value) { return 2 }
        return 1
    }

    private static func isRegionalIndicator(_ scalar: Unicode.Scalar) -> Bool {
        (0x1F1E6...0x1F1FF).contains(scalar.value)
    }

    /// Binary search of `wideRanges` for the pair whose range holds `value`.
    private static func isWide(_ value: UInt32) -> Bool {
        guard value >= wideRanges[0] else { return false }
        var low = 0, high = wideRanges.count / 2 - 1  // Pair indices; pair i is at 2i, 2i+1.
        while low < high {  // Find the last pair whose start is <= value.
            let mid = (low + high + 1) / 2
            if wideRanges[2 * mid] <= value { low = mid } else { high = mid - 1 }
        }
        return value <= wideRanges[2 * low + 1]
    }

    /// East Asian Wide (W) and Fullwidth (F) code points from Unicode 17.0's EastAsianWidth.txt,
    /// as sorted, disjoint, inclusive (first, last) pairs. Swift does not expose East Asian Width.
    /// Regional indicators (N there) are handled per cluster; marks inside these ranges are caught
    /// earlier by their general category. `isEmojiPresentation` covers emoji newer than the table.
    private static let wideRanges: [UInt32] = [
        0x1100, 0x115F, 0x231A, 0x231B, 0x2329, 0x232A, 0x23E9, 0x23EC, 0x23F0, 0x23F0,
        0x23F3, 0x23F3, 0x25FD, 0x25FE, 0x2614, 0x2615, 0x2630, 0x2637, 0x2648, 0x2653,
        0x267F, 0x267F, 0x268A, 0x268F, 0x2693, 0x2693, 0x26A1, 0x26A1, 0x26AA, 0x26AB,
        0x26BD, 0x26BE, 0x26C4, 0x26C5, 0x26CE, 0x26CE, 0x26D4, 0x26D4, 0x26EA, 0x26EA,
        0x26F2, 0x26F3, 0x26F5, 0x26F5, 0x26FA, 0x26FA, 0x26FD, 0x26FD, 0x2705, 0x2705,
        0x270A, 0x270B, 0x2728, 0x2728, 0x274C, 0x274C, 0x274E, 0x274E, 0x2753, 0x2755,
        0x2757, 0x2757, 0x2795, 0x2797, 0x27B0, 0x27B0, 0x27BF, 0x27BF, 0x2B1B, 0x2B1C,
        0x2B50, 0x2B50, 0x2B55, 0x2B55, 0x2E80, 0x2E99, 0x2E9B, 0x2EF3, 0x2F00, 0x2FD5,
        0x2FF0, 0x303E, 0x3041, 0x3096, 0x3099, 0x30FF, 0x3105, 0x312F, 0x3131, 0x318E,
        0x3190, 0x31E5, 0x31EF, 0x321E, 0x3220, 0x3247, 0x3250, 0xA48C, 0xA490, 0xA4C6,
        0xA960, 0xA97C, 0xAC00, 0xD7A3, 0xF900, 0xFAFF, 0xFE10, 0xFE19, 0xFE30, 0xFE52,
        0xFE54, 0xFE66, 0xFE68, 0xFE6B, 0xFF01, 0xFF60, 0xFFE0, 0xFFE6, 0x16FE0, 0x16FE4,
        0x16FF0, 0x16FF6, 0x17000, 0x18CD5, 0x18CFF, 0x18D1E, 0x18D80, 0x18DF2, 0x1AFF0, 0x1AFF3,
        0x1AFF5, 0x1AFFB, 0x1AFFD, 0x1AFFE, 0x1B000, 0x1B122, 0x1B132, 0x1B132, 0x1B150, 0x1B152,
        0x1B155, 0x1B155, 0x1B164, 0x1B167, 0x1B170, 0x1B2FB, 0x1D300, 0x1D356, 0x1D360, 0x1D376,
        0x1F004, 0x1F004, 0x1F0CF, 0x1F0CF, 0x1F18E, 0x1F18E, 0x1F191, 0x1F19A, 0x1F200, 0x1F202,
        0x1F210, 0x1F23B, 0x1F240, 0x1F248, 0x1F250, 0x1F251, 0x1F260, 0x1F265, 0x1F300, 0x1F320,
        0x1F32D, 0x1F335, 0x1F337, 0x1F37C, 0x1F37E, 0x1F393, 0x1F3A0, 0x1F3CA, 0x1F3CF, 0x1F3D3,
        0x1F3E0, 0x1F3F0, 0x1F3F4, 0x1F3F4, 0x1F3F8, 0x1F43E, 0x1F440, 0x1F440, 0x1F442, 0x1F4FC,
        0x1F4FF, 0x1F53D, 0x1F54B, 0x1F54E, 0x1F550, 0x1F567, 0x1F57A, 0x1F57A, 0x1F595, 0x1F596,
        0x1F5A4, 0x1F5A4, 0x1F5FB, 0x1F64F, 0x1F680, 0x1F6C5, 0x1F6CC, 0x1F6CC, 0x1F6D0, 0x1F6D2,
        0x1F6D5, 0x1F6D8, 0x1F6DC, 0x1F6DF, 0x1F6EB, 0x1F6EC, 0x1F6F4, 0x1F6FC, 0x1F7E0, 0x1F7EB,
        0x1F7F0, 0x1F7F0, 0x1F90C, 0x1F93A, 0x1F93C, 0x1F945, 0x1F947, 0x1F9FF, 0x1FA70, 0x1FA7C,
        0x1FA80, 0x1FA8A, 0x1FA8E, 0x1FAC6, 0x1FAC8, 0x1FAC8, 0x1FACD, 0x1FADC, 0x1FADF, 0x1FAEA,
        0x1FAEF, 0x1FAF8, 0x20000, 0x2FFFD, 0x30000, 0x3FFFD,
    ]
}
