/// `check`'s accessibility rules (Grammar 2.21), from behaviour level 2: each has a stable id,
/// printed at the end of its message (`[a11y-no-name]`), and reads the page as the engine's
/// descriptions would — the type's defaults, the page's `accessibility` — over blocks' components
/// and every language of the page's texts.
struct AccessibilityCheck {
    /// The rules: id, severity, and why.
    enum Rule: String, CaseIterable {
        /// An input with no accessible name: a screen reader says only "text field".
        case noName = "a11y-no-name"
        /// An image with neither `alt` nor `decorative`.
        case imageAlt = "a11y-image-alt"
        /// A button with no text.
        case buttonText = "a11y-button-text"
        /// Two controls with the same name in one section.
        case sameName = "a11y-same-name"
        /// A heading more than one level deeper than the one before it.
        case headingSkip = "a11y-heading-skip"
        /// A name that is only an expression, which may be empty.
        case nameMayBeEmpty = "a11y-name-may-be-empty"

        var severity: PageDiagnostic.Severity {
            switch self {
            case .noName, .imageAlt, .buttonText: return .error
            case .sameName, .headingSkip, .nameMayBeEmpty: return .warning
            }
        }
    }

    let registry: Registry
    let document: PageDocument
    private(set) var diagnostics: [PageDiagnostic] = []
    /// Where a localized value is written → its text's key (`document.texts`).
    private let textKeys: [String: String]
    /// The level of the heading read last: the page's title is 1.
    private var lastHeading = 1

    init(registry: Registry, document: PageDocument) {
        self.registry = registry
        self.document = document
        textKeys = Dictionary(document.texts.map { ($0.path, $0.key) }, uniquingKeysWith: { first, _ in first })
    }

    /// What a name is, as far as the page says before it runs.
    enum Name: Hashable {
        /// None, or an empty text.
        case none
        /// A text written out.
        case literal(String)
        /// A text of the page's strings, by key.
        case localized(String)
        /// Computed; `mayBeEmpty` when nothing in it is text written out.
        case computed(source: String, mayBeEmpty: Bool)
    }

    mutating func run() {
        walk(document.components, level: 1)
    }

    private mutating func report(_ rule: Rule, _ path: String, _ message: String) {
        diagnostics.append(PageDiagnostic(rule.severity, code: rule.rawValue, path: path, message + " [\(rule.rawValue)]"))
    }

    // MARK: - The walk

    /// Checks `nodes`, children of one container (or the page), under a heading of `level`.
    private mutating func walk(_ nodes: [ComponentNode], level: Int) {
        var seen: [Name: String] = [:]
        for node in nodes {
            guard let type = registry.components[node.typeID] ?? node.fallback.flatMap({ registry.components[$0.typeID] }) else { continue }
            let node = registry.components[node.typeID] == nil ? (node.fallback ?? node) : node
            if literalTrue(node.attributes["hidden"]) { continue }
            let stated = type.engineReads("accessibility") ? node.attributes["accessibility"] : nil
            if literalTrue(member("hidden", of: stated)) { continue }
            let defaults = type.accessibility
            let role = member("role", of: stated).flatMap(literalString).flatMap(AccessibilityRole.init(pageName:)) ?? defaults.role
            let name = self.name(of: node, defaults: defaults, stated: stated)
            let what = "the \(type.id)" + (node.key.map { " '\($0)'" } ?? "")
            let namePath = statedPath(stated, "label") ?? defaults.nameAttribute.map { node.attributes[$0]?.path ?? node.path + ".attributes.\($0)" } ?? node.path
            var childLevel = level
            if role != .none {
                checkName(name, role: role, type: type, node: node, stated: stated, what: what, path: namePath)
                if let heading = member("heading", of: stated).flatMap(literalInt) {
                    checkHeading(heading, what: what, path: statedPath(stated, "heading") ?? node.path)
                    childLevel = heading
                } else if defaults.namesHeading, name != .none {
                    checkHeading(level + 1, what: what, path: namePath)
                    childLevel = level + 1
                }
                if type.valueAttribute != nil || role == .button, name != .none {
                    if let earlier = seen[name] {
                        report(.sameName, namePath, "\(what) has the same accessible name as \(earlier) in this section (\(describe(name))); a screen reader can't tell them apart: give one a different title or accessibility.label")
                    } else {
                        seen[name] = what
                    }
                }
            }
            var inner = node.children
            for attribute in node.attributes.items { if case .components(let set) = attribute.content { inner += set } }
            walk(inner, level: childLevel)
        }
    }

