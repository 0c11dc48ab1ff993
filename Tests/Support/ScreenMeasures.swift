import Foundation

// What the terminal shows, measured as a person reading the screen would: cells a character
// takes, and the rounded boxes drawn on it.

/// Cells a character takes in the terminal: 2 for East Asian wide characters and emoji shown as
/// emoji, 0 for combining marks, 1 otherwise. Close enough to tmux's own table for the tests.
package func displayWidth(_ character: Character) -> Int {
    guard let first = character.unicodeScalars.first else { return 0 }
    if character.unicodeScalars.contains("\u{FE0F}") || first.properties.isEmojiPresentation { return 2 }
    switch first.properties.generalCategory {
    case .nonspacingMark, .enclosingMark, .format, .control: return 0
    default: break
    }
    let wide: [ClosedRange<UInt32>] = [
        0x1100...0x115F, 0x2E80...0x303E, 0x3041...0x33FF, 0x3400...0x4DBF, 0x4E00...0x9FFF,
        0xA000...0xA4CF, 0xAC00...0xD7A3, 0xF900...0xFAFF, 0xFE30...0xFE4F, 0xFF00...0xFF60,
        0xFFE0...0xFFE6, 0x20000...0x3FFFD,
    ]
    return wide.contains { $0.contains(first.value) } ? 2 : 1
}

package func displayWidth<S: StringProtocol>(_ text: S) -> Int {
    text.reduce(0) { $0 + displayWidth($1) }
}

/// A rounded box on the screen, from its `╭` line to its `╯` line.
package struct ScreenBubble {
    package let lines: [String]
    /// The column of each line's left border (`╭`, `│`, `╰`), nil where there is none.
    package let leftBorders: [Int?]
    /// The column of each line's last character when it is a right border (`╮`, `│`, `╯`), else nil.
    package let rightBorders: [Int?]

    package var text: String { lines.joined(separator: "\n") }
    package var left: Int { leftBorders.first.flatMap { $0 } ?? 0 }
    package var right: Int { rightBorders.compactMap { $0 }.max() ?? 0 }
    package var width: Int { right - left + 1 }
    /// Both borders in one column on every line: all lines have the same display width.
    package var isAligned: Bool {
        Set(leftBorders).count == 1 && !leftBorders.contains(nil)
            && Set(rightBorders).count == 1 && !rightBorders.contains(nil)
    }

    /// Every complete bubble in `screen`, top to bottom. A bubble cut by the top or bottom of the
    /// text is left out.
    package static func all(in screen: String) -> [ScreenBubble] {
        var bubbles: [ScreenBubble] = []
        var current: [String]?
        for line in screen.split(separator: "\n", omittingEmptySubsequences: false).map(String.init) {
            if line.contains("╭") { current = [] }
            current?.append(line)
            if line.contains("╯"), let lines = current {
                bubbles.append(ScreenBubble(lines: lines))
                current = nil
            }
        }
        return bubbles
    }

    private init(lines: [String]) {
        self.lines = lines
        leftBorders = lines.map { line in
            line.firstIndex { "╭│╰".contains($0) }.map { displayWidth(line[..<$0]) }
        }
        rightBorders = lines.map { line in
            guard let last = line.last, "╮│╯".contains(last) else { return nil }
            return displayWidth(line) - 1
        }
    }
}
