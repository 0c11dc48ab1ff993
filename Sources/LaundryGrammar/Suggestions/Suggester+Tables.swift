import Foundation
import Synchronization
import LaundryCore

/// The suggester as the compiled tables store it: every template's spellings are worked out when
/// the grammar is built, so that the first line no template fits reads them instead of spelling
/// out the whole grammar (which cost a one-shot ≈ 45 ms, three times the rest of its run).
///
/// Written in a fixed order (intents, lists and words sorted), so that the same grammar always
/// gives the same tables.
extension Suggester {
    func write(to writer: inout TableWriter) {
        let intents = Intent.allCases, kinds = SlotKind.allCases
        func kindSet(_ set: Set<SlotKind>) {
            writer.integer(set.count)
            for kind in kinds where set.contains(kind) { writer.ordinal(kind, in: kinds) }
        }
        func byIntent(_ table: [Intent: Set<SlotKind>]) {
            writer.integer(table.count)
            for intent in intents {
                guard let set = table[intent] else { continue }
                writer.ordinal(intent, in: intents)
                kindSet(set)
            }
        }
        // Each intent's spellings behind their length: read when the intent is first asked about.
        let all = renderings.all
        writer.integer(all.count)
        for intent in intents {
            guard let spellings = all[intent] else { continue }
            writer.ordinal(intent, in: intents)
            var part = TableWriter()
            part.integer(spellings.count)
            for rendering in spellings {
                part.integer(rendering.pieces.count)
                for piece in rendering.pieces { Self.write(piece, to: &part, kinds: kinds) }
            }
            writer.integer(part.bytes.count)
            writer.raw(part.bytes)
        }
        byIntent(slotKinds)
        byIntent(wordKinds)
        byIntent(requiredKinds)
        writer.integer(phrases.count)
        for (list, values) in phrases.sorted(by: { $0.key < $1.key }) {
            writer.string(list)
            writer.integer(values.count)
            for (value, phrase) in values.sorted(by: { $0.key < $1.key }) {
                writer.string(value)
                writer.string(phrase)
            }
        }
        writer.integer(scanner.phrases.count)
        for kind in kinds {
            guard let entries = scanner.phrases[kind] else { continue }
            writer.ordinal(kind, in: kinds)
            writer.integer(entries.count)
            for entry in entries {
                writer.string(entry.value)
                writer.strings(entry.words)
            }
        }
        writer.integer(intentsByWord.count)
        for (word, set) in intentsByWord.sorted(by: { $0.key < $1.key }) {
            writer.string(word)
            writer.integer(set.count)
            for intent in intents where set.contains(intent) { writer.ordinal(intent, in: intents) }
        }
    }

    /// `tables` is the suggester's part of the tables, which `reader` reads.
    init(reading reader: inout TableReader, in tables: TablePart) throws(GrammarError) {
        let intents = Intent.allCases, kinds = SlotKind.allCases
        func kindSet(_ reader: inout TableReader) throws(GrammarError) -> Set<SlotKind> {
            Set(try reader.array { reader throws(GrammarError) in try reader.ordinal(in: kinds) })
        }
        func byIntent(_ reader: inout TableReader) throws(GrammarError) -> [Intent: Set<SlotKind>] {
            let entries = try reader.array { reader throws(GrammarError) in (try reader.ordinal(in: intents), try kindSet(&reader)) }
            return Dictionary(entries, uniquingKeysWith: { first, _ in first })
        }
        var parts: [Intent: Range<Int>] = [:]
        for _ in 0..<(try reader.count()) {
            let intent = try reader.ordinal(in: intents)
            let length = try reader.count(), start = reader.offset
            try reader.skip(length)
            parts[intent] = start..<start + length
        }
        renderings = Spellings(tables: tables, parts: parts)
        slotKinds = try byIntent(&reader)
        wordKinds = try byIntent(&reader)
        requiredKinds = try byIntent(&reader)
        var phrases: [String: [String: String]] = [:]
        for _ in 0..<(try reader.count()) {
            let list = try reader.string()
            for _ in 0..<(try reader.count()) {
                phrases[list, default: [:]][try reader.string()] = try reader.string()
            }
        }
        self.phrases = phrases
        phraseBytes = phrases.mapValues { $0.mapValues { Array($0.lowercased().utf8) } }
        var scanned: [SlotKind: [(value: String, words: [String])]] = [:]
        for _ in 0..<(try reader.count()) {
            let kind = try reader.ordinal(in: kinds)
            scanned[kind] = try reader.array { reader throws(GrammarError) in (value: try reader.string(), words: try reader.strings()) }
        }
        scanner = SlotScanner(phrases: scanned)
        var intentsByWord: [String: Set<Intent>] = [:]
        for _ in 0..<(try reader.count()) {
            let word = try reader.string()
            intentsByWord[word] = Set(try reader.array { reader throws(GrammarError) in try reader.ordinal(in: intents) })
        }
        self.intentsByWord = intentsByWord
    }

