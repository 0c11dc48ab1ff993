import LaundryCore

extension Grammar {
    /// A grammar's compiled tables, in the two parts of ``GrammarTables``: text (integers in
    /// digits, and strings) and fixed-width numbers (the word graph's arrays).
    public struct CompiledTables: Equatable, Sendable {
        public let text: [UInt8]
        public let numbers: [Int32]

        public init(text: [UInt8], numbers: [Int32]) {
            (self.text, self.numbers) = (text, numbers)
        }
    }

    /// The grammar compiled, in the form ``init(tables:source:classifier:)`` reads. `source` must
    /// be the text this grammar was compiled from.
    public func tables(source: String) -> CompiledTables {
        var writer = TableWriter()
        writer.raw(GrammarTables.magic)
        writer.integer(GrammarTables.formatVersion)
        writer.integer(source.utf8.count)
        writer.integer(GrammarTables.fingerprint(of: source))
        matcher.graph.write(to: &writer)
        let intentCases = Intent.allCases
        writer.integer(intents.count)
        for help in intents {
            writer.ordinal(help.intent, in: intentCases)
            writer.string(help.group)
            writer.string(help.summary)
            writer.strings(help.examples)
            writer.strings(help.shortForms)
            writer.strings(help.templates)
            writer.strings(help.askingTemplates)
            // Quick-action numbers start at 1 (the grammar refuses others): 0 is "none".
            writer.integer(help.quickAction?.number ?? 0)
            if let quickAction = help.quickAction { writer.string(quickAction.label) }
        }
        let cueKinds = Cue.Kind.allCases
        writer.integer(cueTable.phrases.count)
        for phrase in cueTable.phrases {
            writer.ordinal(phrase.kind, in: cueKinds)
            writer.strings(phrase.words)
        }
        let roles = WordRole.allCases
        writer.integer(roles.count)
        for role in roles {
            writer.ordinal(role, in: roles)
            writer.strings(cueTable.roles.list(role))
        }
        matcher.preparer.wordFacts.table.write(to: &writer)
        cueTable.byFirstWord.write(to: &writer)
        var suggestions = TableWriter()
        suggester.value.write(to: &suggestions)
        writer.integer(suggestions.bytes.count)
        writer.raw(suggestions.bytes)
        return CompiledTables(text: writer.bytes, numbers: writer.numbers)
    }
}
