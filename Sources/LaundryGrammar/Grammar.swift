/// What LaundryTime understands: the grammar file, compiled once, with its help texts.
///
/// ```swift
/// let grammar = try Grammar.english
/// let command = grammar.match("start wash for snowy", pets: PetNameIndex(names: ["Snowy"]))
/// // command.intent == .startWash, command[.pet]?.knownPet == "Snowy"
/// ```
public struct Grammar: Sendable {
    /// An intent as the grammar describes it, for help and suggestions.
    public struct IntentHelp: Sendable {
        public let intent: Intent
        public let group: String
        public let summary: String
        public let examples: [String]
        public let templates: [String]
    }

    /// Every intent the grammar defines, in file order.
    public let intents: [IntentHelp]
    private let matcher: Matcher

    /// Compiles grammar source text.
    public init(source: String) throws(GrammarError) {
        let document = try GrammarDocument.parse(source)
        matcher = Matcher(graph: try WordGraph(document: document))
        intents = document.intents.map { block in
            IntentHelp(intent: block.intent, group: block.group, summary: block.summary,
                       examples: block.examples, templates: block.templates.map(\.text))
        }
    }

    /// The English grammar built into the binary, compiled on first use.
    public static var english: Grammar {
        get throws(GrammarError) { try englishResult.get() }
    }

    private static let englishResult = Result { () throws(GrammarError) -> Grammar in
        try Grammar(source: BundledGrammar.englishSource)
    }

    /// The command a line asks for; `unknown` when no template fits.
    public func match(_ line: String, pets: PetNameIndex = .empty) -> Command {
        matcher.match(line, pets: pets)
    }

    /// The help entry of one intent.
    public func help(for intent: Intent) -> IntentHelp? {
        intents.first { $0.intent == intent }
    }
}
