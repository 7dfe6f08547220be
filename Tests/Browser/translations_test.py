"""Translates a page with literal texts in `formwork design`'s Translations view, in headless
Chromium with DevTools clicks and key presses: one text typed into the view, one literal made
translatable in one step, the rest through an exported XLIFF file that the test fills in (as a
translator would) and imports. Then the saved page holds every German text in its string tables,
and `formwork check PAGE --locale de --strict` passes (it failed before).

    python3 Tests/Browser/translations_test.py --formwork .build/debug/formwork --out .build/translations-test
"""

import argparse
import json
import os
import re
import subprocess
import sys
import tempfile
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from cdp import Chromium  # noqa: E402
import serve  # noqa: E402

PAGE = {
    "page": "feedback",
    "title": "Feedback",
    "strings": {"en": {"send": "Send"}},
    "components": [
        {"id": "text-field", "key": "name", "attributes": {"title": "Your name", "placeholder": "e.g. Ada"}},
        {"id": "select", "key": "rating", "attributes": {"title": "Rating", "options": [{"value": 1, "title": "Bad"}, {"value": 5, "title": "Good"}]}},
        {"id": "button", "key": "send", "attributes": {"title": {"text": "send"}}},
    ],
}

failures = []


def check(condition, what):
    print(("ok    " if condition else "FAIL  ") + what)
    if not condition:
        failures.append(what)


def strict_check(formwork, path):
    result = subprocess.run([formwork, "check", path, "--locale", "de", "--strict"], capture_output=True, text=True)
    return result.returncode, result.stdout + result.stderr


FIT = """(() => {
  const panel = document.querySelector('#inspector');
  const table = document.querySelector('#translations-list table');
  const first = table && table.querySelector('tbody tr th');
  const box = panel.getBoundingClientRect();
  const start = first ? first.getBoundingClientRect().left : -1;
  const cells = table ? [...table.querySelectorAll('th, td')] : [];
  return JSON.stringify({scrollWidth: panel.scrollWidth, clientWidth: panel.clientWidth, scrollLeft: panel.scrollLeft,
    panelLeft: box.left, panelRight: box.right, windowWidth: window.innerWidth, pageScroll: document.documentElement.scrollWidth, firstStart: start,
    cut: cells.filter((cell) => cell.scrollWidth > cell.clientWidth + 1).length,
    keysShown: table ? [...table.querySelectorAll('tbody th code')].every((code) => code.scrollWidth <= code.clientWidth + 1 || code.title === code.textContent) : false});
})()"""


