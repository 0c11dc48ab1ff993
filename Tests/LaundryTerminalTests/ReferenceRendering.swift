@testable import LaundryTerminal

/// The renderer's measuring, sanitising and wrapping as they were written first: plainly, a
/// Character or a scalar at a time, and slow on long lines (quadratic). The fast ones
/// must give the same answers: `RenderingEquivalenceTests` compares them on random text.
enum ReferenceRendering {
    // MARK: - Sanitising

    static func sanitize(_ text: String) -> String {
        var result = ""
        for scalar in text.unicodeScalars {
            guard TextSanitizer.isUnsafe(scalar) else {
                result.unicodeScalars.append(scalar)
                continue
            }
            switch scalar.value {
            case 0x00...0x1F: result += "^" + String(UnicodeScalar(UInt8(scalar.value + 0x40)))
            case 0x7F: result += "^?"
            default: result += "<U+\(String(scalar.value, radix: 16, uppercase: true))>"
            }
        }
        return result
    }

    /// A span's text: sanitised, tabs and newlines as spaces.
    static func spanText(_ text: String) -> String {
        String(sanitize(text).map { $0 == "\t" || $0 == "\n" ? " " : $0 })
    }

    // MARK: - Measuring

    /// Each piece of `text` — an escape sequence (width 0) or a grapheme cluster of the run
    /// between escapes — with its end and width. (Where an escape ends is not in question.)
    static func pieces(of text: Substring) -> [(end: String.Index, width: Int)] {
        var result: [(String.Index, Int)] = []
        let scalars = text.unicodeScalars
        var index = scalars.startIndex
        while index < scalars.endIndex {
            if scalars[index] == "\u{1B}" {
                index = DisplayWidth.endOfEscape(in: scalars, at: index)
                result.append((index, 0))
                continue
            }
            let runEnd = scalars[index...].firstIndex(of: "\u{1B}") ?? scalars.endIndex
            let run = Substring(scalars[index..<runEnd])
            var clusterStart = run.startIndex
            while clusterStart < run.endIndex {
                let clusterEnd = run.index(after: clusterStart)
                result.append((clusterEnd, DisplayWidth.of(run[clusterStart])))
                clusterStart = clusterEnd
            }
            index = runEnd
        }
        return result
    }

    static func width(of text: Substring) -> Int {
        pieces(of: text).reduce(0) { $0 + $1.width }
    }

    static func prefix(of text: Substring, fitting cells: Int) -> (prefix: Substring, width: Int) {
        var end = text.startIndex
        var total = 0
        for piece in pieces(of: text) {
            guard total + piece.width <= cells else { break }
            total += piece.width
            end = piece.end
        }
        return (Substring(text.unicodeScalars[text.startIndex..<end]), total)
    }

    // MARK: - Wrapping

    typealias Run = (text: String, style: Style)

    /// The lines of a line of runs (sanitised texts) at `width`: words kept whole where they fit,
    /// cut between clusters where they do not, continuation lines indented by `hangingIndent` (at most half the width).
    static func wrap(_ runs: [Run], width: Int, hangingIndent: Int = 0) -> [[Run]] {
        let width = max(width, 1)
        let runs = runs.filter { !$0.text.isEmpty }
        guard runs.reduce(0, { $0 + self.width(of: $1.text[...]) }) > width else { return [runs] }
        var builder = Builder(width: width, hanging: min(hangingIndent, width / 2))
        for piece in pieces(of: runs) {
            if piece.isSpace { builder.addSpace(piece) } else { builder.addWord(piece) }
        }
        return builder.finish()
    }

    private struct Piece {
        var runs: [Run]
        let isSpace: Bool
        var width: Int { runs.reduce(0) { $0 + ReferenceRendering.width(of: $1.text[...]) } }
    }

    private static func pieces(of runs: [Run]) -> [Piece] {
        var result: [Piece] = []
        for run in runs {
            var start = run.text.startIndex
            while start < run.text.endIndex {
                let isSpace = run.text[start] == " "
                let end = run.text[start...].firstIndex { ($0 == " ") != isSpace } ?? run.text.endIndex
                let part = (String(run.text[start..<end]), run.style)
                if let last = result.last, last.isSpace == isSpace {
                    result[result.count - 1].runs.append(part)
                } else {
                    result.append(Piece(runs: [part], isSpace: isSpace))
                }
                start = end
            }
        }
        return result
    }

    private struct Builder {
        let width: Int
        let hanging: Int
        var lines: [[Run]] = []
        var current: [Run] = []
        var currentWidth = 0
        var pendingSpace: Piece?
        var hasWord = false

        init(width: Int, hanging: Int) {
            self.width = width
            self.hanging = hanging
        }

        mutating func addSpace(_ piece: Piece) {
            if lines.isEmpty && current.isEmpty {
                current = piece.runs
                currentWidth = piece.width
            } else {
                pendingSpace = piece
            }
        }

        mutating func addWord(_ word: Piece) {
            let spaceWidth = pendingSpace?.width ?? 0
            if currentWidth + spaceWidth + word.width <= width {
                current += (pendingSpace?.runs ?? []) + word.runs
                currentWidth += spaceWidth + word.width
                pendingSpace = nil
                hasWord = true
                return
            }
            pendingSpace = nil
            if hasWord { breakLine() }
            if currentWidth + word.width <= width {
                current += word.runs
                currentWidth += word.width
                hasWord = true
                return
            }
            for run in word.runs {
                var rest = Substring(run.text)
                while !rest.isEmpty {
                    let (piece, used) = ReferenceRendering.prefix(of: rest, fitting: width - currentWidth)
                    if piece.isEmpty {
                        if currentWidth == 0 {
                            current.append((String(rest.prefix(1)), run.style))
                            rest = rest.dropFirst()
                            hasWord = true
                            if !rest.isEmpty { breakLine() }
                        } else if !hasWord {
                            current = []
                            currentWidth = 0
                        } else {
                            breakLine()
                        }
                        continue
                    }
                    current.append((String(piece), run.style))
                    currentWidth += used
                    hasWord = true
                    rest = rest[piece.endIndex...]
                    if !rest.isEmpty { breakLine() }
                }
            }
        }

        private mutating func breakLine() {
            lines.append(current)
            current = hanging > 0 ? [(String(repeating: " ", count: hanging), .plain)] : []
            currentWidth = hanging
            hasWord = false
        }

        mutating func finish() -> [[Run]] {
            if hasWord || lines.isEmpty { lines.append(current) }
            return lines
        }
    }
}
