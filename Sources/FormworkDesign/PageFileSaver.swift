import Foundation
import Formwork

/// Saves an edited page over its file without losing anything: only the JSON that changed gets
/// new text (`PreservingJSONWriter`), the file is replaced atomically, and a file changed on disk
/// since the editor read it is never overwritten unless the editor says it read that change.
///
/// ```swift
/// let opened = PageFileSnapshot.read(file)
/// // … the person edits; meanwhile someone else saves the file …
/// switch try PageFileSaver.save(edited, to: file, base: opened.revision) {
/// case .saved(let now, let changed): print(now.revision, changed)
/// case .conflict(let disk): print("changed on disk:", disk.revision)   // ask which to keep
/// }
/// ```
public enum PageFileSaver {
    /// What a save did.
    public enum Outcome: Sendable, Equatable {
        /// The file now holds the document (`changed` false: it already did, nothing was written).
        case saved(PageFileSnapshot, changed: Bool)
        /// The file is no longer the revision the editor read; nothing was written. Save again
        /// with the disk's revision as `base` to keep the editor's version.
        case conflict(disk: PageFileSnapshot)
    }

    /// Writes `document` to `url` if the file is still at revision `base`.
    ///
    /// - Parameters:
    ///   - document: the page as the editor has it.
    ///   - url: the page file.
    ///   - base: the revision the editor read (`PageFileSnapshot.revision`), or
    ///     `PageFileSnapshot.missing` for a file it creates.
    /// - Throws: `AtomicFile.Failure` when the file can't be written (the old file is left whole).
    public static func save(_ document: PageValue, to url: URL, base: String) throws(AtomicFile.Failure) -> Outcome {
        let disk = PageFileSnapshot.read(url)
        guard disk.revision == base else { return .conflict(disk: disk) }
        let bytes = PreservingJSONWriter.rewrite(disk.bytes ?? [], to: document)
        guard bytes != disk.bytes else { return .saved(disk, changed: false) }
        try AtomicFile.write(Data(bytes), to: url)
        return .saved(PageFileSnapshot(bytes: bytes), changed: true)
    }
}
