extension String {
    /// The word's NFC form when that is ASCII — the only form an ASCII word of a line can equal
    /// ("\u{212A}" is "K", "cafe\u{301}" is no ASCII word) — or nil.
    ///
    /// Composed by the standard library's own tables (those `String`'s `==` uses), not Foundation's
    /// `precomposedStringWithCanonicalMapping`, which answers the same but, the first time in a
    /// process, loads Foundation's Unicode data: a pet's possessive "snowy’s" made a one-shot
    /// `/status` pay that (≈ 1.5 % of it, perf). `NFCTests` holds the two to the same answers.
    var asciiForm: String? {
        if isASCII { return self }
        let composed = _nfcCodeUnits
        return composed.allSatisfy { $0 < 0x80 } ? String(decoding: composed, as: UTF8.self) : nil
    }
}