def check_fits(page, width, what):
    """The Translations table fits the inspector at `width` px: no sideways scroll of the panel, the
    first column starting inside it, no cell cut off (a shortened key carries its full text as a title)."""
    page.call("Emulation.setDeviceMetricsOverride", width=width, height=900, deviceScaleFactor=1, mobile=False)
    page.evaluate("new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done)))", await_promise=True)
    fit = json.loads(page.evaluate(FIT))
    check(fit["scrollWidth"] <= fit["clientWidth"] and fit["scrollLeft"] == 0,
          f"{what} at {width} px: the panel doesn't scroll sideways (scrollWidth {fit['scrollWidth']}, clientWidth {fit['clientWidth']})")
    check(fit["panelRight"] <= fit["windowWidth"] and fit["pageScroll"] <= fit["windowWidth"],
          f"{what} at {width} px: the panel is inside the window (its right edge at {fit['panelRight']:.0f}, the page {fit['pageScroll']} px wide)")
    check(fit["panelLeft"] <= fit["firstStart"] < fit["panelLeft"] + 40, f"{what} at {width} px: the first column starts in view ({fit['firstStart']:.0f} px, the panel at {fit['panelLeft']:.0f})")
    check(fit["cut"] == 0 and fit["keysShown"], f"{what} at {width} px: no cell cut off, every key readable: {fit}")


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--formwork", required=True)
    parser.add_argument("--out", default="")
    args = parser.parse_args()
    folder = tempfile.mkdtemp(prefix="translations-")
    page_file = os.path.join(folder, "feedback.json")
    with open(page_file, "w") as f:
        json.dump(PAGE, f, indent=2)
        f.write("\n")
    status, output = strict_check(args.formwork, page_file)
    check(status == 1 and "components[0].attributes.title: error: no 'de' text" in output, "check --strict fails on the literal page")

    downloads = tempfile.mkdtemp(prefix="translations-downloads-")
    process, base, _ = serve.start([args.formwork, "design", folder, "--port", "0"])
    browser = Chromium.launch("about:blank", tempfile.mkdtemp(prefix="translations-chromium-"), width=1500, height=1000)
    try:
        page = browser.page()
        page.call("Browser.setDownloadBehavior", behavior="allow", downloadPath=downloads)
        page.call("Page.navigate", url=f"{base.rstrip('/')}/design/feedback.json")
        page.wait_for("window.formworkDesign && window.formworkDesign.state.doc && document.querySelector('#tree [data-kind=page]')", "the editor")
        page.click("#tab-translations")
        page.wait_for("!document.querySelector('#translations').hidden", "the Translations tab")
        page.click("#translations-locale")
        page.press("Ctrl+a")
        page.type_text("de")
        page.press("Enter")
        page.wait_for("document.querySelectorAll('#translations-list tr[data-text-path]').length === 7", "seven texts listed, literals and option titles included")
        listed = page.evaluate("[...document.querySelectorAll('#translations-list tr[data-text-path]')].map((row) => row.dataset.textPath)")
        check("components[1].attributes.options[0].title" in listed and "components[1].attributes.options[1].title" in listed, f"the select's option titles are listed: {listed}")
        names = page.evaluate("[...document.querySelectorAll('#translations-list input')].every((i) => i.getAttribute('aria-label') && i.getAttribute('aria-label').endsWith(' in de'))")
        check(names, "every translation field is named")
        check(page.evaluate("document.querySelector('#translations-count').textContent") == "0 of 7 texts translated into de", "the count says 0 of 7 (the option titles count)")
        for width in (1280, 1024):
            check_fits(page, width, "the list as it opens")
            if args.out and width == 1024:
                os.makedirs(args.out, exist_ok=True)
                page.screenshot(os.path.join(args.out, "translations-1024.png"))
        page.call("Emulation.clearDeviceMetricsOverride")

        # 1. In the view: type the German title of the name field (a literal) and leave the field.
        page.click('#translations-list input[data-path="components[0].attributes.title"]')
        page.type_text("Ihr Name")
        page.press("Tab")
        page.wait_for("JSON.stringify(window.formworkDesign.state.doc.components[0].attributes.title) === '{\"text\":\"name.title\"}'", "the literal made translatable with its translation")
        doc = json.loads(page.evaluate("JSON.stringify(window.formworkDesign.state.doc)"))
        check(doc["strings"]["en"]["name.title"] == "Your name" and doc["strings"]["de"]["name.title"] == "Ihr Name", "the literal went to strings.en, its translation to strings.de")

        # 2. "Make translatable" in one step (no translation yet).
        page.wait_for("document.querySelector('[data-make-translatable=\"components[1].attributes.title\"]')", "the rating title's button")
        check(page.evaluate("document.querySelector('[data-make-translatable=\"components[1].attributes.title\"]').getAttribute('aria-label')") == "Make select 'rating', title translatable", "the button is named")
        page.click('[data-make-translatable="components[1].attributes.title"]')
        page.wait_for("JSON.stringify(window.formworkDesign.state.doc.components[1].attributes.title) === '{\"text\":\"rating.title\"}'", "rating's title translatable")

        # 3. Export XLIFF, fill in every empty target as a translator would, import it.
        page.click("#translations-export-xliff")
        path = os.path.join(downloads, "feedback.de.xlf")
        for _ in range(600):
            if os.path.exists(path) and os.path.getsize(path) > 0:
                break
            time.sleep(0.1)
        with open(path, encoding="utf-8") as f:
            xliff = f.read()
        check('trgLang="de"' in xliff and "<source>e.g. Ada</source>" in xliff and "<target>Ihr Name</target>" in xliff, "the exported XLIFF has sources and the translation made in the view")
        german = {"Feedback": "Rückmeldung", "e.g. Ada": "z. B. Ada", "Rating": "Bewertung", "Bad": "Schlecht", "Good": "Gut", "Send": "Senden"}
        filled = re.sub(r"<source>([^<]*)</source></segment>", lambda m: f"<source>{m.group(1)}</source><target>{german[m.group(1)]}</target></segment>", xliff)
        edited = os.path.join(downloads, "feedback.de.filled.xlf")
        with open(edited, "w", encoding="utf-8") as f:
            f.write(filled)
        root = page.call("DOM.getDocument")["root"]["nodeId"]
        node = page.call("DOM.querySelector", nodeId=root, selector="#translations-import")["nodeId"]
        page.call("DOM.setFileInputFiles", files=[edited], nodeId=node)
        page.wait_for("/^Imported 7 de texts/.test(document.querySelector('#translations-status').textContent)", "the import")
        page.wait_for("document.querySelector('#translations-count').textContent === '7 of 7 texts translated into de'", "7 of 7 translated")
        # Every text under a key now ({"text": "rating.options.1.title"}): still no sideways scroll.
        for width in (1280, 1024):
            check_fits(page, width, "the translated list")
        page.call("Emulation.clearDeviceMetricsOverride")

        # 4. Save, then the file on disk passes the strict check.
        page.press("Ctrl+s")
        page.wait_for("document.querySelector('#save-status') && /^Saved/.test(document.querySelector('#save-status').textContent)", "the page saved")
        if args.out:
            os.makedirs(args.out, exist_ok=True)
            page.screenshot(os.path.join(args.out, "translations.png"))
    finally:
        browser.close()
        process.terminate()
    with open(page_file, encoding="utf-8") as f:
        saved = json.load(f)
    check(saved["strings"]["de"].get("send") == "Senden" and saved["components"][0]["attributes"]["placeholder"] == {"text": "name.placeholder"}, "the saved page holds the imported texts under keys")
    check("Your name" not in json.dumps(saved["components"]), "no literal text is left in the components")
    status, output = strict_check(args.formwork, page_file)
    check(saved["components"][1]["attributes"]["options"][0]["title"] == {"text": "rating.options.0.title"} and saved["strings"]["de"].get("rating.options.1.title") == "Gut",
          "the option titles were made translatable and translated")
    check(status == 0 and "de: 7 of 7 texts translated" in output, "check --locale de --strict passes: " + output.strip().splitlines()[-1])
    if failures:
        print(f"{len(failures)} failed")
        sys.exit(1)
    print("translations: all passed")


if __name__ == "__main__":
    main()
