"""Checks every example page in `formwork preview` the way a screen reader and an auditor would.

For each page the preview lists (pages/*.json and below), in English, in Simplified Chinese when
the page has zh-Hans texts, and for a page with Arabic texts shown right to left:
  - runs axe-core at WCAG 2.2 AA over the whole view (the page and the preview's own bar,
    inspector and dialogs) and fails on any violation, listing rule, element and what to do;
  - reads Chromium's accessibility tree (DevTools `Accessibility.getFullAXTree`) and compares, for
    every component shown, the name and role Chromium computed with the engine's accessibility
    description in the snapshot the preview serves (`accessibility` of each component): a
    mismatch fails with the page, the component and both values.
Then, on the login page: a failed validation moves focus to the first invalid field and the
error is announced in the live region.
Screenshots of each view go to --out.

    python3 Tests/Browser/a11y_test.py --formwork .build/debug/formwork --pages pages \
        --stubs Tests/Browser/stubs.json --out .build/browser-test/a11y
"""

import argparse
import json
import os
import re
import shutil
import sys
import tempfile
import urllib.request

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from cdp import CDPError, check, served_page  # noqa: E402
import axe  # noqa: E402

STATE = "window.formworkPreview && window.formworkPreview.state"

# Settled: the state is drawn, no action is on its way, no dialog is open, and nothing the engine
# shows is still loading (a `status` in state "loading" waits for its request's answer).
SETTLED = f"""({STATE} && !window.formworkPreview.busy && (() => {{
    const s = {STATE};
    if (!s.page) return s.broken || s.stack.length === 0;
    const loading = (nodes) => nodes.some(n => (n.type === 'status' && n.attributes.state === 'loading') || loading(n.children || []));
    return !loading(s.page.components) && document.querySelector('#form').children.length > 0;
}})())"""

# Roles a person acts on: Chromium must give each of them a name.
INTERACTIVE = {"button", "textbox", "checkbox", "switch", "combobox", "spinbutton", "slider", "radio",
               "link", "option", "tab", "menuitem", "searchbox", "listbox", "radiogroup"}


class Views:
    """Opens pages in one tab and checks each view; collects failures instead of stopping at the first."""

    def __init__(self, page, source, out, results):
        self.page, self.source, self.out = page, source, out
        self.failures, self.checked = results["failures"], results["checked"]

    def open(self, url):
        self.page.call("Page.navigate", url=url)
        self.page.wait_for(f"{STATE} && ({STATE}.page || {STATE}.broken) && {SETTLED}", f"{url} to open")

    def switch_locale(self, tag):
        self.page.evaluate(f"""(() => {{
            const select = document.getElementById('locale');
            select.value = {json.dumps(tag)};
            select.dispatchEvent(new Event('change'));
        }})()""")
        self.page.wait_for(f"{STATE}.locale === {json.dumps(tag)} && {SETTLED}", f"the page in {tag}")

    def check_view(self, label):
        """axe-core and the accessibility tree, on the view as it is now."""
        self.page.evaluate("document.activeElement && document.activeElement.blur()")
        name = re.sub(r"[^A-Za-z0-9.-]+", "-", label).strip("-")
        self.page.screenshot(os.path.join(self.out, f"{name}.png"))
        violations = axe.run(self.page, self.source)
        if violations:
            self.failures.append(f"{label}: axe-core found {sum(len(v['nodes']) for v in violations)} violation(s) of WCAG 2.2 AA:\n"
                                 + axe.describe(violations))
        problems = tree_problems(self.page)
        if problems:
            self.failures.append(f"{label}: the accessibility tree doesn't match the engine's description:\n"
                                 + "\n".join("  " + p for p in problems))
        self.checked.append(label)


def ax_tree(page):
    """Chromium's accessibility tree: backend DOM node id → {role, name, ignored}."""
    page.call("Accessibility.enable")
    nodes = page.call("Accessibility.getFullAXTree")["nodes"]
    tree = {}
    for node in nodes:
        backend = node.get("backendDOMNodeId")
        if backend is None:
            continue
        tree[backend] = {
            "role": (node.get("role") or {}).get("value", ""),
            "name": (node.get("name") or {}).get("value", ""),
            "ignored": node.get("ignored", False),
        }
    return tree


