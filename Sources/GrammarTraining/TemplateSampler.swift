import LaundryCore
import LaundryGrammar

/// Spells the grammar's templates as concrete sentences for the intent classifier to learn from:
/// each template in the ways ``Suggester`` spells it (every alternative once, with and without the
/// optional parts), then in random ways — an alternative, a rule's, a value list's phrase picked at
/// random, each optional part in or out — until an intent has enough different sentences.
///
/// Slots are filled with sample values: `{pet}` with ``IntentClassifier/petPlaceholder`` (or a
/// pronoun, as people say "wash it"), `{minutes}` with "30 minutes", "an hour and a half", …;
/// names, paths and search words from short lists of made-up ones. The random numbers come from a
/// fixed seed: the same grammar gives the same sentences, on every machine. Each intent draws
/// from a sequence of its own, so that a template added to one intent changes no other intent's
/// sentences (with one sequence for all, it moved every later intent's, and the model with them).
package struct TemplateSampler {
    private let document: GrammarDocument
    private let reader: GrammarWordReader
    private var random = SplitMix64(seed: 0)
    private static let seed: UInt64 = 0x4C54_2D49_6E74_656E  // "LT-Inten"

    package init(document: GrammarDocument) {
        self.document = document
        reader = GrammarWordReader(document: document)
    }

    /// Up to `limit` different sentences of `block`, as words (normalised like a typed line's).
    package mutating func sentences(of block: GrammarDocument.IntentBlock, limit: Int) -> [[String]] {
        random = SplitMix64(seed: Self.seed ^ Self.fnv1a(block.intent.rawValue))
        var sentences: [[String]] = []
        var seen: Set<[String]> = []
        func add(_ words: [String]) {
            if !words.isEmpty, sentences.count < limit, seen.insert(words).inserted { sentences.append(words) }
        }
        // Shell forms ("pet rm {pet}") are no sentences: the model learns how people say things.
        let templates = block.templates.filter { !$0.isShellForm }
        guard !templates.isEmpty else { return [] }
        for template in templates {
            for pieces in TemplateSpelling.spellings(of: template.expression, rules: document.rules) {
                var words: [String] = []
                for piece in pieces {
                    switch piece {
                    case .word(let word): append(word, to: &words)
                    case .slot(let kind): fill(kind, into: &words)
                    case .list(_, let list): phrase(of: list, into: &words)
                    case .constant: break
                    }
                }
                add(words)
            }
        }
        // Random spellings, each template as likely as the next; the attempts are bounded, since a
        // small intent ("cls", "/clear") has few sentences to give.
        var attempts = 0
        while sentences.count < limit, attempts < limit * 10 {
            attempts += 1
            var words: [String] = []
            spell(random.element(of: templates).expression, into: &words)
            add(words)
        }
        return sentences
    }

    /// FNV-1a of a name's bytes: the same on every machine and run (unlike `Hasher`).
    static func fnv1a(_ name: String) -> UInt64 {
        name.utf8.reduce(0xCBF2_9CE4_8422_2325) { ($0 ^ UInt64($1)) &* 0x100_0000_01B3 }
    }

    private mutating func spell(_ expression: TemplateExpression, into words: inout [String]) {
        switch expression {
        case .word(let word):
            append(word, to: &words)
        case .sequence(let items):
            for item in items { spell(item, into: &words) }
        case .alternatives(let options):
            spell(random.element(of: options), into: &words)
        case .optional(let inner):
            if random.below(2) == 0 { spell(inner, into: &words) }
        case .rule(let name):
            if let rule = document.rules[name] { spell(rule, into: &words) }
        case .constant:
            break
        case .slot(_, let list?):
            phrase(of: list, into: &words)
        case .slot(let kind, nil):
            fill(kind, into: &words)
        }
    }

    /// A word of the grammar as the matcher reads it: normalised, contractions expanded.
    private func append(_ word: String, to words: inout [String]) {
        words += reader.templateWords(word)
    }

    /// One phrase of a value list, at random.
    private mutating func phrase(of list: String, into words: inout [String]) {
        guard let entries = document.lists[list]?.entries, !entries.isEmpty else { return }
        let phrases = random.element(of: entries).phrases
        if !phrases.isEmpty { spell(random.element(of: phrases), into: &words) }
    }

    /// A sample value for a slot without a value list.
    private mutating func fill(_ kind: SlotKind, into words: inout [String]) {
        let text: String
        switch kind {
        case .pet:
            // Mostly a pet, sometimes the pronoun for the last one talked about.
            if random.below(8) > 0 {
                words.append(IntentClassifier.petPlaceholder)
                return
            }
            text = random.element(of: Self.pronouns)
        case .name: text = random.element(of: Self.names)
        case .minutes: text = random.element(of: Self.minutes)
        case .days: text = random.element(of: Self.days)
        case .count: text = random.element(of: Self.counts)
        case .range: text = random.element(of: Self.ranges)
        case .at: text = random.element(of: Self.instants)
        case .until, .from: text = random.element(of: Self.untils)
        case .path: text = random.element(of: Self.paths)
        case .query:
            if random.below(4) == 0 {
                words.append(IntentClassifier.petPlaceholder)
                return
            }
            text = random.element(of: Self.queries)
        case .topic: text = random.element(of: Self.topics)
        case .setting, .value, .format: return  // always from a value list
        }
        words += reader.words(of: text)
    }

    // Sample values. The names, paths and search words are made up, none from the test corpora.
    private static let pronouns = ["it", "her", "him", "them"]
    private static let names = [
        "Biscuit", "Pebble", "Noodle", "Ziggy", "Captain Suds", "Mr Bubbles", "Lint", "Sudsy", "Tea Towel", "Polka",
        "Waffles", "Pickle", "Daisy", "Sir Spin", "Nemo", "Luna", "Coco", "Teddy", "Big Blue", "Zoë",
    ]
    private static let minutes = [
        "30 minutes", "45", "an hour", "1h 15m", "forty five minutes", "half an hour", "90 min", "an hour and a half",
        "2 hours", "50 mins", "20", "1.5 hours", "25 minutes", "40 min", "sixty minutes",
    ]
    private static let days = [
        "every 4 days", "4", "twice a week", "weekly", "every other day", "daily", "every 3 days", "once a week",
        "every 2 weeks", "monthly", "7 days", "every day", "every five days", "10",
    ]
    private static let counts = ["10", "20", "five", "3", "twenty", "50"]
    private static let instants = ["yesterday at 6pm", "at 9", "2 hours ago", "this morning", "at 18:30", "an hour ago", "last night"]
    private static let untils = [
        "until monday", "for 2 weeks", "till friday", "until tomorrow", "for a week", "until the 12th", "for 10 days",
        "until dec 24", "indefinitely", "until next week",
    ]
    private static let ranges = [
        "today", "this week", "last 30 days", "all time", "yesterday", "this month", "last week", "past two weeks",
        "last 7 days", "last month",
    ]
    private static let paths = [
        "laundry.csv", "history.json", "~/Desktop/out.csv", "/tmp/laundry.json", "chat.md", "backup.csv", "notes.txt",
        "export.json",
    ]
    private static let queries = ["towels", "error", "socks", "yesterday", "dryer", "the red shirt"]
    private static let topics = ["wash", "pets", "settings", "dryer", "export", "history", "undo", "timers", "delete"]
}