    // MARK: - The rules

    private mutating func checkName(_ name: Name, role: AccessibilityRole, type: ComponentType, node: ComponentNode, stated: AttributeNode?, what: String, path: String) {
        let isInput = type.valueAttribute != nil && [.textField, .textArea, .switch, .checkbox, .radioGroup, .picker, .adjustable].contains(role)
        let nameAttribute = type.accessibility.nameAttribute
        switch name {
        case .none:
            if role == .image {
                guard !literalTrue(member("decorative", of: stated)) else { return }
                report(.imageAlt, node.path, "\(what) has neither an alt text nor accessibility.decorative; a screen reader says only \"image\": give it \"alt\" (what it shows), or \"accessibility\": {\"decorative\": true} if it says nothing")
            } else if role == .button {
                report(.buttonText, node.path, "\(what) has no text; a screen reader says only \"button\": give it a \(nameAttribute.map { "'\($0)'" } ?? "title") or accessibility.label")
            } else if isInput {
                report(.noName, node.path, "\(what) has no accessible name; a screen reader says only \"\(spoken(role))\": give it a \(nameAttribute.map { "'\($0)'" } ?? "title") or accessibility.label")
            }
        case .localized(let key):
            guard isInput || role == .image || role == .button else { return }
            for locale in document.strings.locales {
                guard let message = document.strings.message(key, locale: locale), message.isEmptyText else { continue }
                let rule: Rule = role == .image ? .imageAlt : role == .button ? .buttonText : .noName
                report(rule, path, "\(what) has no accessible name in \(locale): its text '\(key.hasPrefix("@") ? "written here" : key)' is empty there; a screen reader says only \"\(spoken(role))\"")
            }
        case .computed(let source, let mayBeEmpty):
            guard mayBeEmpty, isInput || role == .image || role == .button else { return }
            report(.nameMayBeEmpty, path, "\(what) is named only by \(source), which may be empty; then a screen reader says only \"\(spoken(role))\": add text around it (a template like \"Name: ${…}\") or a fallback (?? 'Name')")
        case .literal:
            return
        }
    }

    private mutating func checkHeading(_ level: Int, what: String, path: String) {
        if level > lastHeading + 1 {
            report(.headingSkip, path, "\(what) is a heading of level \(level) after one of level \(lastHeading); a screen reader's list of headings skips a level: make it level \(lastHeading + 1)")
        }
        lastHeading = level
    }

    private func spoken(_ role: AccessibilityRole) -> String {
        switch role {
        case .textField: return "text field"
        case .textArea: return "text area"
        case .radioGroup: return "radio group"
        case .adjustable: return "adjustable"
        default: return role.rawValue
        }
    }

    private func describe(_ name: Name) -> String {
        switch name {
        case .none: return "none"
        case .literal(let text): return "\"\(text)\""
        case .localized(let key): return key.hasPrefix("@") ? "the same text" : "the text '\(key)'"
        case .computed(let source, _): return source
        }
    }

    // MARK: - Reading the page

    /// The accessible name as written: `accessibility.label`, else the type's naming attribute.
    private func name(of node: ComponentNode, defaults: AccessibilityDefaults, stated: AttributeNode?) -> Name {
        if let stated {
            switch stated.content {
            case .literal(let value):
                if let label = value.objectValue?["label"], let text = label.stringValue, !text.isEmpty { return .literal(text) }
            default:
                // NB: computed members (`{"label": {"template": …}}`) are one expression; the
                // page's JSON says what `label` is.
                let labelPath = stated.path + ".label"
                if let key = textKeys[labelPath] { return .localized(key) }
                if let raw = document.source.value(atPath: labelPath) {
                    if let text = raw.stringValue { if !text.isEmpty { return .literal(text) } } else if let computed = computedName(raw) { return computed }
                } else if document.source.value(atPath: stated.path) == nil {
                    return .computed(source: "accessibility", mayBeEmpty: false)
                }
            }
        }
        guard let attribute = defaults.nameAttribute.flatMap({ node.attributes[$0] }) else { return .none }
        if let key = textKeys[attribute.path] { return .localized(key) }
        switch attribute.content {
        case .literal(let value):
            let text = value.isNull ? "" : value.displayText
            return text.isEmpty ? .none : .literal(text)
        case .expression(let expression), .template(let expression):
            if let constant = expression.constantValue { return constant.displayText.isEmpty ? .none : .literal(constant.displayText) }
            return .computed(source: expression.source, mayBeEmpty: AccessibilityCheck.mayBeEmpty(expression.source, isTemplate: expression.isTemplate))
        default:
            return .none
        }
    }

