"""Drives `formwork design` in headless Chromium with DevTools mouse clicks, wheel turns and key
presses (reading the page is fine) through the editor's smaller fixes of issue #32:

- a newly selected node's properties open scrolled to the top (its key visible);
- the live page shows one Language selector (the bar's), not its own as well;
- Undo still works after a publish that raised the page's version;
- `api`'s method is a menu of its values (GET POST PUT PATCH DELETE); a page's `"post"` (which the
  engine sends as POST) shows as POST, and the file keeps `post` until another method is picked;
- the live page in the editor has no Online switch (that is `formwork preview`'s);
- toasts come one at a time, above the problems panel, never over it;
- a new section's `attributes` and page `title` are saved where a person puts them (before
  `components`), every other line of the file kept;
- the condition builder writes `$data.age >= 18` and `!$data.contact`, reads a typed expression
  back, and leaves one it can't show as text; its controls are named.

    python3 Tests/Browser/design_polish_test.py --formwork .build/debug/formwork --out .build/design-polish
"""

import argparse
import difflib
import json
import os
import shutil
import sys
import tempfile

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from cdp import Chromium, CDPError  # noqa: E402
import editor  # noqa: E402

# A page of its own (no flows, so publishing is quick): a section without attributes, fields
# enough for the properties panel to scroll, texts in two languages and an api action.
PAGE = """{
  "page": "polish",
  "version": 1,
  "strings": {
    "en": { "name": "Name" },
    "de": { "name": "Name (de)" }
  },
  "data": { "name": "", "age": 20, "contact": false, "email": "", "visit": "first" },
  "components": [
    {
      "id": "section",
      "key": "about",
      "components": [
        { "id": "text-field", "key": "name", "attributes": { "title": { "text": "name" }, "value": { "expr": "$data.name" } } },
        { "id": "number-field", "key": "age", "attributes": { "title": "Age", "value": { "expr": "$data.age" } } },
        { "id": "switch", "key": "contact", "attributes": { "title": "Contact me", "value": { "expr": "$data.contact" } } },
        { "id": "text-field", "key": "email", "attributes": { "title": "Email", "value": { "expr": "$data.email" } } },
        { "id": "radio", "key": "visit", "attributes": { "title": "Have you been here before?", "value": { "expr": "$data.visit" }, "options": [{ "title": "No", "value": "first" }, { "title": "Yes", "value": "again" }] } }
      ]
    },
    {
      "id": "button",
      "key": "send",
      "attributes": { "title": "Send" },
      "interactions": { "onTap": [{ "id": "api", "attributes": { "url": "/send", "method": "post" } }] }
    }
  ]
}
"""


