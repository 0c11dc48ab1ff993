/// Whole numbers as people read them in a sentence: "4,096", "1,048,576".
///
/// Written out here rather than with `formatted()`, whose locale lookup (ICU) costs more than the
/// rest of a refusal; LaundryTime's replies are English, with English digit grouping.
public enum NumberText {
    public static func grouped(_ number: Int) -> String {
        let digits = String(number.magnitude)
        var out = number < 0 ? "-" : ""
        for (index, digit) in digits.enumerated() {
            if index > 0 && (digits.count - index) % 3 == 0 { out.append(",") }
            out.append(digit)
        }
        return out
    }
}
