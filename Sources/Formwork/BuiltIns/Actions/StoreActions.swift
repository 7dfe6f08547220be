/// `store-var`, `validate` and `show-errors`.
enum StoreActions {
    static let all: [ActionType] = [
        ActionType("store-var", attributes: [
            AttributeSpec("key", .string, required: true, role: .storePath, summary: "the path to write, like $data.menuName or $global.token"),
            AttributeSpec("value", .any, summary: "what to write; the previous action's result when not given"),
        ], summary: "writes a value into $data or $global") { context in
            let key = try context.string("key") ?? ""
            guard let path = StorePath(key) else {
                throw ActionFailure(kind: "store", message: "store-var's key '\(key)' must be a plain path into $data or $global, like $data.price")
            }
            guard path.root.isWritable else {
                throw ActionFailure(kind: "read-only", message: "store-var can't write \(path): " + path.root.readOnlyReason)
            }
            let value = context.has("value") ? try context.value("value") : context.result
            try context.write(value, to: path)
            return value
        },
        ActionType("validate", attributes: [
            AttributeSpec("keys", .array, role: .componentKeys, summary: "the components to validate; all visible ones when not given"),
        ], summary: "runs validations, waiting for asynchronous ones; fails with kind 'validation' if any fails") { context in
            var targets: [PageComponent]?
            if context.has("keys") {
                let keys = (try context.value("keys").arrayValue ?? []).compactMap(\.stringValue)
                targets = context.session.allComponents.filter { $0.key.map(keys.contains) ?? false }
            }
            let failures = await context.session.validate(targets)
            guard let first = failures.first else { return context.result }
            context.session.announceFailures(failures.map(\.component))
            var errors = PageObject()
            for failure in failures { errors[failure.component.key ?? failure.component.type.id] = .string(failure.message) }
            throw ActionFailure(kind: "validation", message: first.message, details: PageObject([("errors", .object(errors))]))
        },
        ActionType("show-errors", attributes: [
            AttributeSpec("errors", .object, required: true, summary: "component key → message, like $error.body.errors from a 422 answer"),
        ], summary: "shows messages under the components they name, like validation messages; the result holds the ones no component took") { context in
            .object(context.session.showErrors(try context.value("errors")))
        },
    ]
}