    private static func write(_ piece: Piece, to writer: inout TableWriter, kinds: [SlotKind]) {
        switch piece {
        case .word(let word):
            writer.integer(0)
            writer.string(word)
        case .slot(let kind):
            writer.integer(1)
            writer.ordinal(kind, in: kinds)
        case .list(let kind, let list):
            writer.integer(2)
            writer.ordinal(kind, in: kinds)
            writer.string(list)
        case .constant(let kind, let value):
            writer.integer(3)
            writer.ordinal(kind, in: kinds)
            writer.string(value)
        }
    }

    /// One intent's spellings, as written by ``write(to:)``.
    fileprivate static func readSpellings(of intent: Intent, _ reader: inout TableReader) throws(GrammarError) -> [Rendering] {
        let kinds = SlotKind.allCases
        return try reader.array { reader throws(GrammarError) in
            Rendering(intent: intent, pieces: try reader.array { reader throws(GrammarError) in try Self.readPiece(&reader, kinds: kinds) })
        }
    }

    private static func readPiece(_ reader: inout TableReader, kinds: [SlotKind]) throws(GrammarError) -> Piece {
        switch try reader.integer(in: 0..<4) {
        case 0: return .word(try reader.string())
        case 1: return .slot(try reader.ordinal(in: kinds))
        case 2: return .list(try reader.ordinal(in: kinds), try reader.string())
        default: return .constant(try reader.ordinal(in: kinds), try reader.string())
        }
    }
}

extension Suggester {
    /// Every template's spellings, by intent: all of them for a grammar compiled from its text;
    /// for one read from tables, each intent's read from its part when it is first asked about
    /// (a line no template fits is compared with a few intents, never with all).
    final class Spellings: Sendable {
        /// The spellings read so far, by intent.
        private let read: Mutex<[Intent: [Rendering]]>
        private let tables: TablePart?
        private let parts: [Intent: Range<Int>]

        init(_ built: [Intent: [Rendering]]) {
            read = Mutex(built)
            tables = nil
            parts = [:]
        }

        init(tables: TablePart, parts: [Intent: Range<Int>]) {
            read = Mutex([:])
            self.tables = tables
            self.parts = parts
        }

        subscript(intent: Intent) -> [Rendering] {
            read.withLock { read in
                if let spellings = read[intent] { return spellings }
                guard let tables, let part = parts[intent] else { return [] }
                // The part's length was checked when the tables were read; were it damaged all
                // the same, the intent would have no sentences rather than crash.
                let spellings = tables.read { bytes in
                    var reader = TableReader(UnsafeBufferPointer(rebasing: bytes[part]))
                    return (try? Suggester.readSpellings(of: intent, &reader)) ?? []
                }
                read[intent] = spellings
                return spellings
            }
        }

        /// Every intent's spellings, read if they were not yet.
        var all: [Intent: [Rendering]] {
            var all: [Intent: [Rendering]] = [:]
            for intent in Intent.allCases where parts[intent] != nil || read.withLock({ $0[intent] != nil }) {
                all[intent] = self[intent]
            }
            return all
        }
    }
}

/// A part of compiled tables to be read later: a copy of it, or where it lies in the literal
/// built into the binary.
enum TablePart: Sendable {
    case bytes([UInt8])
    case literal(StaticString, Range<Int>)

    func read<T>(_ body: (UnsafeBufferPointer<UInt8>) -> T) -> T {
        switch self {
        case .bytes(let bytes): bytes.withUnsafeBufferPointer(body)
        case .literal(let literal, let range): literal.withUTF8Buffer { body(UnsafeBufferPointer(rebasing: $0[range])) }
        }
    }
}
