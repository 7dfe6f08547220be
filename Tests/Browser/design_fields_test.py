"""Uses `formwork design`'s inspector in headless Chromium the way a person does (DevTools mouse
clicks and key presses only; reading the page is fine), and checks the
page document it builds: attribute fields and their modes, expressions checked as they are typed,
one undo step per field typed in, validations, a component's key, chains of actions, the canonical
attribute form kept, texts per language, and the page's settings (data, params, computed values).

    python3 Tests/Browser/design_fields_test.py --formwork .build/debug/formwork --pages pages \
        --out .build/design-fields-test
    python3 Tests/Browser/design_fields_test.py --url http://127.0.0.1:PORT/   # a running server
"""

import argparse
import json
import os
import shutil
import sys
import tempfile

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from cdp import Chromium  # noqa: E402
import editor  # noqa: E402


def start_design(formwork, pages):
    """Starts `formwork design` on a copy of `pages` on a free port; returns the process and its address."""
    folder = tempfile.mkdtemp(prefix="design-fields-")
    for name in os.listdir(pages):
        source = os.path.join(pages, name)
        (shutil.copytree if os.path.isdir(source) else shutil.copy)(source, os.path.join(folder, name))
    process, url, _ = editor.start_design(formwork, folder)
    return process, url


def run(test):
    t = test
    # -- A component's attributes: literal text, one undo step for what is typed in one visit.
    t.open("dish-edit.json")
    t.select("components[0].components[2]")  # label #priceWithTax
    t.check(t.js("document.querySelector('#properties h2').textContent") == "label", "the label's properties show")
    style = json.loads(t.doc(".components[0].components[2].attributes.style"))
    t.page.click('[data-attribute="style"] input')
    t.page.press("End")
    t.page.type_text("-")
    t.page.type_text("x")
    t.check(t.doc(".components[0].components[2].attributes.style") == json.dumps(style + "-x"), "typing writes the literal at once")
    t.check(t.js("document.querySelector('#undo').title").startswith("Undo Set style"), "the edit is one command: " + t.js("document.querySelector('#undo').title"))
    t.page.click("#undo")
    t.check(t.doc(".components[0].components[2].attributes.style") == json.dumps(style), "one undo takes all the typing back")

    # -- An expression checked as it is typed: the problem under the field, its range marked.
    t.select("components[0].components[1]")  # number-field #price
    t.mode("hidden", "expression")
    t.page.click('[data-attribute="hidden"] input')
    t.page.type_text("lenn($data.dish.name) > 3")
    t.check(t.wait("document.querySelector('[data-attribute=\"hidden\"] .field-problems li')", "the expression's problem", timeout=30),
            "the expression's problem shows")
    t.check("unknown function 'lenn'" in t.js("document.querySelector('[data-attribute=\"hidden\"] .field-problems').textContent"), "the server's problem shows under the field")
    t.check(t.js("document.querySelector('[data-attribute=\"hidden\"] .expr-mirror mark').textContent") == "lenn", "the part it is about is marked")
    t.check(t.doc(".components[0].components[1].attributes.hidden") == '{"expr":"lenn($data.dish.name) > 3"}', "the compact form stays compact")
    t.shot("expression-problem.png")
    t.page.click("#undo")
    t.page.click("#undo")
    t.check(t.doc(".components[0].components[1].attributes.hidden") is None, "undo takes back the typing, then the mode")

    # -- Validations: add from the registered ones, with their own fields.
    before = json.loads(t.doc(".components[0].components[1].validations") or "[]")
    t.page.choose("#add-validation", "range")
    after = json.loads(t.doc(".components[0].components[1].validations"))
    t.check(len(after) == len(before) + 1 and after[-1] == {"id": "range"}, "a validation is added")
    t.check(t.js("document.querySelectorAll('[data-list=validations] li.node').length") == len(after), "each validation is listed with its fields")
    t.page.click('[data-list=validations] li.node:last-child [data-attribute="max"] input')
    t.page.type_text("500")
    t.check(json.loads(t.doc(".components[0].components[1].validations"))[-1] == {"id": "range", "attributes": {"max": 500}}, "a validation's attribute is written as a number")

    # -- The key stays unique.
    t.type_over("#node-key", "name")
    t.check(t.doc(".components[0].components[1].key") == '"price"', "a key another component has is refused")
    t.check("already used" in t.js("document.querySelector('[data-attribute=key] .field-note').textContent"), "and says why")

    # -- Chains: add an action to a button's onTap by typing its id and Enter; it is selected.
    t.select("components[1].components[0]")  # button #save
    count = t.js("document.querySelectorAll('[data-chain=onTap] > li').length")
    t.page.click("[data-add-action=onTap]")
    t.page.type_text("toast")
    t.page.press("Enter")
    t.check(t.js("document.querySelectorAll('[data-chain=onTap] > li').length") == count + 1, "an action is added to the chain")
    t.check(t.js("document.querySelector('#properties h2').textContent") == "toast", "the new action is selected and its attributes show")
    t.check(t.wait("[...document.querySelectorAll('[data-attribute=message] .field-problems li')].some(li => /needs the attribute 'message'/.test(li.textContent))", "the missing message", timeout=30),
            "a missing required attribute shows under its field")
    t.page.click("[data-chain=onTap] > li:last-child .action-name")
    t.page.press("Alt+ArrowUp")
    items = t.js("[...document.querySelectorAll('[data-chain=onTap] > li')].map(li => li.dataset.action)")
    t.check(items[-2] == "toast", "Alt+Up moves it up: " + ",".join(items))
    t.shot("chains.png")

    # -- Texts: the locale switch edits the text of a key in that language.
    t.select("components[0].components[0]")  # text-field #name, title {"text": "name"}
    # (an attribute with values is a choice among them)
    t.page.choose("[data-attribute=keyboard] select", "email")
    t.check(t.doc(".components[0].components[0].attributes.keyboard") == '"email"', "an attribute's values are a choice")
    t.page.click("#undo")
    t.page.choose("#locale", "zh")
    t.check(t.js("document.querySelector('[data-attribute=title] input.text-value').value") == "菜名", "the zh-Hans text shows")
    t.page.click("[data-attribute=title] input.text-value")
    t.page.press("End")
    t.page.type_text("称")
    t.check(t.doc(".strings['zh-Hans'].name") == '"菜名称"' and t.doc(".strings.en.name") == '"Name"', "editing writes strings.zh-Hans only")
    t.page.choose("#locale", "en")

    # -- The page's settings: data as JSON (an error says where), applied as one command.
    t.select("")
    t.type_over("#page-data", '{\n  "a": 1,\n  "b": \n}')
    t.check(t.js("document.querySelector('#data-error').textContent").startswith("line 4, column 1"), "a JSON error says its line and column")
    t.type_over("#page-data", '{"a": 1}')
    t.page.click("#apply-data")
    t.check(t.doc(".data") == '{"a":1}', "the data is applied")
    t.check(t.js("document.querySelector('#undo').title") == "Undo Set data (Ctrl-Z)", "in one command")
    t.page.click("#undo")
    t.type_over("[data-try-param=dishId]", "42")
    t.page.click("#try-params")
    t.check(t.js("document.querySelector('#canvas iframe').getAttribute('src')") == "/preview/dish-edit.json?dishId=42", "a param's try value reopens the live page with it")

    # -- The canonical form stays canonical.
    t.open("cashier-settings.json")
    t.select("components[0].components[1].components[2]")  # text-field #receiptFooter
    t.page.choose("[data-attribute=keyboard] select", "email")
    attributes = json.loads(t.doc(".components[0].components[1].components[2].attributes"))
    t.check(isinstance(attributes, list) and {"name": "keyboard", "type": "string", "mode": "literal", "value": "email"} in attributes, "an attribute added to a canonical node is canonical")
    t.check(t.js("!!document.querySelector('[data-attribute=title] [data-mode]') && !document.querySelector('[data-attribute=title] [data-mode=text]')"),
            "text-by-key isn't offered in the canonical form")


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--formwork")
    parser.add_argument("--pages", default="pages")
    parser.add_argument("--url", help="an already running `formwork design` (its pages are changed)")
    parser.add_argument("--out", default="")
    args = parser.parse_args()
    process = None
    if args.url:
        base = args.url
    else:
        process, base = start_design(args.formwork, args.pages)
    if args.out:
        os.makedirs(args.out, exist_ok=True)
    browser = Chromium.launch("about:blank", tempfile.mkdtemp(prefix="design-fields-chromium-"), width=1500, height=1000)
    try:
        test = editor.EditorTest(browser.page(), base, args.out)
        run(test)
    finally:
        browser.close()
        if process:
            process.terminate()
    if test.failures:
        print(f"{len(test.failures)} failed")
        sys.exit(1)
    print("design fields: all passed")


if __name__ == "__main__":
    main()
