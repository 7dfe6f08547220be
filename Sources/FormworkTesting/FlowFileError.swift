/// A flow file that can't be read: bad JSON, an unknown step, a value of the wrong type. Names
/// the file, the line and column, and the JSON path of the bad part.
///
/// ```
/// pages/dish-edit.flow.json:14:7: steps[3]: unknown step 'tapp'; did you mean 'tap'?
/// ```
public struct FlowFileError: Error, Sendable, CustomStringConvertible {
    /// The flow file.
    public let file: String
    /// The line of the bad part, from 1, when known.
    public let line: Int?
    /// The column of the bad part, from 1, when known.
    public let column: Int?
    /// The JSON path of the bad part, like `steps[3].set`; empty for the whole file.
    public let path: String
    /// What is wrong, for the flow's author.
    public let message: String

    /// An error in `file` at `path` (and `line`:`column` when known).
    public init(file: String, line: Int? = nil, column: Int? = nil, path: String, message: String) {
        self.file = file
        self.line = line
        self.column = column
        self.path = path
        self.message = message
    }

    /// `file:line:column: path: message`.
    public var description: String {
        var text = file
        if let line, let column { text += ":\(line):\(column)" }
        text += ": "
        if !path.isEmpty { text += path + ": " }
        return text + message
    }

    /// A problem at a JSON path, before the file and position are attached.
    public struct Problem: Error, Sendable {
        /// The JSON path of the bad part.
        public let path: String
        /// What is wrong.
        public let message: String

        /// A problem at `path`.
        public init(_ path: String, _ message: String) {
            self.path = path
            self.message = message
        }
    }
}
