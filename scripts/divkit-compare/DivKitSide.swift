// Compiled into the DivKit module beside DivKit's own files (its types are internal): what the
// harness calls, one public function per way of compiling. Part of the harness, not of DivKit.

/// Parses each source as DivKit does when it reads a page: an expression with
/// `CalcExpression.parse` and its variable names; a template (text with `@{…}` parts) as an
/// `ExpressionLink` (split, parse each part, collect names). Returns how many it accepted and
/// how many variable names it found (so nothing can be optimized away).
@inline(never)
public func divkitCompile(_ sources: [String], templates: [Bool]) -> (accepted: Int, names: Int) {
  var accepted = 0, names = 0
  for (index, source) in sources.enumerated() {
    if templates[index] {
      if let link = ExpressionLink<String>(rawValue: source) {
        accepted += 1
        names += link.variablesNames.count
      }
    } else if let expression = try? CalcExpression.parse(source) {
      accepted += 1
      names += expression.variableNames.count
    }
  }
  return (accepted, names)
}

/// Whether DivKit accepts one source (an expression, or a template when `template`).
public func divkitAccepts(_ source: String, template: Bool) -> Bool {
  divkitCompile([source], templates: [template]).accepted == 1
}
