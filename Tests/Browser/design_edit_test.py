"""Uses `formwork design` in headless Chromium for the three things issue 32 found an author
losing: a rename that leaves junk, a live page that disappears on a passing error, and a
conflict with a change made on disk.

1. Renames the text field `textField1` to `name` in the key field (Tab leaves it): the editor
   shows what the rename changes in the page's flow, applies it, one Undo takes it all back and
   Redo brings it again; saved, neither the page file (binding, data, template, validate's keys)
   nor the flow file has any trace of `textField1`, and `formwork test` still passes the flow.
2. Types half an expression (`$data.contact ==`): the live page stays, marked as the last good
   version, its problem named at the page's JSON path, not a line of an unsaved file; finishing
   the expression brings the page back up to date.
3. Edits while the file changes on disk: Ctrl-S says why it doesn't save, Compare and merge takes
   the disk's change to another place by itself and asks about the place both changed; taking the
   disk's side there, the saved file has my change and both of the disk's.
4. Types a new key and saves with Ctrl-S without leaving the key field, then types another and
   clicks Publish: each time the saved page binds and keeps the data under the new key.

    python3 Tests/Browser/design_edit_test.py --formwork .build/debug/formwork --out .build/design-edit-test \\
        [--assets Sources/FormworkStudio/Design/Resources]
"""

import argparse
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from cdp import Chromium, CDPError, check  # noqa: E402
import editor  # noqa: E402

PAGE = {
    "page": "signup",
    "title": "Sign up",
    "data": {"textField1": "", "contact": False},
    "components": [
        {"id": "text-field", "key": "textField1", "attributes": {"title": "Name", "value": {"expr": "$data.textField1"}}},
        {"id": "label", "key": "greeting", "attributes": {"text": {"template": "Hello ${$data.textField1}"}}},
        {"id": "switch", "key": "contact", "attributes": {"title": "Contact me", "value": {"expr": "$data.contact"}}},
        {"id": "button", "key": "send", "attributes": {"title": "Send"}, "interactions": {"onTap": [
            {"id": "validate", "attributes": {"keys": ["textField1"]}},
            {"id": "toast", "attributes": {"message": {"template": "Thanks ${$data.textField1}"}}},
        ]}},
    ],
}

FLOW = {
    "page": "signup.json",
    "steps": [
        {"set": "textField1", "value": "Ann"},
        {"tap": "send"},
        {"expect": {"data.textField1": "Ann", "error.textField1": None, "component.textField1.value": "Ann", "toast": "Thanks Ann"}},
    ],
}


def run(args):
    os.makedirs(args.out, exist_ok=True)
    folder = tempfile.mkdtemp(prefix="formwork-design-edit-")
    page_path = os.path.join(folder, "signup.json")
    flow_path = os.path.join(folder, "signup.flow.json")
    with open(page_path, "w") as file:
        json.dump(PAGE, file, indent=2)
    with open(flow_path, "w") as file:
        json.dump(FLOW, file, indent=2)
    server, base, output = editor.start_design(args.formwork, folder, args.assets)
    browser = None
    try:
        browser = Chromium.launch(base + "design/signup.json", tempfile.mkdtemp(prefix="formwork-chromium-"), width=1366, height=900)
        page = browser.page()
        page.call("Page.enable")
        page.call("Runtime.enable")
        shot = lambda name: page.screenshot(os.path.join(args.out, name))  # noqa: E731
        js = page.evaluate
        doc = editor.DOC
        frame = "document.querySelector('#canvas-frame').contentDocument"

        def wait_doc(condition, what, timeout=60):
            editor.wait_doc(page, condition, what, timeout)

        def select_row(key):
            editor.select_key(page, key)

        def saved():
            editor.save(page)

        wait_doc(f"{doc}.page === 'signup'", "the page in the editor")
        page.wait_for(f"{frame} && {frame}.querySelector('[data-key=greeting]')", "the live page")

        parts = set(args.parts.split(","))
        field = "textField1"
        # -- 1. Rename a key: everything that names it follows, in one undo step, flows included.
        if "1" in parts:
            rename_part(page, js, doc, wait_doc, select_row, saved, shot, page_path, flow_path, folder, args)
            field = "name"

        # -- 2. Half an expression: the last good page stays, its problem beside it.
        if "2" in parts:
            last_good_part(page, js, doc, frame, wait_doc, select_row, saved, shot)

        # -- 3. A disk edit while editing: Ctrl-S explains; merge takes one change from each side.
        if "3" in parts:
            conflict_part(page, js, doc, wait_doc, select_row, saved, shot, page_path, field)

        # -- 4. A key typed and saved (Ctrl-S, Publish) while its field still has focus.
        if "4" in parts:
            focused_rename_part(page, js, doc, wait_doc, select_row, shot, page_path)
        print("design edit test: passed (parts " + ",".join(sorted(parts)) + ")")
    finally:
        if browser:
            browser.close()
        server.terminate()
        shutil.rmtree(folder, ignore_errors=True)


