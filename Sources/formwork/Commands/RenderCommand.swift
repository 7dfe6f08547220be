import Foundation
import Formwork

/// `formwork render PAGE.json [--param k=v]… [--params FILE] [--global FILE] [--pages DIR] [--format text|json] [--a11y]`
struct RenderCommand: CLICommand {
    static let name = "render"
    static let abstract = "Print a page's component tree after `loaded`, for snapshots."
    static let help = """
        USAGE: formwork render PAGE.json [--param KEY=VALUE]... [--params FILE] [--global FILE] [--locale TAG] [--pages DIR] [--registry FILE] [--format text|json] [--a11y]

        Opens the page headlessly (no network: requests fail, pickers are cancelled), runs
        `loaded`, and prints the form as text or the component tree as JSON. The app's own
        components (from its registry file) are drawn by their title and value; its actions pass
        $result on.

        OPTIONS:
          --param KEY=VALUE   a $param; VALUE is the text as typed for a param declared "string",
                              else JSON when it parses as JSON, else the text
          --params FILE       $param from a JSON file (--param values go on top)
          --global FILE       $global from a JSON file
        \(PageOptions.localeHelp)
          --pages DIR         where pushed page ids are found (default: the page's folder)
          --format text|json  text (default) draws the form; json prints the tree
          --a11y              prints the page as a screen reader reads it: one line per
                              element in reading order (role, name, value, state, hint, error)
        \(RegistryOption.help)
        """

    let file: String
    let options: PageOptions
    let pagesDirectory: String?
    let json: Bool
    let a11y: Bool
    let registryOption: RegistryOption

    init(_ arguments: inout ArgumentScanner) throws(UsageError) {
        options = try PageOptions(&arguments)
        registryOption = try RegistryOption(&arguments)
        pagesDirectory = try arguments.option("pages")
        let format = try arguments.option("format") ?? "text"
        guard format == "text" || format == "json" else { throw UsageError("--format must be text or json") }
        json = format == "json"
        a11y = arguments.flag("a11y")
        if a11y, json { throw UsageError("--a11y prints text; leave out --format json (its tree has each component's \"accessibility\")") }
        let positionals = arguments.positionals()
        guard positionals.count == 1, let file = positionals.first else { throw UsageError("give one page file to render") }
        self.file = file
    }

    func run() async -> Int32 {
        do {
            let registry = try registryOption.load(near: [file]).registry
            let document = try PageOptions.loadDocument(file, registry: registry)
            let params = try options.paramValue(for: document)
            let globals = try options.globalValue()
            let directory = URL(fileURLWithPath: pagesDirectory ?? (file as NSString).deletingLastPathComponent)
            let host = PageHost(languages: options.languages, report: { report in
                if case .diagnostic(let diagnostic) = report { Console.error(diagnostic.rendered) }
            })
            let engine = PageEngine(registry: registry, host: host, globals: GlobalStore(globals), pages: DirectoryPageSource(directory: directory), limits: CLILimits.standard)
            let session = try engine.open(document, params: params)
            await session.waitUntilIdle()
            Console.out(json ? PageTextRenderer.json(session).prettyJSONText : a11y ? PageA11yRenderer.render(session) : PageTextRenderer.render(session))
            session.close()
            return ExitCode.success
        } catch let error as CLIFailure {
            Console.error("error: " + error.message)
        } catch let error as PageError {
            Console.error(error.description)
        } catch {
            Console.error("error: \(error)")
        }
        return ExitCode.failure
    }
}