    /// `{"expr": …}` or `{"template": …}` as a name.
    private func computedName(_ raw: PageValue) -> Name? {
        guard case .object(let object) = raw else { return nil }
        if let source = object["expr"]?.stringValue { return .computed(source: source, mayBeEmpty: AccessibilityCheck.mayBeEmpty(source, isTemplate: false)) }
        if let source = object["template"]?.stringValue { return .computed(source: source, mayBeEmpty: AccessibilityCheck.mayBeEmpty(source, isTemplate: true)) }
        return nil
    }

    /// Whether a computed name may be empty: a template with no text of its own outside `${…}`,
    /// an expression with no non-empty string literal in it (`$data.name`, not
    /// `$data.name ?? 'Dish'` or `'Row ' + $index`).
    static func mayBeEmpty(_ source: String, isTemplate: Bool) -> Bool {
        if isTemplate {
            var depth = 0
            var outside = ""
            var previous: Character = " "
            for character in source {
                if depth == 0, previous == "$", character == "{" { outside.removeLast(); depth = 1 } else if depth > 0 {
                    if character == "{" { depth += 1 } else if character == "}" { depth -= 1 }
                } else {
                    outside.append(character)
                }
                previous = character
            }
            return outside.allSatisfy(\.isWhitespace)
        }
        // A quoted text with something in it.
        var quote: Character?
        var length = 0
        for character in source {
            if let open = quote {
                if character == open {
                    if length > 0 { return false }
                    quote = nil
                } else {
                    length += 1
                }
            } else if character == "'" || character == "\"" {
                quote = character
                length = 0
            }
        }
        return true
    }

    /// The member `name` of the `accessibility` attribute, when it is written as a literal.
    private func member(_ name: String, of stated: AttributeNode?) -> PageValue? {
        guard let stated else { return nil }
        if case .literal(let value) = stated.content { return value.objectValue?[name] }
        return document.source.value(atPath: stated.path + "." + name)
    }

    private func statedPath(_ stated: AttributeNode?, _ name: String) -> String? {
        guard let stated, member(name, of: stated) != nil else { return nil }
        return stated.path + "." + name
    }

    private func literalTrue(_ node: AttributeNode?) -> Bool {
        guard case .literal(.bool(true))? = node?.content else { return false }
        return true
    }

    private func literalTrue(_ value: PageValue?) -> Bool { value == .bool(true) }
    private func literalString(_ value: PageValue) -> String? { value.stringValue }
    private func literalInt(_ value: PageValue) -> Int? { value.intValue.map { Int(clamping: $0) } }
}

extension LocalizedMessage {
    /// Whether every form is empty text.
    var isEmptyText: Bool {
        forms.values.allSatisfy { segments in segments.allSatisfy { if case .text(let text) = $0 { return text.allSatisfy(\.isWhitespace) } else { return false } } }
    }
}

extension PageValue {
    /// The value at a diagnostic path (`components[0].attributes.title`); nil when there is none.
    func value(atPath path: String) -> PageValue? {
        var current: PageValue? = self
        var name = ""
        func step() {
            guard !name.isEmpty else { return }
            current = current?.objectValue?[name]
            name = ""
        }
        var index: String?
        for character in path {
            if var digits = index {
                if character == "]" {
                    if let position = Int(digits), case .array(let items)? = current, items.indices.contains(position) { current = items[position] } else { current = nil }
                    index = nil
                } else {
                    digits.append(character)
                    index = digits
                }
            } else if character == "." {
                step()
            } else if character == "[" {
                step()
                index = ""
            } else {
                name.append(character)
            }
        }
        step()
        return current
    }
}
