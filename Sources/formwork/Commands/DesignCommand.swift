import Foundation
import Formwork
import FormworkDesign
import FormworkStudio

/// `formwork design [DIR] [--port N] [--publish-to DIR] [preview's options]`
struct DesignCommand: CLICommand {
    static let name = "design"
    static let abstract = "Build and change pages in a browser from the app's blocks, with no JSON by hand."
    static let help = """
        USAGE: formwork design [DIR] [--port N] [--publish-to DIR] [--api-stub FILE] [--api-base URL] [--global FILE] [--locale TAG] [--registry FILE]

        Opens a page editor for the pages in DIR (default: the current folder) on this computer
        only, at http://127.0.0.1:PORT/. Open that address in a browser, pick a page or make a
        new one, and compose it:

          Palette     every component, action, validation and error handler the app has (its
                      registry file's own types too), and the blocks of the page's libraries;
                      search it, drag an entry into the tree, or press Enter on it.
          Tree        the page's components: drag to move them into sections, groups, lists and
                      status states; copy, paste, duplicate, delete (Ctrl-C, Ctrl-V, Ctrl-D, Delete).
          Properties  a form for the selected node, made from its type's attributes: each one a
                      literal, an expression or a template; expressions are checked as you type.
          Chains      what happens on each event (onTap, onChange, loaded, …), as lists of actions.
          Page        id, version, title, params (with values to try the page with), data,
                      computed values, and the texts of every language.

        Beside the tree the page runs live, in the same engine an app uses, and follows every
        edit. The problems list shows what 'formwork check' finds after each edit. Ctrl-Z and
        Ctrl-Shift-Z undo and redo; Ctrl-S saves. Saving changes only the JSON you changed (an
        unchanged page is saved byte for byte as it was), and never overwrites a change someone
        made to the file meanwhile: the editor asks which to keep.

        Publish checks every page, runs every flow (*.flow.json) in DIR, gives each page that
        changed since the last publish the next version, and writes the folder to publish as
        'formwork pack' does. It refuses while a page has an error or a flow fails.

        OPTIONS:
          --port N            the port to listen on (default 8080; 0 picks a free one)
          --publish-to DIR    where Publish writes the pages and manifest.json
                              (default: a folder named published beside DIR)
          --api-stub FILE     canned answers for the live page's requests, as preview takes them
          --api-base URL      send requests no stub answers to this server
          --global FILE       $global to start with, from a JSON file
        \(PageOptions.localeHelp)
        \(RegistryOption.help)
                              Its types appear in the palette with their attributes.

        EXAMPLE:
          formwork design pages --api-stub stubs.json
          Designing 5 pages from pages at http://127.0.0.1:8080/
          Publish writes to published. Ctrl-C stops.
        """

    let options: PreviewOptions
    let publishTo: String?

    init(_ arguments: inout ArgumentScanner) throws(UsageError) {
        publishTo = try arguments.option("publish-to")
        options = try PreviewOptions(&arguments, what: "design")
    }

    /// Where Publish writes: `--publish-to`, else `published` beside the folder.
    var publishFolder: URL {
        if let publishTo { return URL(fileURLWithPath: publishTo) }
        return URL(fileURLWithPath: options.folder).standardizedFileURL.deletingLastPathComponent().appendingPathComponent("published")
    }

    func run() async -> Int32 {
        let preview: PreviewWorkspace
        do {
            preview = try options.makeWorkspace()
        } catch {
            Console.error("error: \(error.message)")
            return ExitCode.failure
        }
        let published = publishFolder
        if published.standardizedFileURL.path == URL(fileURLWithPath: preview.folder.root).standardizedFileURL.path {
            Console.error("error: --publish-to can't be the folder of pages itself; publish to another folder, like --publish-to site/pages")
            return ExitCode.failure
        }
        let workspace = DesignWorkspace(preview: preview, publishFolder: published)
        let routes = DesignRoutes(workspace: workspace, preview: PreviewRoutes(workspace: preview, folder: preview.folder, limits: preview.limits))
        return await options.serve(preview, handler: routes.respond, stopped: "Stopped the editor.") { port in
            let count = preview.folder.pageFiles().count
            Console.out("Designing \(count) page\(count == 1 ? "" : "s") from \(options.folder) at http://127.0.0.1:\(port)/")
            Console.out("Publish writes to \(publishTo ?? published.path). Ctrl-C stops.")
        }
    }
}
