extension CueTable {
    /// The phrases by their first word, squeezed (``CueTable/squeezed(_:)``), longest first: laid
    /// out when the grammar is compiled and kept in its tables, so that a start reads them where
    /// they lie instead of grouping, sorting and hashing them (a fiftieth of a one-shot `/status`, perf).
    struct FirstWords: Sendable, Equatable {
        /// A first word, squeezed, to its group's place in ``groups``.
        let table: LaidOutWordTable
        /// By group: its count of phrases, then their places in the table's phrases.
        let groupNumbers: FixedNumbers
        private let groups: [[Phrase]]

        /// The phrases of `phrases` that have words, grouped by their first word, each group
        /// longest first; `graphWords` are the graph's words by id (``LaidOutWordTable``).
        init(_ phrases: [Phrase], graphWords: [String]) {
            var places: [String: Int32] = [:], groups: [[Int32]] = []
            let ordered = phrases.enumerated().filter { !$0.element.words.isEmpty }.sorted { $0.element.words.count > $1.element.words.count }
            for (place, phrase) in ordered {
                let word = CueTable.squeezed(phrase.words[0])
                if places[word] == nil {
                    places[word] = Int32(groups.count)
                    groups.append([])
                }
                groups[Int(places[word]!)].append(Int32(place))
            }
            table = LaidOutWordTable(places, graphWords: graphWords)
            groupNumbers = FixedNumbers(groups.flatMap { [Int32($0.count)] + $0 })
            self.groups = groups.map { $0.map { phrases[Int($0)] } }
        }

        /// As the grammar's tables hold them; numbers of places that are not there are an error.
        init(_ phrases: [Phrase], table: LaidOutWordTable, groupNumbers: FixedNumbers) throws(GrammarError) {
            (self.table, self.groupNumbers) = (table, groupNumbers)
            var groups: [[Phrase]] = [], position = 0
            while position < groupNumbers.count {
                let count = Int(groupNumbers[position])
                guard count > 0, count < groupNumbers.count - position else { throw TableReader.damaged("a group of \(count) cues") }
                var group: [Phrase] = []
                group.reserveCapacity(count)
                for place in groupNumbers[position + 1...position + count] {
                    guard 0 <= place, Int(place) < phrases.count else { throw TableReader.damaged("cue \(place) of \(phrases.count)") }
                    group.append(phrases[Int(place)])
                }
                groups.append(group)
                position += count + 1
            }
            self.groups = groups
        }

        subscript(word: String) -> [Phrase]? { table[word].map { groups[Int($0)] } }

        func write(to writer: inout TableWriter) {
            table.write(to: &writer)
            writer.fixed(Array(groupNumbers))
        }

        static func == (a: FirstWords, b: FirstWords) -> Bool { a.table == b.table && a.groupNumbers == b.groupNumbers }
    }
}
