/// A test drove the page in a way a person couldn't (tapping a key that isn't there, picking
/// with no picker open), or the page did something a test must not let pass (a request no stub
/// answers).
///
/// ```
/// no component "saev" on the page 'dish-edit'; did you mean "save"?
/// ```
public struct PageHarnessError: Error, Sendable, CustomStringConvertible {
    /// What went wrong, for the test's author.
    public let message: String

    /// An error saying `message`.
    public init(_ message: String) { self.message = message }

    /// The message.
    public var description: String { message }
}