def rename_part(page, js, doc, wait_doc, select_row, saved, shot, page_path, flow_path, folder, args):
        select_row("textField1")
        page.type_over("#node-key", "name")
        page.press("Tab")
        check(page.settles("document.querySelector('#rename-flows')", timeout=30),
              "renaming a key named in the page's flow shows what it changes there first (no #rename-flows dialog)")
        listed = js("document.querySelector('#rename-flows').textContent")
        check("signup.flow.json" in listed and "steps[0].set" in listed, f"the dialog lists the flow's changes: {listed}")
        shot("1-rename-flows.png")
        page.click("#rename-apply")
        check(page.settles(f"!JSON.stringify({doc}).includes('textField1')", timeout=30),
              "after the rename the page still names textField1: " + js(f"JSON.stringify({doc})"))
        check(js(f"Object.keys({doc}.data)") == ["name", "contact"], "the data member keeps its place: " + json.dumps(js(f"{doc}.data")))
        check(js(f"{doc}.components[3].interactions.onTap[0].attributes.keys") == ["name"], "validate's keys follow")
        select_row("name")
        page.press("Ctrl+z")
        wait_doc(f"{doc}.components[0].key === 'textField1' && 'textField1' in {doc}.data && {doc}.components[1].attributes.text.template.includes('textField1')",
                 "one undo to take the whole rename back")
        page.press("Ctrl+Shift+Z")
        wait_doc(f"!JSON.stringify({doc}).includes('textField1')", "redo to rename again")
        saved()
        with open(page_path) as file:
            page_text = file.read()
        with open(flow_path) as file:
            flow_text = file.read()
        check("textField1" not in page_text, f"the saved page has no trace of the old name:\n{page_text}")
        check("textField1" not in flow_text, f"the saved flow has no trace of the old name:\n{flow_text}")
        saved_page = json.loads(page_text)
        check(saved_page["components"][0]["attributes"]["value"] == {"expr": "$data.name"} and list(saved_page["data"]) == ["name", "contact"],
              "binding and data renamed in the file")
        tested = subprocess.run([args.formwork, "test", folder], capture_output=True, text=True)
        check(tested.returncode == 0, f"the renamed flow still passes:\n{tested.stdout}{tested.stderr}")


def last_good_part(page, js, doc, frame, wait_doc, select_row, saved, shot):
        select_row("greeting")
        page.click('[data-attribute="hidden"] [data-mode="expression"]')
        page.wait_for("document.querySelector('[data-attribute=\"hidden\"][data-current-mode=\"expression\"]')", "hidden written as an expression")
        page.click('[data-attribute="hidden"] input')
        page.type_text("$data.contact ==")
        wait_doc(f"({doc}.components[1].hidden || {doc}.components[1].attributes.hidden || {{}}).expr === '$data.contact =='", "the half expression in the document")
        check(page.settles(f"{frame}.querySelector('#last-good')", timeout=30),
              "the live page doesn't say it shows the last good version while the edit has an error: "
              + str(js(f"{frame}.querySelector('#problems') && {frame}.querySelector('#problems').textContent")))
        check(js(f"!{frame}.querySelector('#form').hidden && Boolean({frame}.querySelector('[data-key=greeting]'))"),
              "the last good page is still shown, not hidden behind the error")
        notice = js(f"{frame}.querySelector('#last-good').textContent")
        check("unsaved" in notice and not re.search(r"signup\.json:\d+:\d+", notice),
              f"the problem points at the unsaved page, not a line of the file: {notice}")
        shot("2-last-good.png")
        page.type_text(" true")
        check(page.settles(f"!{frame}.querySelector('#last-good') && {frame}.querySelector('[data-key=greeting]')", timeout=30),
              "the page updates once the expression is whole")
        page.click('[role=treeitem][data-key="greeting"]')
        saved()


