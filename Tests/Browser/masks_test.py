"""Types into masked fields of `formwork preview` in headless Chromium with real key events.

Opens pages/payment.json, clicks the phone field (mask {"phone": "RU"}) and types 9123456789 key by
key: the field shows +7 (912) 345-67-89 with the caret at the end and the engine stores
+79123456789. Backspace deletes digits, and deleting the '-' literal deletes the digit before it.
Selecting all and pasting +7 912 345-67-89 gives the same number again; Home then 5 puts the 5
first, with the caret after it. Each step checks the field's text, its caret and the engine's
stored value ($data.phone): the browser shows what the engine's mask answered, nothing of its own.
Then the amount field (mask {"currency": "EUR"}) groups 1234.5 as 1,234.5 and stores 1234.5.

    python3 Tests/Browser/masks_test.py --formwork .build/debug/formwork --pages pages \
        --stubs Tests/Browser/stubs.json --out .build/browser-test/masks
"""

import argparse
import json
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from cdp import PREVIEW_IDLE, PREVIEW_STATE, check, served_page  # noqa: E402


def run(args):
    os.makedirs(args.out, exist_ok=True)
    command = [args.formwork, "preview", args.pages, "--port", "0", "--api-stub", args.stubs]
    with served_page(command, "preview/payment.json") as (page, _, _):
        state, settled = PREVIEW_STATE, PREVIEW_IDLE
        phone = "document.querySelector('[data-key=phone] input')"
        page.wait_for(f"{state} && {phone}", "the payment form")

        def field(expected_text, expected_caret, expected_raw, what):
            # NB: wait on what the engine knows: no action on its way and the stored value.
            page.wait_for(f"{settled} && {state}.data.phone === {json.dumps(expected_raw)} && {phone}.value === {json.dumps(expected_text)}",
                          f"{what}: the field to show {expected_text!r} and $data.phone to be {expected_raw!r}")
            caret = page.evaluate(f"{phone}.selectionStart")
            check(caret == expected_caret, f"{what}: the caret should be at {expected_caret}, not {caret}")

        page.click("[data-key=phone] input")
        for key in "9123456789":
            page.press(key)
        field("+7 (912) 345-67-89", 18, "+79123456789", "typed key by key")
        page.screenshot(os.path.join(args.out, "1-phone-typed.png"))

        page.press("Backspace")
        field("+7 (912) 345-67-8", 17, "+7912345678", "one backspace")
        page.press("Backspace")
        field("+7 (912) 345-67-", 16, "+791234567", "two backspaces")
        page.press("Backspace")
        field("+7 (912) 345-6", 14, "+79123456", "backspace over the '-' literal deletes the digit before it")

        # Select the whole field, then paste: the text arrives at once, as a paste inserts it.
        page.evaluate(f"{phone}.select()")
        page.call("Input.insertText", text="+7 912 345-67-89")
        field("+7 (912) 345-67-89", 18, "+79123456789", "formatted text pasted over the selection")

        page.press("Home")
        page.press("5")
        field("+7 (591) 234-56-78", 5, "+75912345678", "5 typed first")

        amount = "document.querySelector('[data-key=amount] input')"
        page.click("[data-key=amount] input")
        for key in "1234.5":
            if key == ".":
                # NB: cdp.press would send "." with the Delete key's code (46); a real period key is 190.
                base = dict(key=".", code="Period", windowsVirtualKeyCode=190, nativeVirtualKeyCode=190)
                page.call("Input.dispatchKeyEvent", type="keyDown", text=".", **base)
                page.call("Input.dispatchKeyEvent", type="keyUp", **base)
            else:
                page.press(key)
        page.wait_for(f"{settled} && {state}.data.amount === 1234.5 && {amount}.value === '1,234.5'",
                      "the amount to show 1,234.5 and $data.amount to be 1234.5")
        check(page.evaluate(f"{amount}.selectionStart") == 7, "the amount's caret should be at its end")
        page.screenshot(os.path.join(args.out, "2-masked.png"))
        print("masks test: typing, deleting and pasting in masked fields shows the engine's text, caret and value")



if __name__ == "__main__":
    parser = argparse.ArgumentParser()
    parser.add_argument("--formwork", required=True)
    parser.add_argument("--pages", default="pages")
    parser.add_argument("--stubs", default="Tests/Browser/stubs.json")
    parser.add_argument("--out", default=".build/browser-test/masks")
    run(parser.parse_args())
