import Foundation

/// Why publishing, resolving or syncing pages failed. Each description names the file or URL
/// and says what to do.
///
/// ```swift
/// print(DeliveryError.unknownPage(id: "dish-edt", available: ["dish-edit", "menu"]))
/// // no page 'dish-edt' in the bundled pages or the cache. Did you mean 'dish-edit'? Available: dish-edit, menu
/// ```
public enum DeliveryError: Error, Sendable, Equatable, CustomStringConvertible {
    /// A file or folder couldn't be read.
    case unreadable(path: String, reason: String)
    /// A file or folder couldn't be written.
    case unwritable(path: String, reason: String)
    /// A page file whose header (`page`, `version`, `minEngineVersion`) is missing or wrong.
    case invalidPage(file: String, reason: String)
    /// `pack` found errors; one line per problem, each starting with the file name.
    case pagesRejected([String])
    /// A manifest that isn't valid: `source` is its path or URL.
    case invalidManifest(source: String, reason: String)
    /// A download that didn't complete: the manifest itself.
    case download(url: String, reason: String)
    /// No page with this id anywhere the repository looks.
    case unknownPage(id: String, available: [String])
    /// Another sync is updating this cache folder right now; nothing was done.
    case cacheBusy(path: String)

    /// What went wrong, naming the file, URL or page, and what to check.
    public var description: String {
        switch self {
        case .unreadable(let path, let reason):
            return "can't read '\(path)': \(reason). Check that it exists and is readable."
        case .unwritable(let path, let reason):
            return "can't write '\(path)': \(reason). Check that the folder exists, is writable and the disk isn't full."
        case .invalidPage(let file, let reason):
            return "\(file): \(reason)"
        case .pagesRejected(let problems):
            let count = problems.count == 1 ? "the problem" : "the \(problems.count) problems"
            return problems.joined(separator: "\n") + "\nnothing was packed: fix \(count) above and run pack again."
        case .invalidManifest(let source, let reason):
            return "the manifest at \(source) is not valid: \(reason). Publish it again with 'formwork pack'."
        case .download(let url, let reason):
            return "couldn't download \(url): \(reason)"
        case .cacheBusy(let path):
            return "another sync is updating the cache '\(path)' right now; wait for it to finish, then sync again if you still need to."
        case .unknownPage(let id, let available):
            var text = "no page '\(id)' in the bundled pages or the cache."
            if let near = Suggestions.nearest(to: id, in: available) { text += " Did you mean '\(near)'?" }
            text += available.isEmpty ? " There are no pages at all: check the bundled folder." : " Available: " + available.joined(separator: ", ")
            return text
        }
    }
}
