/// One line of a grammar file as the grammar means it: a line, with the lines that continue it
/// joined on. A rule, a value list's entry or a template too long to read on one line goes on
/// over the lines below it, each indented deeper than its first line (under a line that is not
/// indented, indented at all); `intent NAME` and `values NAME` are never continued, the indented
/// lines below them are their own. Blank lines and comments between are passed over.
///
/// Each line keeps its number, so that a mistake is reported at the line it is on, and every line
/// after a continued one keeps the number an editor shows for it.
struct GrammarStatement {
    /// Where one of the joined lines starts in ``text``, in Characters, and its number in the file.
    struct Piece {
        let line: Int
        let start: Int
    }

    /// The lines' texts, each trimmed, joined by one space.
    private(set) var text: String
    let isIndented: Bool
    private(set) var pieces: [Piece]

    /// The number of its first line.
    var line: Int { pieces[0].line }

    /// The number of the line that holds the Character at `offset` in ``text``, and where that
    /// line's part starts.
    func piece(at offset: Int) -> Piece {
        pieces.last { $0.start <= offset } ?? pieces[0]
    }

    /// The file's statements, in order.
    static func statements(of source: String) -> [GrammarStatement] {
        var statements: [GrammarStatement] = []
        // The indentation of the line the last statement started on; nil where it takes no
        // continuation (`intent NAME`, `values NAME`), so that what is indented below is its own.
        var continuable: Int?
        for (offset, rawLine) in lines(of: source).enumerated() {
            let line = rawLine.trimmingCharacters(in: " \t\r")
            if line.isEmpty || line.hasPrefix("#") { continue }
            let indentation = rawLine.prefix { $0 == " " || $0 == "\t" }.count
            if let continued = continuable, indentation > continued, var last = statements.popLast() {
                last.pieces.append(Piece(line: offset + 1, start: last.text.count + 1))
                last.text += " " + line
                statements.append(last)
                continue
            }
            statements.append(GrammarStatement(text: line, isIndented: indentation > 0, pieces: [Piece(line: offset + 1, start: 0)]))
            let opensABlock = indentation == 0 && (line.hasPrefix("intent ") || line.hasPrefix("values "))
            continuable = opensABlock ? nil : indentation
        }
        return statements
    }

    /// The source split into lines at each "\n" — a "\r\n" file too (the "\r" is trimmed with
    /// the rest of the line's edge). Found by bytes: a split by Character would treat "\r\n" as
    /// one Character that is not "\n", and read a CRLF file as a single line.
    private static func lines(of source: String) -> [Substring] {
        var lines: [Substring] = []
        let utf8 = source.utf8
        var lineStart = utf8.startIndex
        var index = utf8.startIndex
        while index < utf8.endIndex {
            let byte = utf8[index]
            let next = utf8.index(after: index)
            if byte == UInt8(ascii: "\n") {
                lines.append(source[lineStart..<index])
                lineStart = next
            }
            index = next
        }
        lines.append(source[lineStart...])
        return lines
    }
}
