"""Uses `formwork design` in headless Chromium the way a person does: the editor's shell.

Makes a new page from the page list (typing its id), drags a section from the palette into the
tree, adds a text field into it with the keyboard (Enter on the palette entry), duplicates it
(Ctrl-D: a new unique key and its own $data member), undoes and redoes, reorders by dragging in
the tree, deletes with the Delete key, selects by clicking the live page, edits the raw JSON (a
syntax error shows line and column), sees a problem and jumps to it, saves (Ctrl-S), meets a
change made on disk (the banner, "Keep my version"), and publishes. Screenshots go to --out.

    python3 Tests/Browser/design_shell_test.py --formwork .build/debug/formwork --pages pages \
        --out .build/design-shell-test [--assets Sources/FormworkStudio/Design/Resources]
"""

import argparse
import json
import os
import shutil
import sys
import tempfile
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from cdp import Chromium, CDPError, check  # noqa: E402
import editor  # noqa: E402


def run(args):
    os.makedirs(args.out, exist_ok=True)
    folder = tempfile.mkdtemp(prefix="formwork-design-")
    pages = os.path.join(folder, "pages")
    shutil.copytree(args.pages, pages)
    server, base, _ = editor.start_design(args.formwork, pages, args.assets)
    browser = None
    try:
        browser = Chromium.launch(base, tempfile.mkdtemp(prefix="formwork-chromium-"), width=1366, height=768)
        page = browser.page()
        page.call("Page.enable")
        page.call("Runtime.enable")
        page.call("Emulation.setDeviceMetricsOverride", width=1366, height=768, deviceScaleFactor=1, mobile=False)
        shot = lambda name: page.screenshot(os.path.join(args.out, name))  # noqa: E731
        js = page.evaluate
        doc = editor.DOC

        def wait_doc(condition, what):
            editor.wait_doc(page, condition, what)

        def select_row(key):
            editor.select_key(page, key)

        # The page list, and a new page made with the keyboard.
        page.wait_for("document.querySelector('#page-list a[data-file=\"order.json\"]')", "the page list")
        page.click("#new-page-id")
        page.type_text("shell-test")
        page.press("Enter")
        # The form opens the new page: the page's context goes away under a running wait.
        deadline = time.monotonic() + 60
        while True:
            try:
                if js("location.pathname") == "/design/shell-test.json":
                    break
            except CDPError:
                pass
            check(time.monotonic() < deadline, "the new page didn't open")
            time.sleep(0.1)
        wait_doc(f"{doc}.page === 'shell-test'", "the new page in the editor")
        page.wait_for("document.querySelector('#canvas-frame')", "the live page")
        shot("1-new-page.png")

        # A section dragged from the palette onto the Page row goes first on the page.
        page.drag('[data-type="components:section"]', '[role=treeitem][data-path=""]')
        wait_doc(f"{doc}.components.length === 1 && {doc}.components[0].id === 'section'", "the section")
        check(js(f"{doc}.components[0].key") == "section1", "a new section is keyed section1")

        # The keyboard: Enter on a palette entry adds it inside the selected section.
        page.click("#palette-search")
        page.type_text("text-field")
        page.press("Tab")
        check(js("document.activeElement.dataset.type") == "components:text-field", "Tab goes to the first match")
        page.press("Enter")
        wait_doc(f"({doc}.components[0].components || []).length === 1", "the text field inside the section")
        field = js(f"{doc}.components[0].components[0]")
        check(field == {"id": "text-field", "key": "textField1", "attributes": {"value": {"expr": "$data.textField1"}, "title": "Text field"}},
              f"a new text field is bound to $data under a unique key, and named (a screen reader reads its title): {field}")
        check(js(f"{doc}.data") == {"textField1": ""}, "its $data member is made with it")

        # Duplicate (Ctrl-D): a new key and its own data; undo takes both back, redo brings them.
        select_row("textField1")
        page.press("Ctrl+d")
        wait_doc(f"{doc}.components[0].components.length === 2", "the duplicate")
        check(js(f"{doc}.components[0].components[1].key") == "textField2", "the copy gets a key of its own")
        check(js(f"{doc}.data.textField2") == "", "and its own $data member")
        page.press("Ctrl+z")
        wait_doc(f"{doc}.components[0].components.length === 1 && !('textField2' in {doc}.data)", "undo")
        page.press("Ctrl+Shift+Z")
        wait_doc(f"{doc}.components[0].components.length === 2", "redo")

        # Reorder by dragging in the tree: textField2 above textField1.
        page.drag('[role=treeitem][data-key="textField2"]', '[role=treeitem][data-key="textField1"]', where="top")
        wait_doc(f"{doc}.components[0].components[0].key === 'textField2'", "the drag to reorder")
        check(js("document.querySelector('#tree [aria-selected=true]').dataset.key") == "textField2", "the moved row stays selected")

        # Clicking the live page selects the component in the tree.
        # (The live page must show the reordered fields before we aim at one.)
        page.wait_for("""!window.formworkDesign.drafting && [...document.querySelector('#canvas-frame').contentDocument
            .querySelectorAll('[data-key^=textField]')].map(e => e.dataset.key).join() === 'textField2,textField1'""", "the live page to catch up")
        x, y = js("""(() => { const f = document.querySelector('#canvas-frame'); const r = f.getBoundingClientRect();
            const c = f.contentDocument.querySelector('[data-key=textField1]').getBoundingClientRect();
            return [r.left + c.left + 8, r.top + c.top + 8]; })()""")
        for kind in ("mousePressed", "mouseReleased"):
            page.call("Input.dispatchMouseEvent", type=kind, x=x, y=y, button="left", clickCount=1)
        page.wait_for("document.querySelector('#tree [aria-selected=true]').dataset.key === 'textField1'", "the click to select textField1")

        # A label dragged from the palette onto the live page lands where it is dropped (above
        # textField1 here); undo takes it back.
        page.click("#palette-search")
        page.press("Ctrl+a")
        page.type_text("label")
        x0, y0 = page.point_of('[data-type="components:label"]')
        x1, y1 = js("""(() => { const f = document.querySelector('#canvas-frame'); const r = f.getBoundingClientRect();
            const c = f.contentDocument.querySelector('[data-key=textField1]').getBoundingClientRect();
            return [r.left + c.left + c.width / 2, r.top + c.top + c.height * 0.2]; })()""")
        page.call("Input.dispatchMouseEvent", type="mouseMoved", x=x0, y=y0)
        page.call("Input.dispatchMouseEvent", type="mousePressed", x=x0, y=y0, button="left", buttons=1, clickCount=1)
        for i in range(1, 7):
            page.call("Input.dispatchMouseEvent", type="mouseMoved", x=x0 + (x1 - x0) * i / 6, y=y0 + (y1 - y0) * i / 6, button="left", buttons=1)
        page.call("Input.dispatchMouseEvent", type="mouseReleased", x=x1, y=y1, button="left", buttons=0, clickCount=1)
        try:
            page.wait_for(f"{doc}.components[0].components.map(c => c.key).join() === 'textField2,label1,textField1'", "the label dropped on the live page", timeout=20)
        except CDPError:
            raise AssertionError("dropped: " + js(f"{doc}.components[0].components.map(c => c.key).join()") + " " + js("JSON.stringify(formworkDesign.state.doc.components)"))
        page.press("Ctrl+z")
        wait_doc(f"{doc}.components[0].components.length === 2", "undoing the label")
        # NB: let the live page catch up with the undo before selecting again. Once, during a full
        # run on a loaded machine, Delete below removed textField1 right after textField2's row was
        # clicked (cause not found: something still settling after the undo); select_row now
        # waits for the selection, and the check after Delete says which one went.
        page.wait_for("""!window.formworkDesign.drafting && [...document.querySelector('#canvas-frame').contentDocument
            .querySelectorAll('[data-key^=textField], [data-key^=label]')].map(e => e.dataset.key).join() === 'textField2,textField1'""", "the live page to catch up")

        # Delete with the Delete key (focus in the tree).
        select_row("textField2")
        page.press("Delete")
        wait_doc(f"{doc}.components[0].components.length === 1", "the delete")
        check(js(f"{doc}.components[0].components[0].key") == "textField1", "Delete removes the selected component")
        shot("2-built.png")

        # Raw JSON: a syntax error says where; good JSON replaces the node (one undo step).
        select_row("textField1")
        page.click("#tab-raw")
        check(json.loads(js("document.querySelector('#raw-text').value")) == js(f"{doc}.components[0].components[0]"),
              "the JSON tab shows the selected node")
        page.click("#raw-text")
        page.press("Ctrl+a")
        page.type_text('{\n  "id": "text-field"\n  "key": 1\n}')
        page.click("#raw-apply")
        error = js("document.querySelector('#raw-error').textContent")
        check("Line 3, column 3" in error, f"a JSON error names line and column: {error}")
        page.click("#raw-text")
        page.press("Ctrl+a")
        page.type_text(json.dumps({"id": "text-feld", "key": "textField1", "attributes": {"value": {"expr": "$data.textField1"}}}, indent=2))
        page.click("#raw-apply")
        wait_doc(f"{doc}.components[0].components[0].id === 'text-feld'", "the JSON applied")

        # Its problem is listed (from the draft check); clicking it selects the component.
        page.wait_for("document.querySelector('#problems .problem.error')", "the unknown id problem")
        page.click('[role=treeitem][data-path=""]')
        page.click("#problems .problem.error")
        page.wait_for("document.querySelector('#tree [aria-selected=true]').dataset.key === 'textField1'", "the problem to select its component")
        shot("3-problem.png")
        page.press("Ctrl+z")
        wait_doc(f"{doc}.components[0].components[0].id === 'text-field'", "undoing the JSON edit")
        page.wait_for("!document.querySelector('#problems .problem.error')", "the problem gone")

        # Save (Ctrl-S): the file holds the document.
        editor.save(page)
        path = os.path.join(pages, "shell-test.json")
        with open(path) as file:
            check(json.load(file) == js(doc), "the saved file is the document")

        # A change on disk while there are unsaved edits: the banner; keep mine.
        select_row("textField1")
        page.press("Ctrl+d")
        wait_doc(f"{doc}.components[0].components.length === 2", "an unsaved edit")
        with open(path) as file:
            on_disk = json.load(file)
        on_disk["title"] = "Changed elsewhere"
        with open(path, "w") as file:
            json.dump(on_disk, file, indent=2)
        page.wait_for("document.querySelector('#banner:not([hidden]) #conflict-keep')", "the conflict banner", timeout=30)
        shot("4-conflict.png")
        page.click("#conflict-keep")
        page.wait_for("document.querySelector('#conflict-keep-confirm')", "what differs, before keeping mine")
        page.click("#conflict-keep-confirm")
        page.wait_for("document.querySelector('#banner').hidden && document.querySelector('#save-status').dataset.state === 'saved'", "keeping mine")
        with open(path) as file:
            kept = json.load(file)
        check(len(kept["components"][0]["components"]) == 2 and "title" not in kept, "my version replaced the file")

        # Publish: the dialog lists the pages.
        page.click("#publish")
        page.wait_for("document.querySelector('#publish-result, #publish-refused')", "the publish answer", timeout=120)
        shot("5-published.png")
        check(js("Boolean(document.querySelector('#publish-result [data-page=\"shell-test\"]'))"), "the new page was published")
        page.press("Escape")
        page.wait_for("document.querySelector('#dialog-layer').hidden", "the dialog to close")
        print("design shell test: passed")
    finally:
        if browser:
            browser.close()
        server.terminate()
        shutil.rmtree(folder, ignore_errors=True)


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--formwork", required=True)
    parser.add_argument("--pages", required=True)
    parser.add_argument("--out", default=".build/design-shell-test")
    parser.add_argument("--assets", help="serve the editor's files from this folder (FORMWORK_DESIGN_ASSETS)")
    try:
        run(parser.parse_args())
    except (AssertionError, CDPError) as error:
        print(f"design shell test: FAILED: {error}", file=sys.stderr)
        sys.exit(1)