def conflict_part(page, js, doc, wait_doc, select_row, saved, shot, page_path, field):
        select_row(field)
        page.type_over('[data-attribute="title"] input', "Your name")
        select_row("contact")
        page.type_over('[data-attribute="title"] input', "Contact me, please")
        wait_doc(f"{doc}.components[2].attributes.title === 'Contact me, please' && {doc}.components[0].attributes.title === 'Your name'", "my two edits")
        with open(page_path) as file:
            on_disk = json.load(file)
        on_disk["components"][3]["attributes"]["title"] = "Send now"
        on_disk["components"][2]["attributes"]["title"] = "May we contact you?"
        with open(page_path, "w") as file:
            json.dump(on_disk, file, indent=2)
        disk_text = json.dumps(on_disk, indent=2)
        page.wait_for("document.querySelector('#banner:not([hidden]) #conflict-keep')", "the conflict banner", timeout=30)
        page.click('[role=treeitem][data-key="contact"]')
        page.press("Ctrl+s")
        check(page.settles("(document.querySelector('#banner').textContent || '').includes('Not saved')", timeout=10),
              "Ctrl-S with the conflict banner up says nothing: " + js("document.querySelector('#banner').textContent"))
        with open(page_path) as file:
            check(file.read() == disk_text, "Ctrl-S didn't overwrite the disk's change")
        shot("3-conflict-explained.png")
        # "Keep my version" shows what differs before anything is written.
        page.click("#conflict-keep")
        check(page.settles("document.querySelector('#conflict-diff-list')", timeout=10), "Keep my version overwrites without showing what differs")
        differs = js("document.querySelector('#conflict-diff-list').textContent")
        check("Send now" in differs and "May we contact you?" in differs and "Your name" in differs, f"the difference lists both sides: {differs}")
        shot("3-diff.png")
        page.click("#conflict-keep-cancel")
        page.wait_for("document.querySelector('#dialog-layer').hidden", "the dialog to close")
        # Merge: the send title comes by itself; for the switch's title (changed on both sides) take the disk's.
        page.click("#conflict-merge")
        check(page.settles("document.querySelector('#merge')", timeout=10), "there is no merge")
        taken = js("(document.querySelector('#merge-taken') || {}).textContent || ''")
        check("Send now" in taken, f"the disk's change to another place is taken by itself: {taken!r}")
        check(js("document.querySelectorAll('#merge-conflicts > li').length") == 1, "one place changed on both sides")
        shot("3-merge.png")
        page.click("#merge-choice-0-theirs")
        page.click("#merge-apply")
        wait_doc(f"{doc}.components[3].attributes.title === 'Send now' && {doc}.components[2].attributes.title === 'May we contact you?'", "the merge")
        saved()
        with open(page_path) as file:
            merged = json.load(file)
        titles = [component["attributes"].get("title") for component in merged["components"]]
        check(titles == ["Your name", None, "May we contact you?", "Send now"], f"the saved file has my change and the disk's: {titles}")


def focused_rename_part(page, js, doc, wait_doc, select_row, shot, page_path):
        def saved_switch():
            with open(page_path) as file:
                saved_page = json.load(file)
            switch = next(c for c in saved_page["components"] if c["id"] == "switch")
            return saved_page, switch

        select_row("contact")
        page.type_over("#node-key", "consent")
        page.press("Ctrl+s")
        check(page.settles("document.querySelector('#save-status').dataset.state === 'saved' && "
                           f"{doc}.components[2].attributes.value.expr === '$data.consent'", timeout=30),
              "Ctrl-S in the key field saved before the rename: " + json.dumps(js(f"{doc}.components[2]")))
        saved_page, switch = saved_switch()
        check(switch["key"] == "consent" and switch["attributes"]["value"] == {"expr": "$data.consent"}
              and "consent" in saved_page["data"] and "contact" not in saved_page["data"],
              f"Ctrl-S with the key field focused saved the rename (binding and data): {json.dumps(saved_page)}")
        shot("4-ctrl-s-rename.png")
        # The same with the Publish button (it saves first, when asked).
        page.type_over("#node-key", "agree")
        page.click("#publish")
        page.wait_for("document.querySelector('#publish-save-yes')", "publish asking to save first")
        page.click("#publish-save-yes")
        page.wait_for("document.querySelector('#publish-result, #publish-refused')", "the publish to finish", timeout=120)
        saved_page, switch = saved_switch()
        check(switch["key"] == "agree" and switch["attributes"]["value"] == {"expr": "$data.agree"}
              and "agree" in saved_page["data"] and "consent" not in saved_page["data"],
              f"Publish with the key field focused saved the rename (binding and data): {json.dumps(saved_page)}")
        shot("4-publish-rename.png")
        page.press("Escape")


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--formwork", required=True)
    parser.add_argument("--out", default=".build/design-edit-test")
    parser.add_argument("--parts", default="1,2,3,4", help="which parts to run (1 rename, 2 last good page, 3 conflict, 4 rename before a save), e.g. 2")
    parser.add_argument("--assets", help="serve the editor's files from this folder (FORMWORK_DESIGN_ASSETS)")
    try:
        run(parser.parse_args())
    except (AssertionError, CDPError) as error:
        print(f"design edit test: FAILED: {error}", file=sys.stderr)
        sys.exit(1)
