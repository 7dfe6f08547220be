import Foundation

/// Attachments: the files `file` inputs hold, named in pages by id (Grammar.md 2.21).
extension PageEngine {
    /// The attachment with `id` (a `file` input's value holds `{"id": …}`), or nil when this
    /// engine doesn't know it. A host shows a thumbnail (`attachment:ID`) from `file`.
    ///
    /// ```swift
    /// if let receipt = engine.attachment("att-…") { imageView.image = UIImage(contentsOfFile: receipt.file.path) }
    /// ```
    public func attachment(_ id: String) -> Attachment? {
        let id = id.hasPrefix(Attachment.thumbnailScheme) ? String(id.dropFirst(Attachment.thumbnailScheme.count)) : id
        return attachments[id]
    }

    /// Adds a file to the engine's attachments, as a `file` input does with what the picker chose,
    /// and returns it (its `pageValue` is what a page holds); nil when the file can't be read.
    public func attach(_ picked: PickedFile) -> Attachment? {
        attachments.add(file: picked.file, name: picked.name, type: picked.type)
    }
}