def tree_problems(page):
    """Interactive elements without a name; and, per component, Chromium's name and role against the engine's."""
    tree = ax_tree(page)
    problems = []
    document = page.call("DOM.getDocument", depth=-1, pierce=False)["root"]
    for backend, node in tree.items():
        if not node["ignored"] and node["role"] in INTERACTIVE and not node["name"].strip():
            described = page.call("DOM.describeNode", backendNodeId=backend)["node"]
            attributes = described.get("attributes", [])
            attrs = " ".join(f'{attributes[i]}="{attributes[i + 1]}"' for i in range(0, len(attributes), 2))
            problems.append(f"a {node['role']} has no accessible name: <{described['localName']} {attrs}>")
    problems += description_problems(page, tree, document)
    return problems


def description_problems(page, tree, document):
    """For every component the engine describes: the element standing for it (data-a11y-for) has
    Chromium's role and name equal to the engine's."""
    components = page.evaluate(f"""(() => {{
        const s = {STATE};
        const all = [];
        const walk = (nodes) => nodes.forEach(n => {{ all.push({{id: n.id, type: n.type, key: n.key, hidden: n.hidden, a11y: n.accessibility || null}}); walk(n.children || []); }});
        if (s && s.page) walk(s.page.components);
        return all;
    }})()""")
    described = [c for c in components if c["a11y"] is not None]
    if not described:
        return []
    expected = page.evaluate("window.formworkA11y ? window.formworkA11y.expectations() : null")
    if expected is None:
        return ["the snapshot describes components but the preview doesn't draw ARIA from it (no window.formworkA11y)"]
    problems = []
    nodes = page.call("DOM.querySelectorAll", nodeId=document["nodeId"], selector="[data-a11y-for]")["nodeIds"]
    by_component = {}
    for node_id in nodes:
        node = page.call("DOM.describeNode", nodeId=node_id)["node"]
        attributes = node.get("attributes", [])
        component = dict(zip(attributes[::2], attributes[1::2])).get("data-a11y-for")
        by_component.setdefault(component, node["backendNodeId"])
    for item in expected:
        where = f"component {item['id']} ({item['type']}{', key ' + item['key'] if item.get('key') else ''})"
        backend = by_component.get(str(item["id"]))
        if backend is None:
            if item["role"] is not None:
                problems.append(f"{where}: no element stands for it (data-a11y-for), the engine says role {item['role']!r}")
            continue
        node = tree.get(backend)
        if node is None or node["ignored"]:
            if item["role"] is not None:
                problems.append(f"{where}: Chromium ignores it, the engine says role {item['role']!r} name {item['name']!r}")
            continue
        if item["role"] is not None and node["role"] != item["role"]:
            problems.append(f"{where}: Chromium's role is {node['role']!r}, the engine's is {item['role']!r}")
        if item["name"] is not None and " ".join(node["name"].split()) != " ".join(item["name"].split()):
            problems.append(f"{where}: Chromium's name is {node['name']!r}, the engine's is {item['name']!r}")
    return problems


def check_dialog_and_inspector(views, base):
    """The preview's own chrome in its other states: a picker open over the page, the inspector's
    Messages tab, the page's warnings folded open."""
    page = views.page
    views.open(preview_url(base, "dish-edit.json"))
    page.click("[data-key=category] button")
    page.wait_for("document.querySelector('.dialog[data-kind=picker]')", "the category picker")
    views.check_view("dish-edit picker open")
    page.click(".dialog[data-kind=picker] .dialog-buttons button")
    page.wait_for(f"!document.querySelector('.dialog') && {SETTLED}", "the picker to close")
    for tab in ("requests", "trace", "messages"):
        page.click(f".tabs [data-tab={tab}]")
    views.check_view("dish-edit inspector messages")


