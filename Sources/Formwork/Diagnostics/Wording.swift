/// Small rules of English that messages share, so every message says "an int" and "a number".
enum Wording {
    /// The noun with its indefinite article: `withArticle("int")` is "an int", `withArticle("bool")`
    /// "a bool". `null` stands alone ("got null", not "got a null").
    ///
    /// NB: the nouns are type names (int, number, string, bool, array, object, any, …), all of which
    /// take "an" exactly when they start with a vowel letter.
    static func withArticle(_ noun: String) -> String {
        if noun == "null" { return noun }
        guard let first = noun.lowercased().first else { return noun }
        return ("aeiou".contains(first) ? "an " : "a ") + noun
    }
}
