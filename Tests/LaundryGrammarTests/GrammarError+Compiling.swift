import LaundryGrammar

extension GrammarError {
    /// The mistake the compiler finds in `source`, or nil when it compiles.
    static func compiling(_ source: String) -> GrammarError? {
        do {
            _ = try Grammar(source: source)
            return nil
        } catch {
            return error
        }
    }
}
