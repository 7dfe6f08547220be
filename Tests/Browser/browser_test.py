"""Uses `formwork preview` in headless Chromium the way a person does, and checks what happens.

Opens the dish-edit page, types a name and a price, picks a category in the picker, turns on
"Spicy" and raises the heat, taps Save (answered by the stub file), and checks the request the
engine sent, the toast, and that the page closed handing back the saved dish. Then opens it again
on a phone-sized screen. Last, opens the order page and switches the preview's locale to
Simplified Chinese: the page opens again with its zh-Hans texts and money written the Chinese way,
laid out left to right; and a page with Arabic texts, switched to Arabic, lays out right to left.
Screenshots of each stage go to --out.

    python3 Tests/Browser/browser_test.py --formwork .build/debug/formwork --pages pages \
        --stubs Tests/Browser/stubs.json --out .build/browser-test
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


def start_preview(formwork, pages, stubs):
    """Starts `formwork preview` on a free port; returns the process, its address and its output."""
    return serve.start([formwork, "preview", pages, "--port", "0", "--api-stub", stubs])


def check(condition, message):
    if not condition:
        raise AssertionError(message)


def run(args):
    os.makedirs(args.out, exist_ok=True)
    shot = lambda name: page.screenshot(os.path.join(args.out, name))  # noqa: E731
    preview, base, output = start_preview(args.formwork, args.pages, args.stubs)
    browser = None
    page = None
    try:
        profile = tempfile.mkdtemp(prefix="formwork-chromium-")
        browser = Chromium.launch(base + "preview/dish-edit.json", profile)
        page = browser.page()
        page.call("Page.enable")
        page.call("Runtime.enable")

        state = "window.formworkPreview && window.formworkPreview.state"
        settled = "!window.formworkPreview.busy"
        page.wait_for(f"{state} && document.querySelector('[data-key=name] input')", "the dish-edit form")
        check(page.evaluate("document.getElementById('title').textContent") == "New dish", "the title should be 'New dish'")
        shot("1-opened.png")

        # Type a name and a price, as a person does: click the field, type.
        page.click("[data-key=name] input")
        page.type_text("Mapo tofu")
        page.wait_for(f"{settled} && {state}.data.dish.name === 'Mapo tofu'", "$data.dish.name to be 'Mapo tofu'")
        page.click("[data-key=price] input")
        page.type_text("12.5")
        page.wait_for(f"{settled} && {state}.data.dish.price === 12.5", "$data.dish.price to be 12.5")
        tax = page.wait_for("!document.querySelector('[data-key=priceWithTax]').hidden && "
                            "document.querySelector('[data-key=priceWithTax]').textContent", "the price with tax to show")
        check(tax == "CN¥13.25 with 6% tax", f"the price with tax should read 'CN¥13.25 with 6% tax', not {tax!r}")

        # The category select opens the engine's picker; choose Soups.
        page.click("[data-key=category] button")
        page.wait_for("document.querySelector('.dialog[data-kind=picker]')", "the category picker")
        page.click(".dialog[data-kind=picker] .options button:nth-child(4)")
        page.wait_for(f"{settled} && {state}.data.dish.category === 'soups'", "$data.dish.category to be 'soups'")
        check(page.evaluate("document.querySelector('[data-key=category] button').textContent") == "Soups",
              "the select should show 'Soups'")

        # Spicy on, then the heat up one step (the stepper appears only once spicy is on).
        page.click("[data-key=spicy] input")
        page.wait_for(f"{settled} && {state}.data.dish.spicy === true && !document.querySelector('[data-key=spiceLevel]').hidden",
                      "the heat stepper to appear")
        page.click("[data-key=spiceLevel] button[aria-label=more]")
        page.wait_for(f"{settled} && {state}.data.dish.spiceLevel === 2", "$data.dish.spiceLevel to be 2")
        page.evaluate("document.activeElement && document.activeElement.blur()")
        shot("2-filled.png")

        # Save: validate, POST to the stub, toast, hand the dish back, close.
        page.click("[data-key=save] button")
        page.wait_for(f"{settled} && {state}.responded && {state}.page === null", "the page to respond and close")
        requests = page.evaluate("[...window.formworkPreview.log.requests.values()]")
        check(len(requests) == 1, f"one request should have been sent, not {json.dumps(requests)}")
        sent = requests[0]
        check(sent["method"] == "POST" and sent["path"] == "/api/dishes", f"expected POST /api/dishes, got {sent['method']} {sent['path']}")
        body = sent["body"]
        expected = {"name": "Mapo tofu", "price": 12.5, "category": "soups", "spicy": True, "spiceLevel": 2, "description": ""}
        check(body == expected, f"the request body should be {json.dumps(expected)}, not {json.dumps(body)}")
        check(sent["status"] == 201, f"the stub answers 201, the request shows {sent['status']}")
        toasts = page.evaluate("window.formworkPreview.log.messages.filter(m => m.kind === 'toast').map(m => m.message)")
        check(toasts == ["Saved “Mapo tofu”"], f"one toast 'Saved “Mapo tofu”' should have shown, not {toasts}")
        response = page.evaluate(f"{state}.response")
        check(response.get("id") == "d-9", f"the page should hand back the saved dish, not {json.dumps(response)}")
        check("The page closed" in page.evaluate("document.getElementById('ended').textContent"), "the view should say the page closed")
        page.click(".tabs [data-tab=requests]")
        page.evaluate("document.querySelector('#panel details') && (document.querySelector('#panel details').open = true)")
        shot("3-saved.png")

        # The same page on a phone-sized screen, opened again.
        page.call("Emulation.setDeviceMetricsOverride", width=390, height=844, deviceScaleFactor=2, mobile=True)
        page.call("Page.reload")
        page.wait_for("document.querySelector('#ended button')", "the 'Open it again' button")
        page.click("#ended button")
        page.wait_for(f"{settled} && {state}.page && document.querySelector('[data-key=name] input')", "the form to open again")
        check(page.evaluate(f"{state}.data.dish.name") == "", "opening again should start with the page's own data")
        width = page.evaluate("document.documentElement.scrollWidth")
        check(width <= 390, f"the page should fit a 390 px wide screen, but is {width} px wide")
        shot("4-phone.png")

        # The order page, switched to Simplified Chinese with the locale switch in the bar.
        page.call("Emulation.clearDeviceMetricsOverride")
        page.call("Page.navigate", url=base + "preview/order.json")
        page.wait_for(f"{state} && {state}.page && {state}.page.id === 'order' && !document.getElementById('locale-switch').hidden",
                      "the order page with its locale switch")
        options = page.evaluate("[...document.querySelectorAll('#locale option')].map(o => o.value)")
        check(options == ["en", "zh-Hans"], f"the locale switch should offer the page's languages en and zh-Hans, not {options}")
        check(page.evaluate("document.getElementById('title').textContent") == "Order (4 items)", "the order opens in English")
        page.choose("#locale", "zh")
        page.wait_for(f"{settled} && {state}.locale === 'zh-Hans' && document.getElementById('title').textContent === '订单（4 件）'",
                      "the order in Simplified Chinese")
        subtotal = page.wait_for("document.querySelector('[data-key=\"subtotal.amount\"]') && "
                                 "document.querySelector('[data-key=\"subtotal.amount\"]').textContent", "the subtotal row")
        check(subtotal == "小计 ¥66.00", f"the subtotal should read '小计 ¥66.00', not {subtotal!r}")
        device = page.evaluate("[document.getElementById('device').dir, document.getElementById('device').lang]")
        check(device == ["ltr", "zh-Hans"], f"the page container should be dir=ltr lang=zh-Hans, not {device}")
        shot("5-zh-Hans.png")
        print("zh-Hans screenshot: " + os.path.join(args.out, "5-zh-Hans.png"))
    finally:
        if page:
            page.close()
        if browser:
            browser.close()
        preview.send_signal(2)  # Ctrl-C: the preview stops cleanly
        try:
            status = preview.wait(timeout=30)
        except subprocess.TimeoutExpired:
            preview.kill()
            raise AssertionError("formwork preview didn't stop within 30 s of Ctrl-C")
    check(status == 0, f"formwork preview should exit 0 after Ctrl-C, not {status}:\n" + "".join(output))
    check(any("Stopped the preview." in line for line in output), "formwork preview should say it stopped")
    check_right_to_left(args)


def check_right_to_left(args):
    """A page with Arabic texts, switched to Arabic: the page container reads right to left."""
    folder = tempfile.mkdtemp(prefix="formwork-rtl-")
    with open(os.path.join(folder, "cart.json"), "w", encoding="utf-8") as file:
        json.dump({"page": "cart", "title": {"text": "title"},
                   "strings": {"en": {"title": "Cart", "total": "Total"}, "ar": {"title": "السلة", "total": "المجموع"}},
                   "data": {"total": 1234.5},
                   "components": [{"id": "label", "key": "total", "attributes": {"text": {"template": "${text('total')} ${formatMoney($data.total, 'SAR')}"}}}]},
                  file, ensure_ascii=False)
    preview, base, output = start_preview(args.formwork, folder, args.stubs)
    browser = page = None
    try:
        browser = Chromium.launch(base + "preview/cart.json", tempfile.mkdtemp(prefix="formwork-chromium-"))
        page = browser.page()
        page.call("Page.enable")
        page.call("Runtime.enable")
        state = "window.formworkPreview && window.formworkPreview.state"
        page.wait_for(f"{state} && {state}.page && !document.getElementById('locale-switch').hidden", "the cart with its locale switch")
        check(page.evaluate("document.getElementById('device').dir") == "ltr", "an English page reads left to right")
        page.choose("#locale", "ar")
        page.wait_for(f"!window.formworkPreview.busy && {state}.locale === 'ar' && document.getElementById('title').textContent === 'السلة'", "the cart in Arabic")
        device = page.evaluate("[document.getElementById('device').dir, document.getElementById('device').lang, getComputedStyle(document.getElementById('form')).direction]")
        check(device == ["rtl", "ar", "rtl"], f"the page container should be dir=rtl lang=ar and lay the form out right to left, not {device}")
        page.screenshot(os.path.join(args.out, "6-ar-rtl.png"))
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
    parser.add_argument("--stubs", required=True)
    parser.add_argument("--out", required=True)
    args = parser.parse_args()
    try:
        run(args)
    except (AssertionError, CDPError) as error:
        print(f"browser test FAILED: {error}\nscreenshots so far: {args.out}", file=sys.stderr)
        return 1
    print(f"browser test passed: typed, picked, saved with a stub, reopened on a phone screen, switched the order page to zh-Hans and a page to Arabic (right to left); screenshots in {args.out}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
