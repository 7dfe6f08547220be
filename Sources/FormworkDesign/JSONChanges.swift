import Formwork

// PLACEHOLDER (being written on the writer branch).
public enum JSONChanges {
    public static func changes(from old: PageValue, to new: PageValue) -> [String] {
        old.jsonText == new.jsonText ? [] : ["changed"]
    }
}