def check_failed_validation(views, base):
    """Login with a bad email and a short password: Sign in's validate fails, focus moves to the
    first invalid field (the engine says which) and the engine's announcement is in a live region;
    the field says it is invalid and is described by its error. Again after focus went elsewhere.
    Then a good sign-in: its toast is announced."""
    page = views.page
    views.open(preview_url(base, "login.json"))
    if page.evaluate(f"{STATE}.locale") != "en":
        views.switch_locale("en")
    page.click("[data-key=email] input")
    page.type_text("not-an-email")
    page.click("[data-key=password] input")
    page.type_text("short")
    page.wait_for(f"{SETTLED} && {STATE}.data.password === 'short' && !document.querySelector('[data-key=signIn] button').disabled", "Sign in to be enabled")
    for attempt in ("first", "second"):
        page.evaluate("document.activeElement && document.activeElement.blur(); window.formworkPreview.announced.length = 0")
        page.click("[data-key=signIn] button")
        page.wait_for(f"{SETTLED} && document.querySelector('[data-key=email]').classList.contains('fw-invalid')", "the email field to show its error")
        engine = page.evaluate(f"{STATE}.page.announcements.filter(a => a.kind === 'validation').map(a => a.message)")
        check(engine, f"the engine should announce the failed validation ({attempt} try), but its announcements are "
              + json.dumps(page.evaluate(f"{STATE}.page.announcements")))
        said = page.wait_for(f"""(() => {{
            const region = document.getElementById('announce-assertive').textContent || document.getElementById('announce-polite').textContent;
            return region.includes({json.dumps(engine[-1])}) && region;
        }})()""", f"the live region to say {engine[-1]!r}", timeout=30)
        focused = page.wait_for("document.activeElement && document.activeElement.closest('[data-key]') && document.activeElement.closest('[data-key]').dataset.key",
                                "focus to move to a field")
        check(focused == "email", f"after a failed validate ({attempt} try) focus should be on the first invalid field, email, not {focused!r}")
        field = page.evaluate("""(() => {
            const input = document.activeElement;
            const described = (input.getAttribute('aria-describedby') || '').split(' ').filter(Boolean).map(id => document.getElementById(id).textContent);
            return {invalid: input.getAttribute('aria-invalid'), described};
        })()""")
        error = page.evaluate(f"{STATE}.page.components.flatMap(c => [c, ...c.children]).find(c => c.key === 'email').error")
        check(field["invalid"] == "true" and error in field["described"],
              f"the focused email field should be aria-invalid and described by its error {error!r}, not {field}")
    print(f"a11y test: a failed validate moved focus to the email field and the live region said {said!r}")
    views.check_view("login failed validation")

    page.click("[data-key=email] input")
    page.press("Ctrl+a")
    page.type_text("li@shop.example")
    page.click("[data-key=password] input")
    page.type_text("long enough")
    page.wait_for(f"{SETTLED} && {STATE}.data.email === 'li@shop.example'", "the new email")
    toasts = "window.formworkPreview.log.messages.filter(m => m.kind === 'toast')"
    before = page.evaluate(f"{toasts}.length")
    page.click("[data-key=signIn] button")
    shown = page.wait_for(f"{toasts}.length > {before} && {toasts}[{before}].message", "the welcome toast", timeout=60)
    check(shown.startswith("Welcome back"), f"signing in should show the welcome toast, not {shown!r}")
    said = page.wait_for(f"""(() => {{
        const text = document.getElementById('announce-polite').textContent;
        return text.includes({json.dumps(shown)}) && text;
    }})()""", "the welcome toast to be announced", timeout=30)
    check(page.evaluate("[...document.querySelectorAll('#toasts .toast')].every(t => t.getAttribute('aria-hidden') === 'true')"),
          "the drawn toast should be hidden from screen readers: the live region says it, once")
    print(f"a11y test: the sign-in toast was announced: {said!r}")


def pages_listed(base):
    with urllib.request.urlopen(base + "api/pages", timeout=60) as response:
        return [page["file"] for page in json.load(response)["pages"]]


def preview_url(base, file):
    return base + "preview/" + "/".join(urllib.request.quote(part) for part in file.split("/"))


def check_examples(args, source, results):
    with served_page([args.formwork, "preview", args.pages, "--port", "0", "--api-stub", args.stubs], "") as (page, base, _):
        page.call("DOM.enable")
        views = Views(page, source, args.out, results)

        page.call("Page.navigate", url=base)
        page.wait_for("document.querySelectorAll('.page-card').length > 0", "the list of pages")
        views.check_view("index")

        files = pages_listed(base)
        check(len(files) >= 7, f"the preview should list the example pages, not {files}")
        for file in files:
            views.open(preview_url(base, file))
            views.check_view(f"{file} en")
            locales = page.evaluate(f"{STATE}.locales")
            if "zh-Hans" in locales:
                views.switch_locale("zh-Hans")
                views.check_view(f"{file} zh-Hans")
        check_dialog_and_inspector(views, base)
        check_failed_validation(views, base)


