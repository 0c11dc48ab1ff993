import Foundation
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
        /// Its place in the quick-actions grid (`/quick`), if it has one.
        public let quickAction: QuickAction?
    }

    /// One cell of the quick-actions grid.
    public struct QuickAction: Sendable, Equatable {
        public let number: Int
        public let label: String
        public let intent: Intent
    }

    /// Every intent the grammar defines, in file order.
    public let intents: [IntentHelp]
    private let matcher: Matcher
    /// Built on the first line that matches nothing: spelling out every template costs several
    /// times the rest of the load, and most sessions never need it.
    private let suggester: LazySuggester

    /// Compiles grammar source text.
    public init(source: String) throws(GrammarError) {
        let document = try GrammarDocument.parse(source)
        matcher = Matcher(graph: try WordGraph(document: document))
        suggester = LazySuggester(document: document)
        intents = document.intents.map { block in
            IntentHelp(intent: block.intent, group: block.group, summary: block.summary,
                       examples: block.examples, templates: block.templates.map(\.text),
                       quickAction: block.quickAction.map { QuickAction(number: $0.number, label: $0.label, intent: block.intent) })
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

    /// Up to `limit` of the grammar's sentences close to a line that matched nothing, with the
    /// user's pet names filled in, closest first: "did you mean …".
    public func suggestions(for line: String, pets: [String], limit: Int = 3) -> [String] {
        suggester.value.suggestions(for: line, pets: pets, limit: limit)
    }

    /// Words for Tab completion: those a sentence can start with (slash shortcuts among them),
    /// and every word any sentence uses, each sorted.
    public var completionWords: (leading: [String], all: [String]) {
        matcher.graph.completionWords()
    }

    /// The quick actions, in their numbered order.
    public var quickActions: [QuickAction] {
        intents.compactMap(\.quickAction).sorted { $0.number < $1.number }
    }

    /// The help entry of one intent.
    public func help(for intent: Intent) -> IntentHelp? {
        intents.first { $0.intent == intent }
    }
}

/// A ``Suggester`` made on first use, once, safely from any thread.
private final class LazySuggester: @unchecked Sendable {
    private let lock = NSLock()
    private var document: GrammarDocument?
    private var built: Suggester?

    init(document: GrammarDocument) {
        self.document = document
    }

    var value: Suggester {
        lock.withLock {
            if let built { return built }
            let suggester = Suggester(document: document!)
            built = suggester
            document = nil
            return suggester
        }
    }
}
