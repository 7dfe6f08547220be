import Foundation
import Formwork
import FormworkStudio

/// Where the CLI writes: stdout for results, stderr for diagnostics.
enum Console {
    static func out(_ text: String) {
        FileHandle.standardOutput.write(Data((text + "\n").utf8))
    }

    static func error(_ text: String) {
        FileHandle.standardError.write(Data((text + "\n").utf8))
    }

}

/// Reading the files a command is given (`ToolFile`, shared with the preview and the editor).
typealias CLIFile = ToolFile
