extension PageDiagnostic {
    /// The diagnostic with its file, line and column: in the page, or — for a node that came
    /// from a library's block or chain (its path starts `<shop-kit>`) — in that library's file,
    /// with the marker taken off the path.
    func located(file: String?, locations: JSONReader.Document?, libraries: [BlockLibrary]) -> PageDiagnostic {
        var path = self.path
        var file = file, locations = locations
        if path.hasPrefix("<"), let close = path.firstIndex(of: ">") {
            let id = String(path[path.index(after: path.startIndex)..<close])
            if let library = libraries.first(where: { $0.id == id }) {
                path = String(path[path.index(after: close)...])
                file = library.file ?? "\(id).json"
                locations = library.locations
            }
        }
        var d = PageDiagnostic(severity, code: code, path: path, message, expressionError: expressionError)
        d.file = self.file ?? file
        d.line = line
        d.column = column
        if d.line == nil, let location = locations?.location(of: path) ?? locations?.location(of: PageChecker.parentPath(path)) {
            d.line = location.line
            d.column = location.column
        }
        return d
    }
}
