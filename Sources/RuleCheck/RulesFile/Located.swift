/// A value from a rules file and where it was written.
struct Located<Value> {
    var value: Value
    var location: FileLocation
}

extension Located: Sendable where Value: Sendable {}
