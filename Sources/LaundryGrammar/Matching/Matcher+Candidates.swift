/// What the Matcher knows of a line's numbers and names, for the walk's slot candidates
/// (``Matcher/Walk/slotCandidates(_:ordinal:at:graph:words:)``) and for reading a capture.
extension Matcher {
    /// By position: how many words from there on a number slot's parser may read.
    func numberWords(_ slotWords: [String]) -> [Int] {
        Self.numberWords(count: slotWords.count) { words.slots.mayRead(slotWords[$0]) }
    }

    /// The same, from whether the word at each position may be read.
    /// Empty when no word may be read.
    static func numberWords(count: Int, mayRead: (Int) -> Bool) -> [Int] {
        var counts: [Int] = []
        for position in (0..<count).reversed() where mayRead(position) {
            if counts.isEmpty { counts = .filled(with: 0, count: count + 1) }
            counts[position] = counts[position + 1] + 1
        }
        return counts
    }

    /// Where a new name starts in a free-text slot's words: after the last of `leads` that says
    /// a name follows ("called", "named", "call it", "name him"; ``WordRole/nameLead``), its first
    /// word unquoted, when words come after it ("call it Office", "her name is Daisy").
    static func nameStart(_ tokens: [Token], _ range: Range<Int>, leads: [[String]]) -> Int {
        var start = range.lowerBound
        for index in range where !tokens[index].quoted && index + 1 < range.upperBound {
            for lead in leads where index + lead.count < range.upperBound
                && lead.indices.allSatisfy({ tokens[index + $0].word == lead[$0] }) {
                start = max(start, index + lead.count)
            }
        }
        return start
    }

    /// Where a new name ends in a free-text slot's words: before the first of `purposes` that
    /// says what the pet is for ("for my", ``WordRole/namePurpose``), unquoted, with a word of the
    /// name before it and a word of the purpose after it ("Sparkle for my socks" is Sparkle).
    static func nameEnd(_ tokens: [Token], _ range: Range<Int>, purposes: [[String]]) -> Int {
        for index in range.dropFirst() where !tokens[index].quoted {
            for purpose in purposes where index + purpose.count < range.upperBound
                && purpose.indices.allSatisfy({ !tokens[index + $0].quoted && tokens[index + $0].word == purpose[$0] }) {
                return index
            }
        }
        return range.upperBound
    }
}
