import Foundation

/// Presents the system's file picker for a `file` input (camera, photo library or files) and hands
/// back the chosen files by URL: the engine never holds their bytes in memory.
///
/// A host sets `PageHost.filePicker`; without one, tapping a `file` input does nothing but say so
/// in the trace. Headless hosts and flows use `FolderFilePicker`, which answers from a folder.
///
/// ```swift
/// final class PhotoPicker: PageFilePicker {
///     func pickFiles(_ request: FilePickRequest) async -> [PickedFile] {
///         // show PHPickerViewController (request.source == .library), copy the result to a
///         // file the app owns, and return it:
///         [PickedFile(file: copiedURL, name: "IMG_0042.jpg", type: "image/jpeg")]
///     }
/// }
/// ```
///
/// The file must stay readable while a page may upload it (until the page closes, or, with a
/// draft, until the draft's copy is made).
@MainActor
public protocol PageFilePicker: AnyObject {
    /// Lets the person choose files; returns them, or an empty array when they cancel.
    func pickFiles(_ request: FilePickRequest) async -> [PickedFile]
}

/// What a `file` input asks the picker for.
public struct FilePickRequest: Sendable, Equatable {
    /// Where the files come from.
    public enum Source: String, Sendable, Equatable, CaseIterable {
        /// The camera: take a photo now.
        case camera
        /// The photo library.
        case library
        /// Any file (a document picker).
        case files
    }

    /// The input's title, to show with the picker.
    public let title: String
    /// Where to pick from.
    public let source: Source
    /// Media types (`image/jpeg`), families (`image/*`) or extensions (`.pdf`) the input takes;
    /// empty for any.
    public let accept: [String]
    /// How many more files the input takes.
    public let maxCount: Int

    /// A request for at most `maxCount` files of the `accept` types from `source`.
    public init(title: String, source: Source, accept: [String], maxCount: Int) {
        self.title = title
        self.source = source
        self.accept = accept
        self.maxCount = maxCount
    }
}

/// One file the person chose.
public struct PickedFile: Sendable, Equatable {
    /// A file URL the engine may read until the page closes.
    public let file: URL
    /// The name to show and send; the URL's last component when nil.
    public let name: String?
    /// The media type; guessed from the name's extension when nil.
    public let type: String?

    /// The file at `file`, shown as `name`, of media type `type`.
    public init(file: URL, name: String? = nil, type: String? = nil) {
        self.file = file
        self.name = name
        self.type = type
    }
}

/// A picker for headless hosts, tests and flows: it answers with files from a folder, named ahead
/// of time with `answer(_:)`. With nothing queued it cancels.
///
/// ```swift
/// let picker = FolderFilePicker(folder: URL(fileURLWithPath: "pages/fixtures"))
/// picker.answer(["receipt.jpg"])     // the next pick chooses pages/fixtures/receipt.jpg
/// host.filePicker = picker
/// ```
@MainActor
public final class FolderFilePicker: PageFilePicker {
    /// Where relative names are looked up.
    public let folder: URL
    private var queued: [[String]] = []
    /// Every request made, in order.
    public private(set) var requests: [FilePickRequest] = []

    /// A picker answering with files in `folder`.
    public init(folder: URL) { self.folder = folder }

    /// Queues the answer to the next pick: file names (relative to `folder`) or absolute paths.
    public func answer(_ names: [String]) { queued.append(names) }

    /// The queued answer, or none (cancelled).
    public func pickFiles(_ request: FilePickRequest) async -> [PickedFile] {
        requests.append(request)
        guard !queued.isEmpty else { return [] }
        return queued.removeFirst().map { name in
            PickedFile(file: name.hasPrefix("/") ? URL(fileURLWithPath: name) : folder.appendingPathComponent(name))
        }
    }
}