def check_right_to_left(args, source, results):
    """A page with Arabic texts, shown in Arabic (right to left)."""
    folder = tempfile.mkdtemp(prefix="formwork-rtl-")
    with open(os.path.join(folder, "cart.json"), "w", encoding="utf-8") as file:
        json.dump({"page": "cart", "title": {"text": "title"},
                   "strings": {"en": {"title": "Cart", "total": "Total", "pay": "Pay", "note": "Note"},
                               "ar": {"title": "السلة", "total": "المجموع", "pay": "ادفع", "note": "ملاحظة"}},
                   "data": {"total": 1234.5, "note": ""},
                   "components": [
                       {"id": "label", "key": "total", "attributes": {"text": {"template": "${text('total')} ${formatMoney($data.total, 'SAR')}"}}},
                       {"id": "text-field", "key": "note", "attributes": {"title": {"text": "note"}, "value": {"expr": "$data.note"}}},
                       {"id": "button", "key": "pay", "attributes": {"title": {"text": "pay"}}}]},
                  file, ensure_ascii=False)
    try:
        with served_page([args.formwork, "preview", folder, "--port", "0", "--api-stub", args.stubs], "preview/cart.json") as (page, base, _):
            page.call("DOM.enable")
            views = Views(page, source, args.out, results)
            page.wait_for(f"{STATE} && {STATE}.page && {SETTLED}", "the cart")
            views.switch_locale("ar")
            device = page.evaluate("[document.getElementById('device').dir, document.getElementById('device').lang]")
            check(device == ["rtl", "ar"], f"the page should be shown dir=rtl lang=ar, not {device}")
            views.check_view("cart ar (right to left)")
    finally:
        shutil.rmtree(folder, ignore_errors=True)


def check_editor(args, source, results):
    """`formwork design` on a page with a text field that has no name: the problems list shows
    check's accessibility problem; the author gives it an accessibility label in the properties
    panel (typing, as a person does) and the problem goes; the editor itself passes axe-core."""
    folder = tempfile.mkdtemp(prefix="formwork-a11y-design-")
    with open(os.path.join(folder, "note.json"), "w", encoding="utf-8") as file:
        json.dump({"page": "note", "title": "Note", "data": {"note": ""},
                   "components": [{"id": "text-field", "key": "note", "attributes": {"value": {"expr": "$data.note"}}}]}, file)
    try:
        with served_page([args.formwork, "design", folder, "--port", "0"], "design/note.json") as (page, base, _):
            page.wait_for("window.formworkDesign && window.formworkDesign.state.doc && document.querySelector('#tree [data-kind=page]')", "the editor")
            rule = page.wait_for("""[...document.querySelectorAll('#problems .problem')].map(p => p.textContent).find(t => /components\\[0\\]/.test(t) && /name/.test(t))""",
                                 "check's accessibility problem about the nameless field in the problems list", timeout=60)
            print(f"a11y test: the editor lists check's accessibility problem: {rule!r}")
            page.click('#tree [data-path="components[0]"]')
            page.wait_for("document.querySelector('#properties section.accessibility')", "the accessibility fields of the text field")
            page.screenshot(os.path.join(args.out, "design-accessibility.png"))
            page.click('[data-attribute="accessibility.label"] input')
            page.type_text("Note for the kitchen")
            written = page.wait_for("(() => { const a = window.formworkDesign.state.doc.components[0].attributes.accessibility; "
                                    "return a && a.label === 'Note for the kitchen' && JSON.stringify(a); })()", "the label written into the page")
            check(json.loads(written) == {"label": "Note for the kitchen"}, f"the page should say accessibility {{label}}, not {written}")
            page.wait_for("![...document.querySelectorAll('#problems .problem')].some(p => /components\\[0\\]/.test(p.textContent) && /name/.test(p.textContent))",
                          "the accessibility problem to go once the field has a label", timeout=60)
            page.evaluate("document.activeElement && document.activeElement.blur()")
            violations = axe.run(page, source)
            if violations:
                results["failures"].append("the editor (formwork design): axe-core found violations of WCAG 2.2 AA:\n" + axe.describe(violations))
            results["checked"].append("editor")
    finally:
        shutil.rmtree(folder, ignore_errors=True)


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--formwork", required=True)
    parser.add_argument("--pages", required=True)
    parser.add_argument("--stubs", required=True)
    parser.add_argument("--out", required=True)
    parser.add_argument("--axe", default=".build/axe", help="where axe.min.js is kept (fetched there when missing)")
    args = parser.parse_args()
    os.makedirs(args.out, exist_ok=True)
    results = {"failures": [], "checked": []}
    try:
        source, version = axe.load(args.axe)
        print(f"a11y test: axe-core {version}, rules tagged {', '.join(axe.TAGS)}")
        check_examples(args, source, results)
        check_right_to_left(args, source, results)
        check_editor(args, source, results)
    except (AssertionError, CDPError) as error:
        results["failures"].append(str(error))
    failures, checked = results["failures"], results["checked"]
    if failures:
        print(f"a11y test FAILED ({len(checked)} views checked):\n\n" + "\n\n".join(failures)
              + f"\n\nscreenshots: {args.out}", file=sys.stderr)
        return 1
    print(f"a11y test passed: {len(checked)} views ({', '.join(checked)}) with no axe-core violation "
          f"and an accessibility tree that matches the engine's description; screenshots in {args.out}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
