import Formwork
import FuzzSupport

// Registry file bytes → RegistryDescription → Registry. Holds for every input: a description
// that builds a registry, or an error with a message.
FuzzDriver.run { data, size in
    let bytes = FuzzDriver.bytes(data, size)
    do {
        let description = try RegistryDescription(bytes: bytes, source: "fuzz.registry.json")
        let registry = description.registry()
        _ = registry
    } catch {
        expect(!"\(error)".isEmpty, "a registry error without a message")
    }
    return 0
}
