/// Which parts of one page the flows exercised and which they never touched: interactions,
/// actions, validations, components, `if` branches and error handlers, each by JSON path.
///
/// ```
/// dish-edit (pages/dish-edit.json): 93% of interactions and actions
///   interactions    5/5   100%
///   actions        23/25   92%   not run: interactions.onSave[3].onError[0] …
/// ```
public struct PageCoverage: Sendable {
    /// One part of the page, and whether a flow exercised it.
    public struct Item: Sendable, Equatable {
        /// The JSON path in the page (with ` then`/` else` for a branch).
        public let path: String
        /// What it is, like `tap save`, `api`, `required on price`.
        public let label: String
        /// Whether a flow exercised it.
        public let covered: Bool
    }

    /// The items of one kind: interactions, actions, validations, components, branches or error handlers.
    public struct Category: Sendable {
        /// `interactions`, `actions`, `validations`, `components`, `branches` or `error handlers`.
        public let name: String
        /// Every item of the kind in the page, in page order.
        public let items: [Item]

        /// How many items were exercised.
        public var covered: Int { items.count { $0.covered } }
        /// How many items there are.
        public var total: Int { items.count }
        /// The share exercised, 0–100 (100 when there are none).
        public var percent: Double { total == 0 ? 100 : Double(covered) * 100 / Double(total) }
        /// The items no flow exercised.
        public var missed: [Item] { items.filter { !$0.covered } }
    }

    /// The page's id.
    public let page: String
    /// The page's file, when it was read from one.
    public let file: String?
    /// interactions, actions, validations, components, branches, error handlers.
    public let categories: [Category]

    /// The share of interactions and actions exercised, 0–100: the number flows aim to keep ≥ 90.
    public var percent: Double {
        let counted = categories.filter { $0.name == "interactions" || $0.name == "actions" }
        let total = counted.reduce(0) { $0 + $1.total }
        return total == 0 ? 100 : Double(counted.reduce(0) { $0 + $1.covered }) * 100 / Double(total)
    }

    /// The coverage of `document` by what `hits` recorded.
    public init(document: PageDocument, hits: PageHits) {
        page = document.id
        file = document.file
        var walker = Walker(hits: hits)
        walker.page(document)
        categories = [
            Category(name: "interactions", items: walker.interactions),
            Category(name: "actions", items: walker.actions),
            Category(name: "validations", items: walker.validations),
            Category(name: "components", items: walker.components),
            Category(name: "if branches", items: walker.branches),
            Category(name: "error handlers", items: walker.handlers),
        ]
    }

    // MARK: - Output

    /// The per-page block `formwork test --coverage` prints.
    public var rendered: String {
        var lines = ["\(page)\(file.map { " (\($0))" } ?? ""): \(PageCoverage.format(percent)) of interactions and actions"]
        for category in categories {
            var line = "  " + category.name.padding(toLength: 15, withPad: " ", startingAt: 0)
                + "\(category.covered)/\(category.total)".padding(toLength: 8, withPad: " ", startingAt: 0)
                + PageCoverage.format(category.percent).padding(toLength: 4, withPad: " ", startingAt: 0)
            let missed = category.missed
            if !missed.isEmpty { line += "  never: " + missed.map { "\($0.label) (\($0.path))" }.joined(separator: ", ") }
            while line.last == " " { line.removeLast() }
            lines.append(line)
        }
        return lines.joined(separator: "\n")
    }

    /// As JSON, for `formwork test --coverage --format json`.
    public var jsonValue: PageValue {
        .object(PageObject([
            ("page", .string(page)), ("file", file.map { .string($0) } ?? .null), ("percent", .number(percent)),
            ("categories", .object(PageObject(categories.map { category in
                (category.name, .object(PageObject([
                    ("covered", .int(Int64(category.covered))), ("total", .int(Int64(category.total))), ("percent", .number(category.percent)),
                    ("missed", .array(category.missed.map { .object(PageObject([("path", .string($0.path)), ("label", .string($0.label))])) })),
                ])))
            }))),
        ]))
    }

    /// `92%`: a percentage rounded down, so 89.9 never reads as 90.
    public static func format(_ percent: Double) -> String {
        "\(Int(percent.rounded(.down)))%"
    }

    // MARK: - Walking the page

    private struct Walker {
        let hits: PageHits
        var interactions: [Item] = []
        var actions: [Item] = []
        var validations: [Item] = []
        var components: [Item] = []
        var branches: [Item] = []
        var handlers: [Item] = []

        init(hits: PageHits) { self.hits = hits }

        mutating func page(_ document: PageDocument) {
            for node in document.components { component(node) }
            for (name, chain) in document.interactions.sorted(by: { $0.key < $1.key }) {
                interaction("interactions." + name, label: name, chain: chain)
            }
            for watcher in document.watchers {
                interaction(watcher.path, label: "watcher \(watcher.trigger.rawValue) \(watcher.expression.source)", chain: watcher.actions)
            }
            handlerList(document.onError)
        }

        mutating func interaction(_ path: String, label: String, chain: [ActionNode]) {
            let ran = hits.interactions.contains(path) || chain.first.map { hits.actions.contains($0.path) } == true
            interactions.append(Item(path: path, label: label, covered: ran))
            for action in chain { self.action(action) }
        }

        mutating func component(_ node: ComponentNode) {
            let name = node.typeID + (node.key.map { " " + $0 } ?? "")
            components.append(Item(path: node.path, label: name, covered: hits.components.contains(node.path)))
            for validation in node.validations {
                validations.append(Item(path: validation.path, label: "\(validation.typeID) on \(node.key ?? node.typeID)", covered: hits.validations.contains(validation.path)))
            }
            for (event, chain) in node.interactions.sorted(by: { $0.key < $1.key }) {
                interaction(node.path + ".interactions." + event, label: "\(node.key ?? node.typeID).\(event)", chain: chain)
            }
            attributes(node.attributes)
            for child in node.children { component(child) }
        }

        mutating func action(_ node: ActionNode) {
            actions.append(Item(path: node.path, label: node.typeID, covered: hits.actions.contains(node.path)))
            if node.typeID == "if" {
                for branch in ["then", "else"] {
                    let path = node.path + " " + branch
                    branches.append(Item(path: path, label: "if → \(branch)", covered: hits.branches.contains(path)))
                }
            }
            attributes(node.attributes)
            handlerList(node.onError)
        }

        mutating func handlerList(_ list: [HandlerNode]) {
            for handler in list {
                handlers.append(Item(path: handler.path, label: handler.typeID, covered: hits.handlers.contains(handler.path)))
                attributes(handler.attributes)
            }
        }

        mutating func attributes(_ list: AttributeList) {
            for attribute in list.items {
                switch attribute.content {
                case .actions(let chain): for action in chain { self.action(action) }
                case .chains(let chains): for chain in chains { for action in chain { self.action(action) } }
                case .components(let nodes): for node in nodes { component(node) }
                default: break
                }
            }
        }
    }
}