def run(t):
    t.page.call("Page.navigate", url=f"{t.base}/design/polish.json")
    t.page.wait_for("window.formworkDesign && window.formworkDesign.state.doc && document.querySelector('#tree [data-kind=page]')", "the editor")

    # -- 1. A newly selected node opens scrolled to the top.
    t.select("components[0].components[0]")
    t.page.wait_for("document.querySelector('#properties h2')", "the text field's properties")
    x, y = t.page.center_of("#properties h2")
    t.page.call("Input.dispatchMouseEvent", type="mouseWheel", x=x, y=y, deltaX=0, deltaY=3000)
    t.check(t.wait("document.querySelector('#inspector').scrollTop > 200", "the inspector scrolled down"), "the properties panel scrolls down with the wheel")
    t.page.click('#tree [data-path="components[0].components[3]"]')
    t.page.wait_for("document.querySelector('#properties h2') && document.querySelector('#node-key') && document.querySelector('#node-key').value === 'email'", "the email field's properties")
    top = t.js("document.querySelector('#inspector').scrollTop")
    key_visible = t.js("""(() => { const panel = document.querySelector('#inspector').getBoundingClientRect();
        const key = document.querySelector('#node-key').getBoundingClientRect();
        return key.top >= panel.top && key.bottom <= panel.bottom; })()""")
    t.check(top == 0 and key_visible, f"the next node opens at its top, its key visible (scrollTop {top})")

    # -- 4. One Language selector: the bar's; the live page's own is not shown.
    t.page.wait_for("(() => { const f = document.querySelector('#canvas iframe'); const d = f && f.contentDocument; return d && d.getElementById('locale-switch') && d.querySelector('#form [data-key]'); })()", "the live page")
    shown = t.js("""(() => { const d = document.querySelector('#canvas iframe').contentDocument;
        const visible = (node) => node && node.getClientRects().length > 0 && getComputedStyle(node).display !== 'none';
        return [visible(document.getElementById('locale')), visible(d.getElementById('locale-switch'))]; })()""")
    t.check(shown == [True, False], f"one Language selector shows (bar, live page: {shown})")
    # The preview's network switch is for `formwork preview`, not the editor's live page.
    network = t.js("""(() => { const d = document.querySelector('#canvas iframe').contentDocument;
        const node = d.getElementById('network'); return node ? node.getClientRects().length > 0 : null; })()""")
    t.check(network is False, f"the live page in the editor has no Online switch (shown: {network})")

    # -- Preview nit: a choice's legend sits inside its row, below the divider above it.
    t.page.wait_for("document.querySelector('#canvas iframe').contentDocument.querySelector('fieldset[data-key=visit] legend')", "the radio in the live page")
    gap = t.js("""(() => { const d = document.querySelector('#canvas iframe').contentDocument;
        const set = d.querySelector('fieldset[data-key=visit]'); const legend = set.querySelector('legend');
        return legend.getBoundingClientRect().top - (set.getBoundingClientRect().top + parseFloat(getComputedStyle(set).borderTopWidth)); })()""")
    t.check(gap >= 0, f"the radio's legend is below its row's divider (gap {gap:.1f} px)")

    # -- 6. api's method is a menu of its values.
    t.select("components[1]")
    t.page.click("[data-chain=onTap] > li:first-child .action-name")
    t.page.wait_for("document.querySelector('#properties h2') && document.querySelector('#properties h2').textContent === 'api'", "the api action's properties")
    options = t.js("(() => { const s = document.querySelector('[data-attribute=method] select'); return s ? [...s.options].map(o => o.value) : null; })()")
    t.check(bool(options) and [o for o in options if o] == ["GET", "POST", "PUT", "PATCH", "DELETE"], f"method is a menu of five, in capitals: {options}")
    shown = t.js("(() => { const s = document.querySelector('[data-attribute=method] select'); return s ? s.value : null; })()")
    t.check(shown == "POST", f"the page's \"post\" shows as POST in the menu, not as a value of its own (shown: {shown})")
    note = t.js("(() => { const n = document.querySelector('[data-attribute=method] .field-note'); return n && !n.hidden ? n.textContent : null; })()")
    t.check(note == 'written "post", read as POST', f"a note says what the file has: {note}")
    t.check(t.doc(".components[1].interactions.onTap[0].attributes.method") == '"post"', "showing it changed nothing in the page")
    if options:
        t.pick("[data-attribute=method] select", "PUT")
        t.check(t.doc(".components[1].interactions.onTap[0].attributes.method") == '"PUT"', "choosing PUT writes it")
        t.pick("[data-attribute=method] select", "POST")
        t.check(t.doc(".components[1].interactions.onTap[0].attributes.method") == '"POST"', "choosing POST writes it")
        note = t.js("(() => { const n = document.querySelector('[data-attribute=method] .field-note'); return n ? n.hidden : null; })()")
        t.check(note is True, "the note is gone once the value is one of the menu's")

    # -- 8. The condition builder.
    t.select("components[0].components[3]")  # text-field #email
    t.page.click('[data-attribute="hidden"] [data-mode="expression"]')
    t.page.wait_for("document.querySelector('[data-attribute=\"hidden\"][data-current-mode=\"expression\"] [data-condition-builder]')", "the condition builder")
    names = t.js("[...document.querySelectorAll('[data-attribute=hidden] [data-condition-builder] select, [data-attribute=hidden] [data-condition-builder] input')].map(c => c.getAttribute('aria-label'))")
    t.check(names == ["hidden: field", "hidden: comparison", "hidden: value"], f"the builder's controls are named: {names}")
    paths = t.js("[...document.querySelector('[data-attribute=hidden] [data-condition=path]').options].map(o => o.value)")
    t.check({"$data.name", "$data.age", "$data.contact", "$data.email", "$data.visit"} <= set(paths), f"the field menu lists the page's data: {paths}")
    t.pick("[data-attribute=hidden] [data-condition=path]", "$data.age")
    t.pick("[data-attribute=hidden] [data-condition=op]", "≥ at least")
    t.page.click("[data-attribute=hidden] [data-condition=value]")
    t.page.type_text("18")
    t.check(t.doc(".components[0].components[3].attributes.hidden") == json.dumps({"expr": "$data.age >= 18"}, separators=(",", ":")), "the builder writes $data.age >= 18: " + t.doc(".components[0].components[3].attributes.hidden"))
    t.check(t.js("document.querySelector('[data-attribute=hidden] input.expr-input').value") == "$data.age >= 18", "the text shows what the builder wrote")
    t.pick("[data-attribute=hidden] [data-condition=path]", "$data.contact")
    t.pick("[data-attribute=hidden] [data-condition=op]", "is off")
    t.check(t.doc(".components[0].components[3].attributes.hidden") == json.dumps({"expr": "!$data.contact"}, separators=(",", ":")), "“$data.contact is off” writes !$data.contact: " + t.doc(".components[0].components[3].attributes.hidden"))
    t.type_over("[data-attribute=hidden] input.expr-input", "$data.name == 'Ann'")
    t.check(t.wait("(() => { const b = (name) => document.querySelector(`[data-attribute=hidden] [data-condition=${name}]`);"
                   " return b('path').value === '$data.name' && b('op').value === '==' && b('value').value === 'Ann' && !b('value').hidden; })()", "the builder reads it", timeout=10),
            "a typed $data.name == 'Ann' reads back into the builder")
    t.type_over("[data-attribute=hidden] input.expr-input", "!$data.email")
    t.check(t.wait("document.querySelector('[data-attribute=hidden] [data-condition=path]').value === '$data.email' && document.querySelector('[data-attribute=hidden] [data-condition=op]').value === 'off'", "the builder reads it", timeout=10),
            "a typed !$data.email reads back as “$data.email is off”")
    t.shot("condition-builder.png")
    t.type_over("[data-attribute=hidden] input.expr-input", "len($data.email) > 3")
    t.check(t.wait("document.querySelector('[data-attribute=hidden] [data-condition-builder]').dataset.reads === 'no' && !document.querySelector('[data-attribute=hidden] [data-condition=note]').hidden", "the builder's note", timeout=10),
            "an expression the builder can't show stays text, and it says so")
    t.check(t.doc(".components[0].components[3].attributes.hidden") == json.dumps({"expr": "len($data.email) > 3"}, separators=(",", ":")), "and the expression is as typed")
    t.type_over("[data-attribute=hidden] input.expr-input", "!$data.contact")

    # -- 7. New members saved where a person puts them.
    before = t.file_text("polish.json")
    t.select("components[0]")  # section #about: no attributes yet
    t.page.click('#properties [data-attribute="header"] input')
    t.page.type_text("About you")
    t.select("")
    t.page.click('#settings [data-attribute="title"] input')
    t.page.type_text("Polish")
    t.save()
    saved = json.loads(t.file_text("polish.json"))
    t.check(list(saved["components"][0].keys()) == ["id", "key", "attributes", "components"], f"the section's attributes are before its components: {list(saved['components'][0].keys())}")
    t.check(list(saved.keys()) == ["page", "version", "strings", "title", "data", "components"], f"the page's title is before its data and components: {list(saved.keys())}")
    removed = [line for line in difflib.ndiff(before.splitlines(), t.file_text("polish.json").splitlines()) if line.startswith("- ")]
    t.check(removed == [f"-         {{ \"id\": \"text-field\", \"key\": \"email\", \"attributes\": {{ \"title\": \"Email\", \"value\": {{ \"expr\": \"$data.email\" }} }} }},",
                        "-       \"interactions\": { \"onTap\": [{ \"id\": \"api\", \"attributes\": { \"url\": \"/send\", \"method\": \"post\" } }] }"],
            f"every other line is kept (removed: {removed})")

    # -- 5. Undo after a publish that raised the version.
    t.page.click("#publish")
    t.page.wait_for("document.querySelector('#publish-result, #publish-refused')", "the first publish", timeout=120)
    t.check(t.js("!!document.querySelector('#publish-result')"), "the page publishes: " + t.js("document.querySelector('#dialog-layer').textContent"))
    t.page.press("Escape")
    t.page.wait_for("document.querySelector('#dialog-layer').hidden", "the dialog to close")
    t.select("components[0]")
    t.page.click('#properties [data-attribute="header"] input')
    t.page.press("End")
    t.page.type_text("!")
    t.save()
    t.page.click("#publish")
    t.page.wait_for("document.querySelector('#publish-result, #publish-refused')", "the second publish", timeout=120)
    bumped = t.js("(document.querySelector('#publish-result [data-page=polish]') || {}).textContent || ''")
    t.check("version 2" in bumped, f"the second publish raises the version: {bumped}")
    t.page.press("Escape")
    t.page.wait_for("document.querySelector('#dialog-layer').hidden", "the dialog to close")
    t.check(t.wait("window.formworkDesign.state.doc.version === 2", "the editor takes the raised version", timeout=30), "the editor shows version 2 from the file")
    t.check(t.js("!document.querySelector('#undo').disabled"), "Undo is still there after publishing: " + t.js("document.querySelector('#undo').title"))
    t.page.click("#undo")
    t.check(t.doc(".components[0].attributes.header") == '"About you"', "and it takes back the last edit: " + t.doc(".components[0].attributes.header"))
    t.shot("after-publish-undo.png")

    # -- Preview nit (the editor shares its toasts): the same toast twice shows once.
    t.js("window.toastsAdded = 0; new MutationObserver((changes) => { for (const c of changes) window.toastsAdded += c.addedNodes.length; }).observe(document.getElementById('toasts'), { childList: true })")
    t.page.click("#redo")
    t.save()
    t.page.press("Ctrl+s")
    t.page.wait_for("window.toastsAdded >= 2", "two save toasts")
    t.page.press("Ctrl+s")
    t.page.wait_for("window.toastsAdded >= 3", "three save toasts")
    texts = t.js("[...document.querySelectorAll('#toasts .toast')].map(n => n.textContent)")
    t.check(texts.count("Nothing to save: the file is the same") == 1, f"a repeated toast replaces the one showing: {texts}")

    # -- Toasts: undo, redo and saved come one at a time, and never over the problems panel.
    t.js("window.toastsAdded = 0")
    t.page.click("#undo")
    t.page.click("#redo")
    t.page.press("Ctrl+s")
    t.page.wait_for("window.toastsAdded >= 3", "the undo, redo and save toasts")
    texts = t.js("[...document.querySelectorAll('#toasts .toast')].map(n => n.textContent)")
    t.check(len(texts) == 1, f"one toast at a time, the newest replacing the one showing: {texts}")
    overlap = t.js("""(() => { const p = document.getElementById('problems').getBoundingClientRect();
        return [...document.querySelectorAll('#toasts .toast')].some((n) => { const r = n.getBoundingClientRect();
          return r.bottom > p.top && r.top < p.bottom && r.right > p.left && r.left < p.right; }); })()""")
    t.check(overlap is False, "the toast doesn't cover the problems panel")
    t.shot("toast.png")


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--formwork", required=True)
    parser.add_argument("--out", default="")
    parser.add_argument("--assets", help="serve the editor's files from this folder (FORMWORK_DESIGN_ASSETS)")
    args = parser.parse_args()
    folder = tempfile.mkdtemp(prefix="design-polish-")
    pages = os.path.join(folder, "pages")
    os.makedirs(pages)
    with open(os.path.join(pages, "polish.json"), "w") as file:
        file.write(PAGE)
    process, base, _ = editor.start_design(args.formwork, pages, args.assets, extra=("--publish-to", os.path.join(folder, "site")))
    if args.out:
        os.makedirs(args.out, exist_ok=True)
    browser = Chromium.launch("about:blank", tempfile.mkdtemp(prefix="design-polish-chromium-"), width=1500, height=900)
    test = None
    try:
        test = editor.EditorTest(browser.page(), base, args.out, folder=pages)
        run(test)
    except CDPError as error:
        if test:
            test.failures.append(str(error))
        print(f"FAIL  {error}")
    finally:
        browser.close()
        process.terminate()
        shutil.rmtree(folder, ignore_errors=True)
    if not test or test.failures:
        print(f"design polish: {len(test.failures) if test else 1} failed")
        sys.exit(1)
    print("design polish: all passed")


if __name__ == "__main__":
    main()
