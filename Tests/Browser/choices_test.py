"""The choice inputs in `formwork preview`, filled in headless Chromium as a person does.

Opens pages/feedback.json. Clicks the fourth star of the rating with the mouse; then, with the
keyboard only, goes on with Tab: Space chooses the first radio option and an arrow key the next,
Space ticks two checkboxes, the arrow keys move the slider down two steps (its label follows),
and an arrow key moves the segmented choice. After each, the engine's $data must say what was
chosen (the options' values, not their titles). A click on Send posts it to the stub and the page
closes. A screenshot goes to --out.

    python3 Tests/Browser/choices_test.py --formwork .build/debug/formwork --pages pages --out .build/browser-test
"""

import argparse
import json
import os
import shutil
import subprocess
import sys
import tempfile

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from cdp import Chromium, CDPError, check  # noqa: E402
import serve  # noqa: E402


def run(args):
    os.makedirs(args.out, exist_ok=True)
    folder = tempfile.mkdtemp(prefix="formwork-choices-")
    stubs = os.path.join(folder, "stubs.json")
    with open(stubs, "w", encoding="utf-8") as file:
        json.dump({"POST /api/feedback": {"status": 201, "body": {"id": "f-1"}}}, file)
    preview, base, output = serve.start([args.formwork, "preview", args.pages, "--port", "0", "--api-stub", stubs])
    browser = page = None
    try:
        browser = Chromium.launch(base + "preview/feedback.json", tempfile.mkdtemp(prefix="formwork-chromium-"))
        page = browser.page()
        page.call("Page.enable")
        page.call("Runtime.enable")
        state = "window.formworkPreview && window.formworkPreview.state"
        data = f"{state}.page && {state}.data"
        settled = "!window.formworkPreview.busy"

        def wait_data(member, expected, how):
            compact = json.dumps(json.dumps(expected, ensure_ascii=False, separators=(",", ":")))
            page.wait_for(f"{settled} && {data} && JSON.stringify({state}.data.{member}) === {compact}",
                          f"$data.{member} to be {json.dumps(expected, ensure_ascii=False)} ({how})")

        page.wait_for(f"{data} && document.querySelectorAll('[data-key=stars] input[type=radio]').length === 5", "the rating's five stars")

        # The mouse: a click on the fourth star.
        page.click("[data-key=stars] label[data-value='4']")
        wait_data("stars", 4, "a click on the fourth star")
        lit = page.evaluate("[...document.querySelectorAll('[data-key=stars] label')].map((l) => l.classList.contains('fw-on'))")
        check(lit == [True, True, True, True, False], f"four stars should be lit, not {lit}")

        # The keyboard from here on. Tab leaves the rating for the radio group's first option.
        page.press("Tab")
        page.press(" ")
        wait_data("visit", "first", "Space on the first radio option")
        page.press("ArrowDown")
        wait_data("visit", "again", "ArrowDown in the radio group")
        check(page.evaluate("document.activeElement.closest('[data-key]').dataset.key") == "visit", "focus should stay in the radio group")

        # Tab to the first checkbox (Food), Space ticks it; Tab to Service, Space.
        page.press("Tab")
        page.press(" ")
        wait_data("liked", ["food"], "Space on the Food checkbox")
        page.press("Tab")
        page.press(" ")
        wait_data("liked", ["food", "service"], "Space on the Service checkbox")

        # Past Music and Price to the slider; two steps down from 5.
        for _ in range(3):
            page.press("Tab")
        check(page.evaluate("document.activeElement.type") == "range", "Tab should reach the slider")
        page.press("ArrowLeft")
        page.press("ArrowLeft")
        wait_data("noise", 3, "ArrowLeft twice on the slider")
        label = page.wait_for(f"{settled} && document.querySelector('[data-key=noise] output').textContent === '3 of 10' && 'ok'",
                              "the slider's label to read '3 of 10'")
        check(label == "ok", "the slider's label")

        # Tab into the segmented choice lands on its chosen option ("2"); ArrowRight takes "3–4".
        page.press("Tab")
        page.press("ArrowRight")
        wait_data("party", "3–4", "ArrowRight in the segmented choice")

        chosen = page.evaluate(f"JSON.stringify({state}.data)")
        check(json.loads(chosen) == {"stars": 4, "visit": "again", "liked": ["food", "service"], "noise": 3, "party": "3–4"},
              f"the engine's $data should hold the options' values, not {chosen}")
        page.screenshot(os.path.join(args.out, "choices-filled.png"))

        page.click("[data-key=send] button")
        page.wait_for(f"{settled} && {state}.page === null", "the feedback to be sent and the page to close")
        sent = json.loads(page.evaluate("JSON.stringify([...window.formworkPreview.log.requests.values()])"))
        check(len(sent) == 1 and "/api/feedback" in json.dumps(sent[0]) and '"liked"' in json.dumps(sent[0]),
              f"one POST to /api/feedback with what was chosen should have been sent, not {sent}")
    finally:
        if page:
            page.close()
        if browser:
            browser.close()
        preview.send_signal(2)
        try:
            preview.wait(timeout=30)
        except subprocess.TimeoutExpired:
            preview.kill()
        shutil.rmtree(folder, ignore_errors=True)


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--formwork", required=True)
    parser.add_argument("--pages", required=True)
    parser.add_argument("--out", required=True)
    args = parser.parse_args()
    try:
        run(args)
    except (AssertionError, CDPError) as error:
        print(f"choices browser test FAILED: {error}\nscreenshots so far: {args.out}", file=sys.stderr)
        return 1
    print(f"choices browser test passed: a star clicked, a radio, checkboxes, a slider and a segmented choice filled with keys; screenshot in {args.out}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
