/// A test drove the page in a way a person couldn't (tapping a key that isn't there, picking
/// with no picker open), or the page did something a test must not let pass (a request no stub
/// answers).
///
/// ```
/// no component "saev" on the page 'dish-edit'; did you mean "save"?
/// ```
public struct PageHarnessError: Error, Sendable, CustomStringConvertible {
    public let message: String

    public init(_ message: String) { self.message = message }

    public var description: String { message }
}
