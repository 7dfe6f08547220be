import Foundation
import Formwork
import PreviewHTTP
import FormworkTesting
import FormworkStudio

/// `formwork preview [DIR] [--port N] [--api-stub FILE] [--api-base URL] [--global FILE] [--locale TAG] [--registry FILE]`
struct PreviewCommand: CLICommand {
    static let name = "preview"
    static let abstract = "See and use pages in a browser while you write them; saving reloads."
    static let help = """
        USAGE: formwork preview [DIR] [--port N] [--api-stub FILE] [--api-base URL] [--global FILE] [--locale TAG] [--registry FILE]

        Serves the pages in DIR (default: the current folder) on this computer only, at
        http://127.0.0.1:PORT/. Open that address in a browser: it lists the pages; open one to
        see it drawn as a real form and use it. The page runs here, in the same engine an app
        uses: typing, taps, pickers, confirmations, alerts and toasts, push and back all work,
        and a side panel shows $data, $global, $param, the requests sent and the trace, live.

        Save the page file and the browser shows the new version within a second, keeping what
        you typed where the page's data still has room for it. A page with errors shows them
        (file:line:column, the JSON path, the message) until the next good save.

        A page's params come from the address: /preview/dish-edit.json?dishId=42 (the list has a
        field for each). Ctrl-C stops the preview.

        OPTIONS:
          --port N            the port to listen on (default 8080; 0 picks a free one)
          --api-stub FILE     canned answers, as `formwork run` takes them:
                              {"POST /api/dishes": {"status": 201, "body": {…}}, "GET /api/x": […]}
                              (re-read when saved; a request no stub answers fails, naming it)
          --api-base URL      send requests no stub answers to this server (its host is allowed)
          --global FILE       $global to start with, from a JSON file (shared by every page)
        \(PageOptions.localeHelp)
        \(RegistryOption.help)
                              The app's own actions and functions answer from the --api-stub file
                              ("action analytics": {"result": …}); its components are drawn plainly.

        EXAMPLE:
          formwork preview pages --api-stub stubs.json
          Previewing 5 pages from pages at http://127.0.0.1:8080/
          Save a page and the browser follows. Ctrl-C stops.
        """

    let options: PreviewOptions

    init(_ arguments: inout ArgumentScanner) throws(UsageError) {
        options = try PreviewOptions(&arguments, what: "preview")
    }

    func run() async -> Int32 {
        let workspace: PreviewWorkspace
        do {
            workspace = try options.makeWorkspace()
        } catch {
            Console.error("error: \(error.message)")
            return ExitCode.failure
        }
        let routes = PreviewRoutes(workspace: workspace, folder: workspace.folder, limits: workspace.limits)
        return await options.serve(workspace, handler: routes.respond, stopped: "Stopped the preview.") { port in
            let count = workspace.folder.pageFiles().count
            Console.out("Previewing \(count) page\(count == 1 ? "" : "s") from \(options.folder) at http://127.0.0.1:\(port)/")
            Console.out("Save a page and the browser follows. Ctrl-C stops.")
        }
    }
}
