/// What a validation sees: `$value` (the component's value), its attributes, and the page.
@MainActor
public struct ValidationContext {
    public let session: PageSession
    public let component: PageComponent
    public let typeID: String
    public let attributes: AttributeList
    let specs: [AttributeSpec]

    /// `$value`: the value under validation.
    public var value: PageValue { component.value ?? .null }

    private var reader: AttributeReader {
        AttributeReader(attributes: attributes, specs: specs, scope: session.scope(for: component))
    }

    public func has(_ name: String) -> Bool { attributes[name] != nil }
    public func value(_ name: String) throws -> PageValue { try reader.value(name) }
    public func bool(_ name: String) throws -> Bool { try reader.value(name).isTruthy }
    public func string(_ name: String) throws -> String? {
        let value = try reader.value(name)
        return value.isNull ? nil : value.displayText
    }
}

/// What a component type's built-in event behaviour sees (a `select` being tapped).
@MainActor
public struct ComponentEventContext {
    public let session: PageSession
    public let component: PageComponent
    public let event: String

    /// The app around the page; calls to its presenter count as waiting for the person.
    public var host: PageHost { session.engine.host.parking(in: session.engine.activity) }

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
