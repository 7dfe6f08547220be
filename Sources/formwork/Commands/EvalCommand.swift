import Formwork

/// `formwork eval 'EXPR' [--data JSON] [--global JSON] [--param JSON] [--deps] [--template]`
struct EvalCommand: CLICommand {
    static let name = "eval"
    static let abstract = "Evaluate one expression and print the result as JSON."
    static let help = """
        USAGE: formwork eval 'EXPRESSION' [--data JSON] [--global JSON] [--param JSON] [--deps] [--template]

        Prints the result as one line of JSON. On an error, prints where it is and exits 1.

        OPTIONS:
          --data JSON     the $data store (default null)
          --global JSON   the $global store
          --param JSON    the $param store
          --deps          print the store paths the expression reads and whether it binds two-way
          --template      treat the text as a template: "Hello ${$data.name}"

        EXAMPLE:
          formwork eval '$data.price * $data.qty' --data '{"price": 12.5, "qty": 2}'
          25.0
        """

    let source: String
    let stores: [(name: String, json: String?)]
    let showDependencies: Bool
    let isTemplate: Bool

    init(_ arguments: inout ArgumentScanner) throws(UsageError) {
        stores = [("data", try arguments.option("data")), ("global", try arguments.option("global")), ("param", try arguments.option("param"))]
        showDependencies = arguments.flag("deps")
        isTemplate = arguments.flag("template")
        let positionals = arguments.positionals()
        guard positionals.count == 1, let source = positionals.first else {
            throw UsageError(positionals.isEmpty ? "give the expression to evaluate, in single quotes" : "give exactly one expression (quote it so the shell keeps it whole)")
        }
        self.source = source
    }

    func run() async -> Int32 {
        var values: [String: PageValue] = [:]
        for store in stores {
            guard let json = store.json else { continue }
            do {
                values[store.name] = try PageValue(json: json)
            } catch {
                Console.error("error: --\(store.name) is not valid JSON: \(error)")
                return ExitCode.failure
            }
        }
        do {
            let compiled = isTemplate ? try CompiledExpression(template: source, functions: .standard) : try CompiledExpression(source, functions: .standard)
            if showDependencies {
                Console.out("dependencies: " + (compiled.dependencies.isEmpty ? "(none)" : compiled.dependencies.map(\.description).joined(separator: ", ")))
                Console.out("assignable: " + (compiled.assignablePath.map { "yes (\($0))" } ?? "no"))
                return ExitCode.success
            }
            let scope = ExpressionScope(data: values["data"] ?? .null, global: values["global"] ?? .null, param: values["param"] ?? .null)
            Console.out(try compiled.evaluate(in: scope).jsonText)
            return ExitCode.success
        } catch {
            Console.error(error.rendered)
            return ExitCode.failure
        }
    }
}
