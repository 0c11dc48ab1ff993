import Foundation
import GRDB
import LaundryCore

/// What a change touched: pets by id, and the app settings.
struct Touched {
    enum Item: Hashable, Comparable {
        case pet(Int64)
        case settings
    }

    let items: [Item]

    init(items: [Item]) {
        self.items = items
    }

    init(_ record: UndoRecord) {
        var items: [Item] = []
        for step in record.steps {
            switch step {
            case .restorePet(let pet): if let id = pet.id { items.append(.pet(id)) }
            case .removePet(let id): items.append(.pet(id))
            case .restoreEvents(let events): items += events.map { .pet($0.petId) }
            case .removeEvent: break  // the pet's own step says which pet
            case .restoreSettings: items.append(.settings)
            }
        }
        self.items = Array(Set(items)).sorted()
    }
}

/// A fingerprint (64-bit FNV-1a) of each touched row as a change left it, kept with the change as
/// text: one line per item, "pet 12 2.9f3a…", "pet 12 -" for a pet the change deleted,
/// "settings 2.51c0…". The "2." marks a hash of the values themselves; a bare hex hash, written
/// before it, is of the values' debug descriptions (slower: quoting and escaping every string), and
/// is compared with one made the same way, so that older changes can still be undone.
struct Fingerprints {
    let values: [Touched.Item: String]

    var touched: Touched { Touched(items: values.keys.sorted()) }

    init(values: [Touched.Item: String]) {
        self.values = values
    }

    init(text: String) {
        var values: [Touched.Item: String] = [:]
        for line in text.split(separator: "\n") {
            let fields = line.split(separator: " ")
            if fields.count == 3, fields[0] == "pet", let id = Int64(fields[1]) {
                values[.pet(id)] = String(fields[2])
            } else if fields.count == 2, fields[0] == "settings" {
                values[.settings] = String(fields[1])
            }
        }
        self.values = values
    }

    var text: String {
        values.keys.sorted().map { item in
            switch item {
            case .pet(let id): "pet \(id) \(values[item]!)"
            case .settings: "settings \(values[item]!)"
            }
        }.joined(separator: "\n")
    }

    /// The first item whose fingerprint differs in `other`.
    func firstDifference(from other: Fingerprints) -> Touched.Item? {
        values.keys.sorted().first { other.values[$0] != values[$0] }
    }

    /// The hash a stored fingerprint was made with.
    static func hashFunction(of stored: String) -> ([DatabaseValue]) -> String {
        if stored.hasPrefix(prefix) || stored == "-" { return { hash($0) } }
        return { legacyHash($0) }
    }

    private static let prefix = "2."

    /// Each value's type and bytes: integers and reals by their 8 bytes, text and blobs by theirs.
    static func hash(_ values: [DatabaseValue]) -> String {
        var hasher = FNV1a()
        for value in values {
            switch value.storage {
            case .null: hasher.addByte(0)
            case .int64(let int): hasher.addByte(1); hasher.addWord(UInt64(bitPattern: int))
            case .double(let double): hasher.addByte(2); hasher.addWord(double.bitPattern)
            case .string(let string): hasher.addByte(3); hasher.addBytes(string.utf8)
            case .blob(let data): hasher.addByte(4); hasher.addBytes(data)
            }
            hasher.endField()
        }
        return prefix + String(hasher.value, radix: 16)
    }

    /// The hash of fingerprints written before the "2." ones: of each value's `description`.
    static func legacyHash(_ values: [DatabaseValue]) -> String {
        var hasher = FNV1a()
        for value in values {
            hasher.addBytes(value.description.utf8)
            hasher.endField()
        }
        return String(hasher.value, radix: 16)
    }

    private struct FNV1a {
        private(set) var value: UInt64 = 0xcbf2_9ce4_8422_2325

        mutating func addByte(_ byte: UInt8) {
            value ^= UInt64(byte)
            value &*= 0x0000_0100_0000_01B3
        }

        mutating func addBytes(_ bytes: some Sequence<UInt8>) {
            for byte in bytes { addByte(byte) }
        }

        mutating func addWord(_ word: UInt64) {
            withUnsafeBytes(of: word.littleEndian) { addBytes($0) }
        }

        /// A field separator, so that ["ab", "c"] and ["a", "bc"] differ.
        mutating func endField() {
            addByte(0x1F)
        }
    }
}
