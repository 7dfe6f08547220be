"""Driving `formwork design` in headless Chromium, shared by the editor's browser tests
(design_shell_test, design_fields_test, design_polish_test, design_edit_test): starting the
server, and a person's moves in the editor — selecting a tree row, switching a field's mode,
picking from a menu, typing over a field, saving with Ctrl-S — each waiting on what the editor
shows, never on time.

    process, base, output = start_design(formwork, folder, assets=None)
    test = EditorTest(browser.page(), base, out)
    test.select("components[0]"); test.type_over("#node-key", "name"); test.save()
"""

import json
import os

from cdp import CDPError
import serve

# The document being edited, as the editor keeps it (state.js).
DOC = "window.formworkDesign.state.doc"
SELECTED = "document.querySelector('#tree [aria-selected=true]')"


def start_design(formwork, folder, assets=None, extra=()):
    """Starts `formwork design` on `folder` on a free port (the editor's files from `assets`, a
    folder, when given: FORMWORK_DESIGN_ASSETS); returns the process, its address and its output."""
    env = dict(os.environ)
    if assets:
        env["FORMWORK_DESIGN_ASSETS"] = os.path.abspath(assets)
    return serve.start([formwork, "design", folder, "--port", "0", *extra], env=env)


def wait_doc(page, condition, what, timeout=60):
    """Waits until `condition` (JavaScript reading DOC) holds for the document being edited."""
    page.wait_for(f"window.formworkDesign && {DOC} && ({condition})", what, timeout=timeout)


def select_key(page, key):
    """Clicks the tree row of the component `key` and waits until it is the selected one (keys
    pressed next act on the selection)."""
    page.click(f'[role=treeitem][data-key="{key}"]')
    page.wait_for(f"{SELECTED} && {SELECTED}.dataset.key === {json.dumps(key)}", f"{key} selected")


def save(page):
    """Ctrl-S, then waits until the editor says the page is saved."""
    page.press("Ctrl+s")
    page.wait_for("document.querySelector('#save-status').dataset.state === 'saved'", "the save")


class EditorTest:
    """A test that goes on after a failed check (each is printed, ok or FAIL; `failures` lists
    them), with the editor's moves at hand."""

    def __init__(self, page, base, out, folder=None):
        self.page, self.base, self.out, self.folder, self.failures = page, base.rstrip("/"), out, folder, []

    def js(self, expression):
        return self.page.evaluate(expression)

    def check(self, condition, what):
        print(("ok    " if condition else "FAIL  ") + what)
        if not condition:
            self.failures.append(what)

    def doc(self, path):
        """The value at a JS path into the document being edited, as JSON."""
        return self.js(f"JSON.stringify({DOC}{path})")

    def wait(self, condition, what, timeout=30):
        """Waits until `condition` holds; False when it doesn't within `timeout` s (no raise)."""
        try:
            self.page.wait_for(condition, what, timeout=timeout)
            return True
        except CDPError:
            return False

    def open(self, file):
        """Opens `file` in the editor. A page with unsaved edits asks before it is left
        (beforeunload): its edits are undone first, with clicks on Undo."""
        for _ in range(200):
            if not self.js("!!(window.formworkDesign && window.formworkDesign.isDirty() && !document.querySelector('#undo').disabled)"):
                break
            self.page.click("#undo")
        self.page.call("Page.navigate", url=f"{self.base}/design/{file}")
        self.page.wait_for(f"window.formworkDesign && {DOC} && document.querySelector('#tree [data-kind=page]')", f"the editor with {file}")

    def select(self, path_text):
        """Selects the tree row at `path_text` (`components[0]`, "" for the page) and waits for its
        properties. NB: the tree redraws after an edit, and a click that lands while it does can hit
        the row it replaced; so the click is repeated until the row is selected (idempotent)."""
        selected = f"{SELECTED} && {SELECTED}.dataset.path === {json.dumps(path_text)}"
        row = f'#tree [data-path="{path_text}"]'
        for _ in range(5):
            self.page.wait_for(f"document.querySelector({json.dumps(row)})", f"the row {path_text!r}")
            self.page.click(row)
            if self.wait(selected, f"{path_text or 'the page'} selected", timeout=5):
                break
        self.page.wait_for(selected, f"{path_text or 'the page'} selected")
        self.page.wait_for("document.querySelector('#properties h2') || document.querySelector('#settings h2')", f"the inspector for {path_text}")

    def mode(self, attribute, mode):
        """Switches the field of `attribute` to `mode` with a click on its mode switch."""
        self.page.click(f'[data-attribute="{attribute}"] [data-mode="{mode}"]')
        self.page.wait_for(f"document.querySelector('[data-attribute=\"{attribute}\"][data-current-mode=\"{mode}\"]')", f"{attribute} written as {mode}")

    def pick(self, selector, text):
        """Picks the option whose text is `text` in the <select> `selector` with the keyboard: a
        click opens it, arrow keys walk to the option, Enter takes it."""
        options = self.js(f"[...document.querySelector({json.dumps(selector)}).options].map(o => o.text)")
        at = self.js(f"document.querySelector({json.dumps(selector)}).selectedIndex")
        self.page.click(selector)
        target = options.index(text)
        for _ in range(abs(target - at)):
            self.page.press("ArrowDown" if target > at else "ArrowUp")
        self.page.press("Enter")
        self.page.wait_for(f"document.querySelector({json.dumps(selector)}).selectedIndex === {target}", f"{text} chosen")

    def type_over(self, selector, text):
        """Clicks the field, selects what is in it with Ctrl-A and types `text` over it."""
        self.page.type_over(selector, text)

    def save(self):
        save(self.page)

    def file_text(self, name):
        with open(os.path.join(self.folder, name)) as file:
            return file.read()

    def shot(self, name):
        if self.out:
            self.page.screenshot(os.path.join(self.out, name))
