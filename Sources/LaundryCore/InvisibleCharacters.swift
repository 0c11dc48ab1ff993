/// Characters that show as nothing: a name holding one looks blank, or looks like another name
/// with nothing added ("Snowy" and "Snowy" with a tag character would be two pets).
///
/// These are the Unicode Default_Ignorable_Code_Point characters — among them the Hangul fillers
/// (U+115F, U+1160, U+3164, U+FFA0), the zero-width joiner, variation selectors and tag
/// characters — and U+2800 BRAILLE PATTERN BLANK, which is a symbol but draws no dots.
///
/// Three of them are how emoji are spelled, and stay allowed where they do that job, judged
/// inside one grapheme cluster (one character as a reader sees it):
/// - the zero-width joiner between two emoji (👨‍👩‍👧, 🏳️‍🌈);
/// - a variation selector right after a character that takes it: VS15/VS16 after an emoji
///   (❤️, ☺︎, the keycap 1️⃣), the ideographic ones (VS1–VS14, VS17–VS256) after a CJK ideograph,
///   the Mongolian ones after a Mongolian letter;
/// - tag characters in a well-formed emoji tag sequence: 🏴 U+1F3F4, lower-case letters or
///   digits as tags, then U+E007F CANCEL TAG (the flags of Scotland, England, Wales).
///
/// Other variation sequences (mathematical symbols, Myanmar, Phags-pa) are refused: they are rare
/// in a pet's name, and knowing them would take Unicode's StandardizedVariants table.
enum InvisibleCharacters {
    /// The first character of `text` that shows as nothing where it stands, or nil.
    static func firstHidden(in text: String) -> Unicode.Scalar? {
        // ASCII has none; nearly every name is ASCII, so it needs no Unicode tables.
        guard !text.utf8.allSatisfy({ $0 < 0x80 }) else { return nil }
        for character in text where !character.isASCII {
            if let hidden = firstHidden(inCluster: Array(character.unicodeScalars)) { return hidden }
        }
        return nil
    }

    /// Whether the character could hide: default-ignorable, or the braille blank.
    static func mayHide(_ scalar: Unicode.Scalar) -> Bool {
        scalar.value == 0x2800 || scalar.properties.isDefaultIgnorableCodePoint
    }

    private static func firstHidden(inCluster scalars: [Unicode.Scalar]) -> Unicode.Scalar? {
        var index = 0
        while index < scalars.count {
            if scalars[index].value == blackFlag, let end = tagSequenceEnd(scalars, flagAt: index) {
                index = end
                continue
            }
            if mayHide(scalars[index]) && !isEmojiPiece(scalars, at: index) { return scalars[index] }
            index += 1
        }
        return nil
    }

    private static let blackFlag: UInt32 = 0x1F3F4
    private static let cancelTag: UInt32 = 0xE007F

    /// Where a tag sequence on the black flag at `index` ends (the index after its cancel tag), or
    /// nil when the flag carries no well-formed one: at least one tag, each a lower-case letter or
    /// digit (subdivision codes such as "gbsct" are spelled so), then the cancel tag.
    private static func tagSequenceEnd(_ scalars: [Unicode.Scalar], flagAt index: Int) -> Int? {
        var end = index + 1
        while end < scalars.count, (0xE0030...0xE0039).contains(scalars[end].value) || (0xE0061...0xE007A).contains(scalars[end].value) {
            end += 1
        }
        guard end > index + 1, end < scalars.count, scalars[end].value == cancelTag else { return nil }
        return end + 1
    }

    /// Whether the invisible character at `index` is a joiner or variation selector doing its job.
    private static func isEmojiPiece(_ scalars: [Unicode.Scalar], at index: Int) -> Bool {
        guard index > 0 else { return false }
        let scalar = scalars[index].value, before = scalars[index - 1]
        switch scalar {
        case 0x200D:  // zero-width joiner: an emoji (or its VS16) before, an emoji after
            guard index + 1 < scalars.count else { return false }
            return (isEmoji(before) || before.value == 0xFE0F) && isEmoji(scalars[index + 1])
        case 0xFE0E, 0xFE0F:  // text or emoji presentation, including the keycap digits
            return before.properties.isEmoji
        case 0xFE00...0xFE0D, 0xE0100...0xE01EF:  // ideographic variation sequences
            return before.properties.isUnifiedIdeograph
        case 0x180B...0x180D, 0x180F:  // Mongolian free variation selectors
            return (0x1820...0x18AA).contains(before.value)
        default:
            return false
        }
    }

    /// An emoji that can be joined: not the ASCII digits, "#" and "*", which are emoji only as
    /// keycaps.
    private static func isEmoji(_ scalar: Unicode.Scalar) -> Bool {
        !scalar.isASCII && scalar.properties.isEmoji
    }
}
