/// What a validation sees: `$value` (the component's value), its attributes, and the page.
@MainActor
public struct ValidationContext {
    /// The page.
    public let session: PageSession
    /// The component validated.
    public let component: PageComponent
    /// The validation's registered id.
    public let typeID: String
    /// The validation's attributes as written.
    public let attributes: AttributeList
    let specs: [AttributeSpec]

    /// `$value`: the value under validation.
    public var value: PageValue { component.value ?? .null }

    private var reader: AttributeReader {
        AttributeReader(attributes: attributes, specs: specs, scope: session.scope(for: component))
    }

    /// Whether the page gives the attribute `name`.
    public func has(_ name: String) -> Bool { attributes[name] != nil }
    /// The attribute's value now: evaluated, else the literal, else the registered default.
    public func value(_ name: String) throws -> PageValue { try reader.value(name) }
    /// The attribute's value, as truthiness.
    public func bool(_ name: String) throws -> Bool { try reader.value(name).isTruthy }
    /// The attribute's value as display text; nil when null.
    public func string(_ name: String) throws -> String? {
        let value = try reader.value(name)
        return value.isNull ? nil : value.displayText
    }
}

/// What a component type's built-in event behaviour sees (a `select` being tapped).
@MainActor
public struct ComponentEventContext {
    /// The page.
    public let session: PageSession
    /// The component the event happened on.
    public let component: PageComponent
    /// The event's name, like `onTap`.
    public let event: String

    /// The app around the page; calls to its presenter count as waiting for the person.
    public var host: PageHost { session.engine.host.parking(in: session.engine.activity, for: session) }

    /// Asks the person to pick; nil when they cancel. The page counts as idle while waiting.
    public func pick(_ request: PickerRequest) async -> Int? {
        session.record(.present, "picker \"\(request.title)\": " + request.options.map(\.title).joined(separator: " | "))
        return await host.presenter.pick(request)
    }

    /// Edits the component's value as the person would (two-way write, validation, `onChange`).
    public func edit(_ value: PageValue) async throws {
        try await session.edit(component, to: value)
    }
}
