/// Registers every built-in type, through the same `register` calls a host uses.
enum BuiltIns {
    static func register(in registry: inout Registry) {
        for type in BuiltInComponents.all { registry.register(type) }
        for type in ChoiceComponents.all + [FileInput.type] { registry.register(type.stating(BuiltInComponents.accessibility[type.id])) }
        for type in StoreActions.all + RequestActions.all + UploadAction.all + PresentationActions.all + NavigationActions.all + FlowActions.all + BlockActions.all + DraftActions.all {
            registry.register(type)
        }
        for type in BuiltInValidations.all + ChecksumValidations.all + ChoiceValidations.all { registry.register(type) }
        registry.register(AttachmentValidation.type)
        for type in BuiltInErrorHandlers.all { registry.register(type) }
    }
}
