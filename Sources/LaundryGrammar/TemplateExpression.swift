/// A template sentence, parsed: words, `(a|b)` alternatives, `[x]` optional parts, `{slot}`s and
/// `<rule>` references.
indirect enum TemplateExpression: Equatable, Sendable {
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
        var parser = Parser(characters: Array(text))
        let expression = try parser.parseAlternatives(closing: nil)
        return expression
    }

    private struct Parser {
        let characters: [Character]
        var position = 0

        /// alternatives := sequence ('|' sequence)*
        mutating func parseAlternatives(closing: Character?) throws(TemplateSyntaxError) -> TemplateExpression {
            var options = [try parseSequence()]
            while position < characters.count, characters[position] == "|" {
                position += 1
                options.append(try parseSequence())
            }
            if let closing {
                guard position < characters.count, characters[position] == closing else {
                    throw TemplateSyntaxError(message: "'\(closing == ")" ? "(" : "[")' is not closed", column: position)
                }
                position += 1
            } else if position < characters.count {
                throw TemplateSyntaxError(message: "unexpected '\(characters[position])'", column: position)
            }
            if options.contains(.sequence([])) && closing != "]" {
                throw TemplateSyntaxError(message: "an empty alternative; write [x] for an optional part", column: position)
            }
            return options.count == 1 ? options[0] : .alternatives(options)
        }

        /// sequence := item*
        mutating func parseSequence() throws(TemplateSyntaxError) -> TemplateExpression {
            var items: [TemplateExpression] = []
            while position < characters.count {
                let character = characters[position]
                switch character {
                case " ", "\t":
                    position += 1
                case "|", ")", "]":
                    return items.count == 1 ? items[0] : .sequence(items)
                case "(":
                    position += 1
                    items.append(try parseAlternatives(closing: ")"))
                case "[":
                    position += 1
                    items.append(.optional(try parseAlternatives(closing: "]")))
                case "{":
                    let reference = try parseName(closing: "}")
                    if let equals = reference.firstIndex(of: "=") {
                        let name = String(reference[..<equals]), value = String(reference[reference.index(after: equals)...])
                        guard let kind = SlotKind(rawValue: name), !value.isEmpty else {
                            throw TemplateSyntaxError(message: "a fixed slot is written {slot=value}, not {\(reference)}", column: position)
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
                case "<":
                    items.append(.rule(try parseName(closing: ">")))
                default:
                    let word = parseWord()
                    // A stray "}" or ">" starts no word; without this the parser would stand still.
                    guard !word.isEmpty else {
                        throw TemplateSyntaxError(message: "unexpected '\(characters[position])'", column: position)
                    }
                    items.append(.word(word))
                }
            }
            return items.count == 1 ? items[0] : .sequence(items)
        }

        mutating func parseName(closing: Character) throws(TemplateSyntaxError) -> String {
            let start = position
            position += 1
            while position < characters.count, characters[position] != closing { position += 1 }
            guard position < characters.count, position > start + 1 else {
                throw TemplateSyntaxError(message: "'\(characters[start])' is not closed", column: start)
            }
            position += 1
            return text(start + 1..<position - 1)
        }

        mutating func parseWord() -> String {
            let start = position
            while position < characters.count, !Self.endsWord(characters[position]) { position += 1 }
            return text(start..<position)
        }

        /// Some of the characters, as a String. (Appending one by one: `String(characters[range])`
        /// takes a generic path that is many times slower.)
        private func text(_ range: Range<Int>) -> String {
            var text = ""
            for character in characters[range] { text.append(character) }
            return text
        }

        /// Space, tab and the characters of the syntax: `|()[]{}<>`.
        private static func endsWord(_ character: Character) -> Bool {
            // A switch over the ASCII value, not `" \t|()[]{}<>".contains(character)`: this runs
            // for every character of the grammar. (A Character's asciiValue is nil unless it is
            // one ASCII scalar — "\r\n" aside, which gives "\n", not one of these either.)
            switch character.asciiValue {
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
