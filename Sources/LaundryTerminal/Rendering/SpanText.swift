/// A span's text as UTF-8 bytes, read by grapheme clusters at byte offsets: how the wrapper finds
/// words and cuts them in time linear in the text.
///
/// Printable ASCII is read a stretch at a time — each byte a cluster one cell wide, but for the
/// last before a non-ASCII scalar, which may join it (a combining mark) — and everything else one
/// Swift `Character` at a time, measured by ``DisplayWidth``. Offsets given to it are always
/// cluster boundaries.
struct SpanText {
    let string: String
    let style: Style
    let bytes: [UInt8]

    init(_ span: Span) {
        string = span.text
        style = span.style
        bytes = Array(span.text.utf8)
    }

    var count: Int { bytes.count }

    /// Clusters from `offset` on that are all spaces or all not: a stretch of printable ASCII
    /// (of at most `maximum` bytes), or else the one cluster there.
    func stretch(at offset: Int, maximum: Int = .max) -> (end: Int, width: Int, isSpace: Bool, isASCII: Bool) {
        let asciiEnd = bytes.withUnsafeBufferPointer { buffer in
            let isSpace = buffer[offset] == 0x20
            let stop = maximum < buffer.count - offset ? offset + maximum : buffer.count
            var end = offset
            while end < stop && buffer[end] >= 0x20 && buffer[end] < 0x7F && (buffer[end] == 0x20) == isSpace {
                end += 1
            }
            return end < buffer.count && buffer[end] >= 0x80 ? end - 1 : end
        }
        if asciiEnd > offset { return (asciiEnd, asciiEnd - offset, bytes[offset] == 0x20, true) }
        let cluster = cluster(at: offset)
        return (cluster.end, cluster.width, cluster.end == offset + 1 && bytes[offset] == 0x20, false)
    }

    /// The cluster that starts at `offset`: where it ends and its width.
    func cluster(at offset: Int) -> (end: Int, width: Int) {
        let utf8 = string.utf8
        let rest = Substring(string.unicodeScalars[utf8.index(utf8.startIndex, offsetBy: offset)...])
        let end = rest.index(after: rest.startIndex)
        return (utf8.distance(from: utf8.startIndex, to: end), DisplayWidth.of(rest[rest.startIndex]))
    }

    /// The longest run of clusters from `start`, ending by `limit`, that fits in `cells`, with the
    /// zero-width clusters right after it (as ``DisplayWidth/prefix(of:fitting:)``): its end and
    /// its width.
    func prefix(from start: Int, to limit: Int, fitting cells: Int) -> (end: Int, width: Int) {
        var end = start, total = 0
        while end < limit {
            // No further than the room left (and one more byte, to see that it does not fit).
            let stretch = stretch(at: end, maximum: max(cells - total, 0) + 1)
            if stretch.isASCII {
                let taken = min(stretch.end, limit) - end
                guard total + taken > cells else {
                    (end, total) = (end + taken, total + taken)
                    continue
                }
                let room = max(cells - total, 0)
                return (end + room, total + room)
            }
            guard total + stretch.width <= cells else { break }
            (end, total) = (stretch.end, total + stretch.width)
        }
        return (end, total)
    }

    /// The width of the clusters in `range`.
    func width(of range: Range<Int>) -> Int {
        var offset = range.lowerBound, total = 0
        while offset < range.upperBound {
            let stretch = stretch(at: offset)
            let end = min(stretch.end, range.upperBound)
            total += stretch.isASCII ? end - offset : stretch.width
            offset = end
        }
        return total
    }
}
