import Formwork

/// Numbers for live components, so the browser can name the one a person edited or tapped and
/// keep its element (and the caret in it) across updates.
///
/// A component keeps its number for as long as it is on the page; a list row rebuilt from new
/// items gets new numbers. The table holds the components it numbered until `prune` drops those
/// no longer shown, so a number is never reused for another component.
@MainActor
final class ComponentIdentities {
    private var numbers: [ObjectIdentifier: Int] = [:]
    private var components: [Int: PageComponent] = [:]
    private var next = 1

    /// The number of `component`, giving it one the first time.
    func id(for component: PageComponent) -> Int {
        let key = ObjectIdentifier(component)
        if let number = numbers[key] { return number }
        let number = next
        next += 1
        numbers[key] = number
        components[number] = component
        return number
    }

    /// The component numbered `id`, while it is known.
    func component(_ id: Int) -> PageComponent? { components[id] }

    /// Forgets every component not in `shown`.
    func prune(keeping shown: [PageComponent]) {
        let live = Set(shown.map(ObjectIdentifier.init))
        for (key, number) in numbers where !live.contains(key) {
            numbers[key] = nil
            components[number] = nil
        }
    }

    /// Forgets everything (the page was reopened).
    func removeAll() {
        numbers = [:]
        components = [:]
    }
}
