#!/usr/bin/env bash
# The browser tests: drive `formwork preview pages` and `formwork design` in headless Chromium
# (Debian's `chromium` package, installed here when it is missing) and check what a person would
# see. design_test.py builds a form in the editor from an empty page with the mouse and keyboard
# only; design_shell_test.py and design_fields_test.py go through the editor's panels; design_edit_test.py
# renames a key, keeps the last good page on an error and merges a disk change;
# choices_test.py fills the feedback page's rating, radio, checkboxes and slider. Screenshots
# only; design_shell_test.py and design_fields_test.py go through the editor's panels;
# translations_test.py translates a page with literals in the Translations view and through an
# exported XLIFF file. choices_test.py fills the feedback page's rating, radio, checkboxes and slider. Screenshots
# go to the folder given as the first argument (default .build/browser-test).
# only; design_shell_test.py and design_fields_test.py go through the editor's panels. a11y_test.py
# runs axe-core (fetched with pip into .build/axe the first time) on every example page and compares
# Chromium's accessibility tree with the engine's description. Screenshots go to the folder given
# as the first argument (default .build/browser-test).
# outbox_test.py turns the preview's network switch off and on around an order with "offline": "queue".
set -euo pipefail
cd "$(dirname "$0")/../.."
out="${1:-.build/browser-test}"

if ! command -v chromium >/dev/null 2>&1; then
  echo "browser test: installing chromium (Debian package)"
  sudo=""
  if [ "$(id -u)" != 0 ]; then sudo="sudo"; fi
  $sudo apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq chromium >/dev/null
fi

# The zh-Hans screenshot needs a font with Chinese characters (else they draw as empty boxes).
if command -v fc-list >/dev/null 2>&1 && [ -z "$(fc-list :lang=zh 2>/dev/null)" ]; then
  echo "browser test: installing a Chinese font (Debian package fonts-wqy-microhei)"
  sudo=""
  if [ "$(id -u)" != 0 ]; then sudo="sudo"; fi
  $sudo apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq fonts-wqy-microhei >/dev/null
fi

swift build --product formwork
python3 Tests/Browser/browser_test.py --formwork "$(swift build --show-bin-path)/formwork" \
  --pages pages --stubs Tests/Browser/stubs.json --out "$out"
bin="$(swift build --show-bin-path)/formwork"
python3 Tests/Browser/design_test.py --formwork "$bin" --out "$out"
python3 Tests/Browser/design_shell_test.py --formwork "$bin" --pages pages --out "$out/design-shell"
python3 Tests/Browser/design_fields_test.py --formwork "$bin" --pages pages --out "$out/design-fields"
python3 Tests/Browser/design_polish_test.py --formwork "$bin" --out "$out/design-polish"
python3 Tests/Browser/design_edit_test.py --formwork "$bin" --out "$out/design-edit"
python3 Tests/Browser/masks_test.py --formwork "$bin" --pages pages --stubs Tests/Browser/stubs.json --out "$out/masks"
python3 Tests/Browser/choices_test.py --formwork "$bin" --pages pages --out "$out/choices"
python3 Tests/Browser/a11y_test.py --formwork "$bin" --pages pages --stubs Tests/Browser/stubs.json --out "$out/a11y"
python3 Tests/Browser/files_test.py --formwork "$bin" --pages examples/files --stubs Tests/Browser/stubs.json --out "$out/files"
python3 Tests/Browser/translations_test.py --formwork "$bin" --out "$out/translations"
python3 Tests/Browser/outbox_test.py --formwork "$bin" --out "$out/outbox"
