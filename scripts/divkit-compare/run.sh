#!/usr/bin/env bash
# Compiling expressions: Formwork against DivKit's Swift expression parser, side by side in one
# process (README's Performance section, "compiling the 30-term sum" and the two pages).
#
#   scripts/divkit-compare/run.sh            build, then count instructions and time
#   ROUNDS=15 scripts/divkit-compare/run.sh  more timed rounds (7 by default)
#   DIVKIT_GIT=/path/to/divkit-ios(.git)     a local copy instead of cloning from GitHub
#   SKIP_BUILD=1                             use the release build already in .build/release
#   RELEASE=/path/to/.build/release          another release build's folder (another checkout's)
#   PER=1                                    also each expression's count alone, most first
#
# What it does, from the package folder:
#   1. the release build of Formwork (`swift build -c release --product formwork`), whose objects
#      the harness links;
#   2. DivKit's expression files from github.com/divkit/divkit-ios at $DIVKIT_COMMIT (cloned into
#      a temporary folder; nothing of DivKit is kept in this repository): CalcExpression.swift,
#      CalcExpressionSymbol.swift, ExpressionLink.swift, ExpressionError.swift, with
#      `import VGSL`/`import Serialization` removed, and the few names they use from elsewhere
#      stubbed (stubs below: an ExpressionContext that is never evaluated, AnyValueValidator,
#      the error formatters) plus DivKit's own `ExpressionValueConverter.unescape`, cut from its
#      file; with DivKitSide.swift (the harness's entry point) compiled by
#      `swiftc -O -wmo -module-name DivKit` into one object;
#   3. main.swift, compiled with `swiftc -O` and linked with that object and
#      .build/release/Formwork.build/*.o;
#   4. per case (the 30-term sum, every expression and template of perf/pages/cashier-settings.json
#      and perf/pages/order.json that both accept, written in DivKit's syntax for DivKit), the
#      instructions of compiling the set once with each (callgrind, --toggle-collect on the
#      measured function, after one untimed run), then interleaved timed rounds.
set -euo pipefail
cd "$(dirname "$0")/../.."
here=scripts/divkit-compare
DIVKIT_COMMIT=${DIVKIT_COMMIT:-fe37d90}
ROUNDS=${ROUNDS:-7}
work=${WORK:-$(mktemp -d "${TMPDIR:-/tmp}/divkit-compare.XXXXXX")}
mkdir -p "$work/divkit" "$work/out"
echo "working in $work"

if [[ -n "${RELEASE:-}" ]]; then
  release=$RELEASE
else
  if [[ -z "${SKIP_BUILD:-}" ]]; then
    echo "building Formwork (release)…"
    swift build -c release --product formwork >/dev/null
  fi
  release=$(swift build -c release --show-bin-path)
fi

# DivKit's files, at the pinned commit.
if [[ -n "${DIVKIT_GIT:-}" ]]; then
  repo=$DIVKIT_GIT
else
  repo=$work/divkit-ios
  if [[ ! -d "$repo" ]]; then
    git clone --quiet --filter=blob:none --no-checkout https://github.com/divkit/divkit-ios.git "$repo"
  fi
fi
show() { git -C "$repo" show "$DIVKIT_COMMIT:DivKit/Expressions/$1"; }
for file in CalcExpression/CalcExpression.swift CalcExpression/CalcExpressionSymbol.swift ExpressionLink.swift ExpressionError.swift; do
  show "$file" | sed -e '/^import VGSL$/d' -e '/^import Serialization$/d' > "$work/divkit/$(basename "$file")"
done
{
  echo "import Foundation"
  echo "enum ExpressionValueConverter {"
  show ExpressionValueConverter.swift | awk '/static func unescape\(/ { p = 1 } p { print } p && /^  }$/ { exit }'
  echo "}"
} > "$work/divkit/Unescape.swift"
cat > "$work/divkit/Stubs.swift" <<'EOF'
// The names DivKit's expression files take from VGSL and the rest of DivKit, reduced to what
// parsing needs (the harness never evaluates).
import Foundation

public typealias ExpressionErrorTracker = (ExpressionError) -> Void

protocol Function {
  func invoke(args: [Subexpression], context: ExpressionContext) throws -> Any
}

struct ExpressionContext {
  let evaluators: (CalcExpression.Symbol) -> Function?
  let dynamicVariablesEvaluator: (CalcExpression.Symbol) -> Function?
}

public struct AnyValueValidator<T>: Sendable {}

func formatArgForError(_ value: Any) -> String { "\(value)" }
func formatTypeForError(_ value: Any) -> String { "\(type(of: value))" }
EOF
cp "$here/DivKitSide.swift" "$work/divkit/"

echo "compiling DivKit's parser and the harness…"
swiftc -O -wmo -parse-as-library -module-name DivKit -emit-module -emit-module-path "$work/out/DivKit.swiftmodule" \
  -c "$work"/divkit/*.swift -o "$work/out/DivKit.o"
swiftc -O -I "$work/out" -I "$release/Modules" "$here/main.swift" "$work/out/DivKit.o" "$release"/Formwork.build/*.o \
  -o "$work/harness"

echo
echo "cases (expressions both accept / all the page has):"
"$work/harness" list | while read -r name kept all; do echo "  $name: $kept of $all"; done

echo
echo "instructions (callgrind, compiling the set once, after one untimed run):"
count() {
  valgrind --tool=callgrind --collect-atstart=no --toggle-collect="measure_$2" \
    --callgrind-out-file="$work/cg.$1.$2" "$work/harness" measure "$1" "$2" >/dev/null 2>"$work/valgrind.log"
  # The totals line: "summary: N" in callgrind's output.
  awk '/^summary:/ { print $2 }' "$work/cg.$1.$2"
}
"$work/harness" list | while read -r name kept all; do
  f=$(count "$name" formwork)
  d=$(count "$name" divkit)
  awk -v n="$name" -v f="$f" -v d="$d" 'BEGIN { printf "  %-8s Formwork %9d   DivKit %9d   DivKit %.2f× Formwork\n", n, f, d, d / f }'
done

if [[ -n "${PER:-}" ]]; then
  echo
  echo "each expression alone (Formwork's instructions, most first; the harness's \`one CASE PLACE\`):"
  "$work/harness" list | while read -r name kept all; do
    for ((place = 0; place < kept; place++)); do
      valgrind --tool=callgrind --collect-atstart=no --toggle-collect=measure_formwork \
        --callgrind-out-file="$work/cg.one" "$work/harness" one "$name" "$place" >/dev/null 2>"$work/valgrind.log"
      source=$("$work/harness" dump "$name" | sed -n "$((place + 1))p" | cut -f2)
      printf '%s\t%s\t%s\t%s\n' "$(awk '/^summary:/ { print $2 }' "$work/cg.one")" "$name" "$place" "$source"
    done
  done | sort -t "$(printf '\t')" -k1,1nr | awk -F '\t' '{ printf "  %8d  %-8s %3d  %s\n", $1, $2, $3, $4 }'
fi

echo
echo "time ($ROUNDS interleaved rounds; a shared machine moves these by 20–50%):"
"$work/harness" time "$ROUNDS" | sed 's/^/  /'
echo
echo "profiles: callgrind_annotate --inclusive=yes $work/cg.CASE.ENGINE"
