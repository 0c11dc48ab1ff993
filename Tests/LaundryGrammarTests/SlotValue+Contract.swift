import LaundryGrammar
import LaundryTerminal

extension SlotValue {
    /// What the slot stands for as the JSON contract spells it ("75", "at:-1:18:00:24"), which
    /// these tests were written against: the typed value and the contract say the same.
    var value: String? { content?.contractText }
}
