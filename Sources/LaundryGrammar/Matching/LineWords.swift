/// The words of a line as bits by word id, asked whether the line holds each word a template
/// cannot fit it without.
struct LineWords {
    private var bits: [UInt64]

    init(_ ids: [Int32], vocabularySize: Int) {
        bits = [UInt64](repeating: 0, count: (vocabularySize + 63) / 64)
        for id in ids where id >= 0 { bits[Int(id) >> 6] |= 1 << UInt64(id & 63) }
    }

    func contains(_ id: Int32) -> Bool {
        id >= 0 && Int(id) >> 6 < bits.count && bits[Int(id) >> 6] & (1 << UInt64(id & 63)) != 0
    }
}
