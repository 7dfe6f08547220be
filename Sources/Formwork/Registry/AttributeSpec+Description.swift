extension AttributeSpec {
    /// The attribute as a registry file describes it: name, type, and when set default,
    /// required, twoWay, role and summary.
    ///
    /// What editors show for an attribute, written by the same code as `Registry.descriptionValue`.
    ///
    /// ```swift
    /// AttributeSpec("keyboard", .string, default: "default").descriptionValue.jsonText
    /// // {"name":"keyboard","type":"string","default":"default"}
    /// ```
    public var descriptionValue: PageValue { RegistryCoding.value(of: self) }
}
