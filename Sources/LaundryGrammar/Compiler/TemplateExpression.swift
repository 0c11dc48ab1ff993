/// A template sentence, parsed: words, `(a|b)` alternatives, `[x]` optional parts, `{slot}`s and
/// `<rule>` references.
package indirect enum TemplateExpression: Equatable, Sendable {
    case word(String)
    case sequence([TemplateExpression])
    case alternatives([TemplateExpression])
    case optional(TemplateExpression)
    /// A slot; with a value list, its words come from the list (`{value:switch}`).
    case slot(SlotKind, list: String?)
    /// A slot with a fixed value that takes no words (`mute {setting=sound} {value=off}`).
    case constant(SlotKind, value: String)
    case rule(String)

    /// Parses one template or rule body.
    static func parse(_ text: String) throws(TemplateSyntaxError) -> TemplateExpression {
        var parser = Parser(bytes: Array(text.utf8))
        do {
            return try parser.parseAlternatives(closing: nil)
        } catch {
            // The parser counts bytes; a message counts characters.
            let column = String(decoding: parser.bytes.prefix(error.column), as: UTF8.self).count
            throw TemplateSyntaxError(message: error.message, column: column)
        }
    }

    /// Reads the template's UTF-8 bytes, not its Characters: every character of the syntax is
    /// ASCII, and no byte of a multi-byte UTF-8 sequence is, so a word ends at the same places.
    /// (Reading Characters cost more than the rest of compiling the grammar.)
    private struct Parser {
        let bytes: [UInt8]
        var position = 0

        /// The byte at the current position, or nil at the end.
        private var current: UInt8? { position < bytes.count ? bytes[position] : nil }

        /// alternatives := sequence ('|' sequence)*
        mutating func parseAlternatives(closing: UInt8?) throws(TemplateSyntaxError) -> TemplateExpression {
            var options = [try parseSequence()]
            while current == UInt8(ascii: "|") {
                position += 1
                options.append(try parseSequence())
            }
            if let closing {
                guard current == closing else {
                    throw TemplateSyntaxError(message: "'\(closing == UInt8(ascii: ")") ? "(" : "[")' is not closed", column: position)
                }
                position += 1
            } else if current != nil {
                throw TemplateSyntaxError(message: "unexpected '\(character(at: position))'", column: position)
            }
            if options.contains(.sequence([])) && closing != UInt8(ascii: "]") {
                throw TemplateSyntaxError(message: "an empty alternative; write [x] for an optional part", column: position)
            }
            return options.count == 1 ? options[0] : .alternatives(options)
        }

        /// sequence := item*
        mutating func parseSequence() throws(TemplateSyntaxError) -> TemplateExpression {
            var items: [TemplateExpression] = []
            while let byte = current {
                switch byte {
                case UInt8(ascii: " "), UInt8(ascii: "\t"):
                    position += 1
                case UInt8(ascii: "|"), UInt8(ascii: ")"), UInt8(ascii: "]"):
                    return items.count == 1 ? items[0] : .sequence(items)
                case UInt8(ascii: "("):
                    position += 1
                    items.append(try parseAlternatives(closing: UInt8(ascii: ")")))
                case UInt8(ascii: "["):
                    position += 1
                    items.append(.optional(try parseAlternatives(closing: UInt8(ascii: "]"))))
                case UInt8(ascii: "{"):
                    let reference = try parseName(closing: UInt8(ascii: "}"))
                    if let equals = reference.firstIndex(of: "=") {
                        let name = String(reference[..<equals]), value = String(reference[reference.index(after: equals)...])
                        guard let kind = SlotKind(rawValue: name), !value.isEmpty else {
                            throw TemplateSyntaxError(message: "a fixed slot is written {slot=value}, not {\(reference)}", column: position)
                        }
                        // Read now, so that a value no slot can hold is the grammar's error, not a line's.
                        guard SlotContent(fixed: value, for: kind) != nil else {
                            throw TemplateSyntaxError(message: "{\(reference)}: \(value) is no value of the slot {\(name)}", column: position)
                        }
                        items.append(.constant(kind, value: value))
                        continue
                    }
                    let parts = reference.split(separator: ":", maxSplits: 1).map(String.init)
                    guard let kind = SlotKind(rawValue: parts[0]) else {
                        let known = SlotKind.allCases.map { "{\($0.rawValue)}" }.joined(separator: ", ")
                        throw TemplateSyntaxError(message: "unknown slot {\(parts[0])} (known: \(known))", column: position)
                    }
                    items.append(.slot(kind, list: parts.count == 2 ? parts[1] : nil))
                case UInt8(ascii: "<"):
                    items.append(.rule(try parseName(closing: UInt8(ascii: ">"))))
                default:
                    let word = parseWord()
                    // A stray "}" or ">" starts no word; without this the parser would stand still.
                    guard !word.isEmpty else {
                        throw TemplateSyntaxError(message: "unexpected '\(character(at: position))'", column: position)
                    }
                    items.append(.word(word))
                }
            }
            return items.count == 1 ? items[0] : .sequence(items)
        }

        mutating func parseName(closing: UInt8) throws(TemplateSyntaxError) -> String {
            let start = position
            position += 1
            while let byte = current, byte != closing { position += 1 }
            guard current != nil, position > start + 1 else {
                throw TemplateSyntaxError(message: "'\(character(at: start))' is not closed", column: start)
            }
            position += 1
            return text(start + 1..<position - 1)
        }

        mutating func parseWord() -> String {
            let start = position
            while let byte = current, !Self.endsWord(byte) { position += 1 }
            return text(start..<position)
        }

        private func text(_ range: Range<Int>) -> String {
            String(decoding: bytes[range], as: UTF8.self)
        }

        /// The character that starts at byte `index`, for a message.
        private func character(at index: Int) -> Character {
            String(decoding: bytes[index...], as: UTF8.self).first ?? " "
        }

        /// Space, tab and the characters of the syntax: `|()[]{}<>`.
        private static func endsWord(_ byte: UInt8) -> Bool {
            switch byte {
            case UInt8(ascii: " "), UInt8(ascii: "\t"), UInt8(ascii: "|"), UInt8(ascii: "("), UInt8(ascii: ")"),
                 UInt8(ascii: "["), UInt8(ascii: "]"), UInt8(ascii: "{"), UInt8(ascii: "}"), UInt8(ascii: "<"), UInt8(ascii: ">"):
                true
            default:
                false
            }
        }
    }
}

struct TemplateSyntaxError: Error, Equatable {
    let message: String
    let column: Int
}
