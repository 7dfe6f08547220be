/// What is wrong with a `mask` as a page wrote it, as a sentence for the page's author;
/// `check` adds where it is.
///
/// ```
/// components[2].attributes.mask: error: the attribute 'mask' of the component 'text-field': the phone country "XX" is not one the engine knows; it knows BY, CA, ES, FR, GB, IN, KZ, PL, RU, UA, US
/// ```
public struct MaskProblem: Error, Sendable, Equatable, CustomStringConvertible {
    /// The sentence.
    public let message: String

    init(_ message: String) { self.message = message }

    /// The sentence.
    public var description: String { message }
}
