/// A JSON value written with its keys in a fixed order, one object per line (JSON Lines).
///
/// Written by hand rather than with `JSONEncoder` for two reasons: the contract's key order
/// (`type` first) is part of what people read, and every control, C1 and bidi-override character
/// must be escaped as `\uXXXX`, which `JSONEncoder` does not do for C1 or bidi characters.
enum JSONValue: Equatable {
    case string(String)
    case number(Int)
    case bool(Bool)
    case null
    case object([(String, JSONValue)])
    case array([JSONValue])

    static func == (a: JSONValue, b: JSONValue) -> Bool { a.serialized == b.serialized }

    var serialized: String {
        var out = ""
        write(to: &out)
        return out
    }

    private func write(to out: inout String) {
        switch self {
        case .string(let text): Self.writeString(text, to: &out)
        case .number(let value): out += String(value)
        case .bool(let value): out += value ? "true" : "false"
        case .null: out += "null"
        case .array(let items):
            out += "["
            for (index, item) in items.enumerated() {
                if index > 0 { out += "," }
                item.write(to: &out)
            }
            out += "]"
        case .object(let members):
            out += "{"
            for (index, (key, value)) in members.enumerated() {
                if index > 0 { out += "," }
                Self.writeString(key, to: &out)
                out += ":"
                value.write(to: &out)
            }
            out += "}"
        }
    }

    private static func writeString(_ text: String, to out: inout String) {
        out += "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\t": out += "\\t"
            case "\r": out += "\\r"
            default:
                if TextSanitizer.isUnsafe(scalar) || scalar.value == 0x2028 || scalar.value == 0x2029 {
                    let hex = String(scalar.value, radix: 16)
                    out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
                } else {
                    out.unicodeScalars.append(scalar)
                }
            }
        }
        out += "\""
    }
}
