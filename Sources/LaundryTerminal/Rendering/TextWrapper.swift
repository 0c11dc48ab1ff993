/// Breaks styled text into lines of at most a given display width.
///
/// Lines break at spaces; a word longer than a whole line is broken between grapheme clusters,
/// never inside one. A line with a hanging indent (a list's entry: ``StyledLine/hangingIndent``)
/// keeps its continuation lines indented under its text, so lists stay readable when they wrap. Each output
/// line carries its own spans, so colour is closed before every break and reopened after it.
///
/// The time is linear in the text: each span's UTF-8 is read once to find its words
/// and once more where a word must be cut, printable ASCII a stretch at a time, and every other
/// cluster as a Swift `Character`.
enum TextWrapper {
    static func wrap(_ line: StyledLine, width: Int) -> [StyledLine] {
        let width = max(width, 1)
        guard line.width > width else { return [line] }
        let texts = line.spans.map(SpanText.init)
        var builder = Builder(texts: texts, width: width, hanging: min(line.hangingIndent, width / 2))
        // Runs of spaces and words; a word that crosses a change of style stays one word.
        var piece: Piece?
        for (spanIndex, text) in texts.enumerated() {
            var offset = 0
            while offset < text.count {
                let stretch = text.stretch(at: offset)
                let end = Position(span: spanIndex, offset: stretch.end)
                if let open = piece, open.isSpace == stretch.isSpace {
                    piece?.end = end
                    piece?.width += stretch.width
                } else {
                    if let finished = piece { builder.add(finished) }
                    piece = Piece(start: Position(span: spanIndex, offset: offset), end: end, width: stretch.width, isSpace: stretch.isSpace)
                }
                offset = stretch.end
            }
        }
        if let finished = piece { builder.add(finished) }
        return builder.finish()
    }

    /// A place in the line: a byte offset in one of its spans.
    private struct Position {
        var span: Int
        var offset: Int
    }

    /// A run of spaces, or a word: a run of other clusters, possibly across several spans.
    private struct Piece {
        let start: Position
        var end: Position
        var width: Int
        let isSpace: Bool
    }

    /// Lays the pieces out in lines, in order.
    private struct Builder {
        let texts: [SpanText]
        let width: Int
        let hanging: Int
        var lines: [StyledLine] = []
        var current = LineBuffer()
        var currentWidth = 0
        var pendingSpace: Piece?
        /// No word on the current line yet (only its indent).
        var isAtLineStart = true

        init(texts: [SpanText], width: Int, hanging: Int) {
            self.texts = texts
            self.width = width
            self.hanging = hanging
        }

        mutating func add(_ piece: Piece) {
            if piece.isSpace {
                addSpace(piece)
            } else {
                addWord(piece)
            }
        }

        private mutating func addSpace(_ piece: Piece) {
            if lines.isEmpty && current.isEmpty {
                // The first line's indentation is kept.
                append(piece)
                currentWidth = piece.width
            } else {
                pendingSpace = piece
            }
        }

        private mutating func addWord(_ word: Piece) {
            let spaceWidth = pendingSpace?.width ?? 0
            if currentWidth + spaceWidth + word.width <= width {
                if let space = pendingSpace { append(space) }
                append(word)
                currentWidth += spaceWidth + word.width
                pendingSpace = nil
                isAtLineStart = false
                return
            }
            pendingSpace = nil
            if !isAtLineStart { breakLine() }
            if currentWidth + word.width <= width {
                append(word)
                currentWidth += word.width
                isAtLineStart = false
                return
            }
            // Wider than a whole line: cut between grapheme clusters.
            for (span, range) in segments(of: word) {
                let text = texts[span]
                var start = range.lowerBound
                while start < range.upperBound {
                    let (end, used) = text.prefix(from: start, to: range.upperBound, fitting: width - currentWidth)
                    if end == start {
                        if currentWidth == 0 {
                            // One cluster wider than the line itself: it goes alone.
                            let cluster = text.cluster(at: start)
                            current.append(text, span, start..<cluster.end, width: cluster.width)
                            start = cluster.end
                            isAtLineStart = false
                            if start < range.upperBound { breakLine() }
                        } else if isAtLineStart {
                            // Not even one cluster fits beside the indent: drop the indent.
                            current = LineBuffer()
                            currentWidth = 0
                        } else {
                            breakLine()
                        }
                        continue
                    }
                    current.append(text, span, start..<end, width: used)
                    currentWidth += used
                    isAtLineStart = false
                    start = end
                    if start < range.upperBound { breakLine() }
                }
            }
        }

        /// The piece's text in each span it crosses, as byte ranges.
        private func segments(of piece: Piece) -> [(span: Int, range: Range<Int>)] {
            (piece.start.span...piece.end.span).map { span in
                let start = span == piece.start.span ? piece.start.offset : 0
                let end = span == piece.end.span ? piece.end.offset : texts[span].count
                return (span, start..<end)
            }.filter { !$0.range.isEmpty }
        }

        private mutating func append(_ piece: Piece) {
            if piece.start.span == piece.end.span {
                current.append(texts[piece.start.span], piece.start.span, piece.start.offset..<piece.end.offset, width: piece.width)
                return
            }
            for (span, range) in segments(of: piece) {
                current.append(texts[span], span, range, width: texts[span].width(of: range))
            }
        }

        private mutating func breakLine() {
            lines.append(current.line())
            current = LineBuffer()
            if hanging > 0 { current.append(indent: hanging) }
            currentWidth = hanging
            isAtLineStart = true
        }

        mutating func finish() -> [StyledLine] {
            if !isAtLineStart || lines.isEmpty { lines.append(current.line()) }
            return lines
        }
    }

    /// The line being filled: its spans, the last one still open, so that the words and spaces
    /// of one span of the input become one span of the line, not one each. (Only of one span:
    /// a span's width is its text's, and text from two spans could join into other clusters.)
    private struct LineBuffer {
        private var spans: [Span] = []
        private var open: [UInt8] = []
        private var openStyle = Style.plain
        private var openWidth = 0
        /// The input span the open text comes from; nil for the indent.
        private var openSource: Int?

        var isEmpty: Bool { spans.isEmpty && open.isEmpty }

        mutating func append(_ text: SpanText, _ source: Int, _ range: Range<Int>, width: Int) {
            guard !range.isEmpty else { return }
            if !open.isEmpty && openSource != source { close() }
            (openStyle, openSource) = (text.style, source)
            open.append(contentsOf: text.bytes[range])
            openWidth += width
        }

        mutating func append(indent: Int) {
            if !open.isEmpty { close() }
            (openStyle, openSource) = (.plain, nil)
            open.append(contentsOf: repeatElement(UInt8(ascii: " "), count: indent))
            openWidth += indent
        }

        private mutating func close() {
            spans.append(Span(clean: String(decoding: open, as: UTF8.self), openStyle, width: openWidth))
            open.removeAll(keepingCapacity: true)
            openWidth = 0
        }

        mutating func line() -> StyledLine {
            if !open.isEmpty { close() }
            return StyledLine(spans)
        }
    }
}
