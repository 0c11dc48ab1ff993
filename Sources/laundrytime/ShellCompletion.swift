import EnglishGrammar
import Foundation
import LaundryCore
import LaundryGrammar
import LaundryPlatform
import LaundryStore

/// Completion of a command's words in the shell — `laundrytime start wash for <Tab>` in bash, zsh
/// and fish — as the prompt completes them: the words that can come next in some sentence, and
/// the pets' names where a pet can stand. swift-argument-parser's completion scripts call the
/// binary for it (``LaundryTimeCommand/words``); `--generate-completion-script bash` writes one.
enum ShellCompletion {
    /// - Parameters:
    ///   - words: the shell's words, the program's name first, as typed (quotes and all).
    ///   - index: which of them is being completed.
    ///   - prefix: its part before the cursor.
    static func complete(_ words: [String], _ index: Int, _ prefix: String) -> [String] {
        var dataDirectory: String?
        var typed: [String] = []
        var position = 1
        while position < min(index, words.count) {
            let word = unquoted(words[position])
            position += 1
            if word == "--data-dir", position < index {
                dataDirectory = unquoted(words[position])
                position += 1
            } else if word.hasPrefix("--data-dir=") {
                dataDirectory = String(word.dropFirst("--data-dir=".count))
            } else if word == "--format" || word == "--color" {
                position += 1
            } else if !word.hasPrefix("-") {
                typed.append(word)
            }
        }
        guard let grammar = try? Grammar.english else { return [] }
        let location = StoreLocation.resolve(dataDirectory: dataDirectory, environment: ProcessEnvironment.current())
        let pets = pets(at: location)
        guard let next = grammar.nextWords(after: typed.joined(separator: " "), pets: PetNameIndex(pets: pets)) else { return [] }
        let fragment = unquoted(prefix).lowercased()
        // Where a pet can stand, its name or any of its nicknames.
        let names = next.pet ? pets.map(\.name.value) + pets.flatMap(\.nicknames) : []
        return (next.words + names).filter { $0.lowercased().hasPrefix(fragment) }
    }

    /// The pets of the store at `location`, when there is one: completion never makes a store.
    private static func pets(at location: StoreLocation) -> [Pet] {
        guard FileManager.default.fileExists(atPath: location.databaseURL.path),
              let store = try? LaundryStore(location: location, busyTimeout: 1)
        else { return [] }
        defer { store.close() }
        return (try? store.read { try $0.pets() }) ?? []
    }

    /// A shell word without the quotes around it ("'Mr. Fluff'" is Mr. Fluff).
    private static func unquoted(_ word: String) -> String {
        guard word.count >= 2, let first = word.first, first == word.last, first == "'" || first == "\"" else { return word }
        return String(word.dropFirst().dropLast())
    }
}
