extension Array {
    /// `count` copies of `element` — as `Array(repeating:count:)` makes them, but grown by
    /// appending. `Array(repeating:count:)` and `reserveCapacity` allocate through the standard
    /// library's unspecialised path, which looks the array's storage type up at run time: some
    /// 600 instructions an array under callgrind, for every line the matcher prepares, where
    /// growing by appends runs specialised code (grammar benchmark, about 3 % of matching).
    static func filled(with element: Element, count: Int) -> Array {
        var array: Array = []
        array.append(contentsOf: repeatElement(element, count: count))
        return array
    }
}
