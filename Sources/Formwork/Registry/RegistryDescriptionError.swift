/// A registry file that can't be read: where (file, line, column, JSON path) and what to do.
///
/// ```
/// app.registry.json:12:9: actions[2].attributes[0].type: unknown attribute type 'text'; use one of string, int, number, bool, array, object, any, actions, chains, components
/// ```
public struct RegistryDescriptionError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The file or other source the description came from.
    public let source: String
    /// The line of the problem, from 1, when known.
    public let line: Int?
    /// The column of the problem, from 1, when known.
    public let column: Int?
    /// The JSON path of the problem, like `actions[2].attributes[0].type`; empty for the whole file.
    public let path: String
    /// What is wrong and what to do.
    public let message: String

    /// An error in `source` at `path` (and `line`:`column` when known).
    public init(source: String, line: Int? = nil, column: Int? = nil, path: String, message: String) {
        self.source = source
        self.line = line
        self.column = column
        self.path = path
        self.message = message
    }

    /// `source:line:column: path: message`.
    public var description: String {
        let at = line.map { ":\($0)" + (column.map { ":\($0)" } ?? "") } ?? ""
        return "\(source)\(at): " + (path.isEmpty ? "" : path + ": ") + message
    }

    /// A problem at a JSON path, before the file and position are added.
    struct Problem: Error {
        let path: String
        let message: String
        init(_ path: String, _ message: String) {
            self.path = path
            self.message = message
        }
    }
}
