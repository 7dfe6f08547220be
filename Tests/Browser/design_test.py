"""Uses `formwork design` in headless Chromium the way a person does — mouse and keyboard only —
and checks the page it writes.

From an empty page it builds a working form: a section, a text field with a `required`
validation, a number field, a label showing a computed total, and a Save button whose chain
validates, sends the form with `api` and shows a toast. It saves with Ctrl-S; then
`formwork check` passes the page, a flow file drives it to a successful save, and the saved JSON
is exactly the expected page. It also proves undo and redo, that a page opened and saved
unchanged is byte for byte the same file, that a change made on disk while the editor has unsaved
changes is never overwritten silently (either version can be kept), and that an action of the
example app's registry appears in the palette and its attributes in the property form.
Screenshots go to --out (design.png is README's).

    python3 Tests/Browser/design_test.py --formwork .build/debug/formwork --out .build/browser-test
"""

import argparse
import json
import os
import shutil
import subprocess
import sys
import tempfile

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from cdp import Chromium, CDPError  # noqa: E402
import serve  # noqa: E402

ROOT = os.path.abspath(os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", ".."))

# The page the editor must have written, member for member, after the steps below.
EXPECTED = {
    "page": "tip",
    "version": 1,
    "data": {"textField1": "", "numberField1": None},
    "components": [
        {
            "id": "section",
            "key": "section1",
            "components": [
                {"id": "text-field", "key": "textField1",
                 "attributes": {"value": {"expr": "$data.textField1"}, "title": "Name"},
                 "validations": [{"id": "required"}]},
                {"id": "number-field", "key": "numberField1",
                 "attributes": {"value": {"expr": "$data.numberField1"}, "title": "Amount"}},
            ],
        },
        {"id": "label", "key": "label1",
         "attributes": {"text": {"template": "Total: ${($data.numberField1 ?? 0) * 2}"}}},
        {"id": "button", "key": "button1",
         "attributes": {"title": "Save"},
         "interactions": {"onTap": [
             {"id": "validate"},
             {"id": "api", "attributes": {"url": "/api/tips", "method": "POST", "body": {"expr": "$data"}}},
             {"id": "toast", "attributes": {"message": "Saved"}},
         ]}},
    ],
}

FLOW = {
    "page": "tip.json",
    "stubs": {"POST /api/tips": {"status": 201, "body": {"id": 7}}},
    "steps": [
        {"tap": "button1"},
        {"expect": {"requests": []}},
        {"set": "textField1", "value": "Ada"},
        {"set": "numberField1", "value": 21},
        {"expect": {"component.label1.text": "Total: 42"}},
        {"tap": "button1"},
        {"expect": {"requests[0].body": {"textField1": "Ada", "numberField1": 21}, "messages[1].message": "Saved"}},
    ],
}


def check(condition, message):
    if not condition:
        raise AssertionError(message)


def start_design(formwork, pages, stubs):
    """Starts `formwork design` on a free port; returns the process, its address and its output."""
    return serve.start([formwork, "design", pages, "--port", "0", "--api-stub", stubs])


class Editor:
    """The editor in one tab, driven with real mouse and key events; reading the page is fine."""

    def __init__(self, page):
        self.page = page

    def wait(self, condition, what, timeout=90):
        return self.page.wait_for(condition, what, timeout)

    def has(self, selector):
        return f"document.querySelector({json.dumps(selector)})"

    def wait_for_element(self, selector, what):
        self.wait(self.has(selector), what)

    def click(self, selector):
        self.wait_for_element(selector, selector)
        self.page.click(selector)

    def type_into(self, selector, text):
        """Clicks the field, selects what is in it with the keyboard, and types `text`."""
        self.click(selector)
        self.page.press("Ctrl+a")
        self.page.type_text(text)

    def type_keys(self, text):
        """Types `text` one key press at a time (a list's type-ahead reads key presses, not text)."""
        for character in text:
            self.page.press(character)

    def row(self, path):
        return f'#tree-list [data-path="{path}"]'

    def select_row(self, path):
        self.click(self.row(path))
        self.wait(f"document.querySelector({json.dumps(self.row(path))}).getAttribute('aria-selected') === 'true'", f"{path} selected")

    def drag_to_tree(self, type_id, target, where="center"):
        self.page.drag(f'[data-type="components:{type_id}"]', target, where)

    def saved(self):
        return self.wait("document.querySelector('#save-status') && /^Saved/.test(document.querySelector('#save-status').textContent)", "the page saved")

    def field(self, name, inside="#properties"):
        return f'{inside} [data-attribute="{name}"]'


def build_form(editor, shot):
    """Builds the tip form from an empty page, as a person does."""
    e = editor
    e.wait_for_element('[data-type="components:section"]', "the palette")
    e.drag_to_tree("section", "#tree-list", "bottom")
    e.wait_for_element(e.row("components[0]"), "the section in the tree")
    e.drag_to_tree("text-field", e.row("components[0]"))
    e.wait_for_element(e.row("components[0].components[0]"), "the text field inside the section")
    e.select_row("components[0].components[0]")
    e.type_into(e.field("title") + " input", "Name")
    # The validation: focus the list of validations, pick by typing its name, Enter adds it.
    e.click("#add-validation")
    e.type_keys("required")
    e.page.press("Enter")
    e.wait("document.querySelector('#properties [data-node=\"required\"]')", "the required validation listed")
    e.drag_to_tree("number-field", e.row("components[0].components[0]"), "bottom")
    e.wait_for_element(e.row("components[0].components[1]"), "the number field after the text field")
    e.select_row("components[0].components[1]")
    e.type_into(e.field("title") + " input", "Amount")
    e.drag_to_tree("label", e.row("components[0]"), "bottom")
    shot("design-building.png")
    return e


def finish_form(editor, shot):
    """The label's computed total and the Save button with its chain."""
    e = editor
    e.wait_for_element(e.row("components[1]"), "the label after the section")
    e.select_row("components[1]")
    e.click(e.field("text") + ' [data-mode="template"]')
    e.type_into(e.field("text") + " textarea, " + e.field("text") + " input", "Total: ${($data.numberField1 ?? 0) * 2}")
    e.drag_to_tree("button", "#tree-list", "bottom")
    e.wait_for_element(e.row("components[2]"), "the button at the end")
    e.select_row("components[2]")
    e.type_into(e.field("title") + " input", "Save")
    for action in ("validate", "api", "toast"):
        e.click('[data-add-action="onTap"]')
        e.type_keys(action)
        e.page.press("Enter")
        e.wait(f"[...document.querySelectorAll('[data-chain=\"onTap\"] [data-action]')].some(n => n.dataset.action === '{action}')", f"{action} in onTap")
    e.click('[data-chain="onTap"] [data-action="api"] .action-name')
    e.wait_for_element(e.field("url"), "api's attributes")
    e.type_into(e.field("url") + " input", "/api/tips")
    # `method` declares its values, so the editor shows a menu (a <select>), picked with the keyboard.
    e.wait_for_element(e.field("method") + " select", "api's method menu")
    e.page.choose(e.field("method") + " select", "POST")
    e.wait(f"document.querySelector({json.dumps(e.field('method') + ' select')}).value === 'POST'", "POST chosen")
    e.click(e.field("body") + ' [data-mode="expression"]')
    e.type_into(e.field("body") + " textarea, " + e.field("body") + " input", "$data")
    e.click('[data-chain="onTap"] [data-action="toast"] .action-name')
    e.wait_for_element(e.field("message"), "toast's attributes")
    e.type_into(e.field("message") + " input", "Saved")
    e.wait("document.querySelector('#problems-errors') && document.querySelector('#problems-errors').textContent.trim().startsWith('0')", "no errors left")
    return e


def read(path):
    with open(path, "rb") as file:
        return file.read()


def formwork(args, *arguments):
    return subprocess.run([args.formwork, *arguments], capture_output=True, text=True, timeout=600)


def check_saved_form(args, editor, pages):
    """Ctrl-S, then the file is exactly the expected page, check passes it and a flow saves with it."""
    editor.page.press("Ctrl+s")
    editor.saved()
    tip = os.path.join(pages, "tip.json")
    saved = json.loads(read(tip))
    check(saved == EXPECTED, "the saved page isn't the expected one:\n" + json.dumps(saved, indent=2))
    checked = formwork(args, "check", pages)
    check(checked.returncode == 0, "formwork check refuses the designed page:\n" + checked.stdout + checked.stderr)
    flow = os.path.join(pages, "tip.flow.json")
    with open(flow, "w") as file:
        json.dump(FLOW, file, indent=2)
    tested = formwork(args, "test", flow)
    check(tested.returncode == 0, "the flow fails on the designed page:\n" + tested.stdout + tested.stderr)
    return read(tip)


def check_undo_redo(editor, pages, saved_bytes):
    """Ctrl-Z takes the last edits back one by one, Ctrl-Shift-Z brings them back; saving then
    writes exactly what was saved before."""
    e = editor
    # The app's own action is in the palette, and its attributes are in the property form.
    e.wait_for_element('[data-type="actions:analytics"]', "the app's action analytics in the palette")
    e.select_row("components[2]")
    e.click('[data-add-action="onTap"]')
    e.type_keys("analytics")
    e.page.press("Enter")
    e.click('[data-chain="onTap"] [data-action="analytics"] .action-name')
    e.wait_for_element(e.field("event"), "analytics' own attribute 'event' in the property form")
    e.wait("/Unsaved/.test(document.querySelector('#save-status').textContent)", "an unsaved change")
    e.page.press("Ctrl+z")
    e.wait("!document.querySelector('[data-chain=\"onTap\"] [data-action=\"analytics\"]')", "the added action undone")
    e.wait("/^Saved/.test(document.querySelector('#save-status').textContent)", "undo back to the saved page")
    # Undo three more edits (the toast's message, the body, the method), then redo them all.
    for _ in range(3):
        e.page.press("Ctrl+z")
    e.wait("/Unsaved/.test(document.querySelector('#save-status').textContent)", "undone edits")
    e.select_row("components[2]")
    e.wait("![...document.querySelectorAll('#properties input')].some(i => i.value === 'Saved')", "the toast's message undone")
    for _ in range(4):
        e.page.press("Ctrl+Shift+Z")
    e.wait("document.querySelector('[data-chain=\"onTap\"] [data-action=\"analytics\"]')", "the action redone")
    e.page.press("Ctrl+z")
    e.wait("/^Saved/.test(document.querySelector('#save-status').textContent)", "back to the saved page")
    e.page.press("Ctrl+s")
    e.saved()
    check(read(os.path.join(pages, "tip.json")) == saved_bytes, "undo and redo back to the saved page must save the same bytes")


def check_round_trip(editor, pages):
    """A page written by hand, opened, changed, changed back and saved, is byte for byte the same
    file; a real change touches only its own lines."""
    e = editor
    login = os.path.join(pages, "login.json")
    before = read(login)
    e.page.call("Page.navigate", url=e.page.evaluate("location.origin") + "/design/login.json")
    e.wait_for_element(e.row("components[1].components[0]"), "login.json open")
    e.select_row("components[1].components[0]")
    e.type_into(e.field("placeholder") + " input", "you@shop.example")
    e.wait("/Unsaved/.test(document.querySelector('#save-status').textContent)", "the placeholder changed")
    e.page.press("Ctrl+z")
    e.wait("/^Saved/.test(document.querySelector('#save-status').textContent)", "the change undone")
    e.page.press("Ctrl+s")
    e.saved()
    check(read(login) == before, "login.json opened, changed back and saved must be byte for byte the same")
    e.type_into(e.field("placeholder") + " input", "you@shop.example")
    e.wait("/Unsaved/.test(document.querySelector('#save-status').textContent)", "the placeholder changed again")
    e.page.press("Ctrl+s")
    e.saved()
    after = read(login)
    old_lines, new_lines = before.decode().split("\n"), after.decode().split("\n")
    check(len(old_lines) == len(new_lines), "one changed attribute must not add or remove lines")
    changed = [i for i, (a, b) in enumerate(zip(old_lines, new_lines)) if a != b]
    check(len(changed) == 1 and "you@shop.example" in new_lines[changed[0]] and old_lines[changed[0]].replace("owner@shop.example", "you@shop.example") == new_lines[changed[0]],
          f"only the placeholder's text may change; lines changed: {changed}")


def check_conflicts(editor, pages):
    """A change on disk while the editor has unsaved changes is never overwritten silently."""
    e = editor
    tip = os.path.join(pages, "tip.json")
    e.page.call("Page.navigate", url=e.page.evaluate("location.origin") + "/design/tip.json")
    e.wait_for_element(e.row("components[2]"), "tip.json open")
    e.select_row("components[2]")
    e.type_into(e.field("title") + " input", "Send")
    e.wait("/Unsaved/.test(document.querySelector('#save-status').textContent)", "an unsaved title")
    theirs = json.loads(read(tip))
    theirs["components"][1]["attributes"]["text"] = "Changed on disk"
    with open(tip, "w") as file:
        json.dump(theirs, file, indent=2)
    e.wait_for_element("#conflict-keep", "the editor saying the file changed on disk")
    check(json.loads(read(tip)) == theirs, "the change on disk must not be overwritten")
    e.click("#conflict-keep")
    e.wait_for_element("#conflict-keep-confirm", "what differs between the disk's version and mine")
    e.click("#conflict-keep-confirm")
    e.saved()
    mine = json.loads(read(tip))
    check(mine["components"][2]["attributes"]["title"] == "Send" and mine["components"][1]["attributes"]["text"] != "Changed on disk",
          "Keep my version must write the editor's page")
    e.type_into(e.field("title") + " input", "Save it")
    e.wait("/Unsaved/.test(document.querySelector('#save-status').textContent)", "another unsaved title")
    with open(tip, "w") as file:
        json.dump(theirs, file, indent=2)
    e.wait_for_element("#conflict-use-disk", "the editor saying the file changed on disk again")
    e.click("#conflict-use-disk")
    e.wait("/^Saved/.test(document.querySelector('#save-status').textContent)", "the disk's version loaded")
    e.wait("[...document.querySelectorAll('#tree-list [data-path]')].some(r => r.textContent.includes('Changed on disk'))", "the tree showing the disk's label")
    check(json.loads(read(tip)) == theirs, "Use the file on disk must leave the file as it is")


def run(args):
    os.makedirs(args.out, exist_ok=True)
    project = tempfile.mkdtemp(prefix="formwork-design-")
    pages = os.path.join(project, "pages")
    os.makedirs(pages)
    shutil.copy(os.path.join(ROOT, "examples/app/app.registry.json"), project)
    with open(os.path.join(project, "formwork.json"), "w") as file:
        json.dump({"registry": "app.registry.json"}, file)
    for name in ("login.json",):
        shutil.copy(os.path.join(ROOT, "pages", name), pages)
    shutil.copytree(os.path.join(ROOT, "pages", "lib"), os.path.join(pages, "lib"))
    stubs = os.path.join(project, "stubs.json")
    with open(stubs, "w") as file:
        json.dump(FLOW["stubs"], file)
    server, url, output = start_design(args.formwork, pages, stubs)
    browser = Chromium.launch(url, os.path.join(project, "profile"), width=1366, height=768)
    try:
        page = browser.page()
        shot = lambda name: page.screenshot(os.path.join(args.out, name))  # noqa: E731
        editor = Editor(page)
        # A new page, made with the keyboard.
        editor.click("#new-page-id")
        page.type_text("tip")
        page.press("Enter")
        editor.wait("location.pathname === '/design/tip.json' && document.querySelector('#tree-list')", "the new page open")
        build_form(editor, shot)
        finish_form(editor, shot)
        editor.select_row("components[0].components[0]")
        shot("design.png")
        saved_bytes = check_saved_form(args, editor, pages)
        check_undo_redo(editor, pages, saved_bytes)
        check_round_trip(editor, pages)
        check_conflicts(editor, pages)
        shot("design-conflict-resolved.png")
    except Exception:
        try:
            shot("design-failed.png")
        except Exception:  # noqa: BLE001 — the screenshot is a help, the failure is what counts
            pass
        raise
    finally:
        browser.close()
        server.terminate()
        try:
            server.wait(timeout=30)
        except subprocess.TimeoutExpired:
            server.kill()
        if not args.keep:
            shutil.rmtree(project, ignore_errors=True)
        else:
            print("kept", project)


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--formwork", required=True)
    parser.add_argument("--out", required=True)
    parser.add_argument("--keep", action="store_true", help="keep the project folder, for looking at after a failure")
    args = parser.parse_args()
    try:
        run(args)
    except (AssertionError, CDPError) as error:
        print(f"design browser test FAILED: {error}\nscreenshots so far: {args.out}", file=sys.stderr)
        return 1
    print(f"design browser test passed; screenshots in {args.out}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
