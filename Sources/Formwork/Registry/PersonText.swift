/// What of an attribute's value a person reads (`AttributeSpec.text`): the texts `check --locale`
/// counts and `formwork strings export` hands to translators.
public enum PersonText: Sendable, Equatable {
    /// The value is a text: `title`, `placeholder`, a toast's `message`.
    case whole
    /// These string members of an object value (`accessibility`: `label`, `hint`), or, for an
    /// array, each string element and these members of each object element (`options`: `title`).
    case members([String])
}
