import Foundation

/// `PageRepository` is a `PageSource`, so `push` and `PageEngine.open(pageID:)` open the newest
/// verified copy of a page: the cached one when it qualifies, else the bundled one.
///
/// ```swift
/// let repository = PageRepository(bundled: bundledPages, cache: cachedPages) { line in logger.warning("\(line)") }
/// let engine = PageEngine(host: host, pages: repository)
/// let session = try engine.open(pageID: "dish-edit")   // dish-edit v4 from the cache
/// ```
///
/// Each call resolves again and reads the bytes once, so a page opened after a sync gets the new
/// version while pages already open keep theirs. Why a cached copy was passed over goes to the
/// repository's `report` closure.
extension PageRepository: PageSource {
    /// The bytes of the best copy of page `id`, and the file they came from.
    public func page(_ id: String) throws -> (bytes: [UInt8], file: String?) {
        let resolved: ResolvedPage
        do {
            resolved = try resolve(id)
        } catch {
            throw PageError(.error("page", "", error.description))
        }
        return (Array(resolved.data), resolved.url.path)
    }
}
