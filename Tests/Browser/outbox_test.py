"""The preview's network switch and outbox, in headless Chromium, as an author tries an offline page.

Serves a folder of its own: a quick-order page whose "Place order" button sends
`POST /api/orders` with `"offline": "queue"` and shows `$result`'s queued message, and a stub file
answering it. Clicks the bar's network switch off, clicks Place order: the page shows "We will send
your order when you are back online", the outbox panel lists the request with its Idempotency-Key,
and the stub server got nothing. axe-core checks that view (the switch and the panel). Clicks the
switch on: the stub server gets the order once, with the same Idempotency-Key, the panel empties,
and the inspector's request list shows the key. Screenshots go to --out.

    python3 Tests/Browser/outbox_test.py --formwork .build/debug/formwork --out .build/browser-test/outbox
"""

import argparse
import json
import os
import shutil
import sys
import tempfile

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from cdp import CDPError, PREVIEW_IDLE, PREVIEW_STATE, check, served_page, write_json  # noqa: E402
import axe  # noqa: E402

QUEUED = "We will send your order when you are back online"

PAGE = {
    "page": "quick-order", "title": "Quick order",
    "data": {"item": "Green tea", "message": ""},
    "components": [
        {"id": "text-field", "key": "item", "attributes": {"title": "Item", "value": {"expr": "$data.item"}}},
        {"id": "button", "key": "order", "attributes": {"title": "Place order"}, "interactions": {"onTap": [
            {"id": "api", "attributes": {"method": "POST", "url": "/api/orders", "body": {"expr": "{item: $data.item}"}, "offline": "queue"}},
            {"id": "store-var", "attributes": {"key": "$data.message",
                                               "value": {"expr": f"$result.queued ? '{QUEUED}' : 'Order ' + $result.id"}}},
        ]}},
        {"id": "label", "key": "message", "attributes": {"text": {"expr": "$data.message"}}},
    ],
}


def orders(page):
    """The requests the stub server answered for POST /api/orders, as the inspector's record has them."""
    return page.evaluate("[...window.formworkPreview.log.requests.values()].filter(r => r.path === '/api/orders')")


def run(args):
    os.makedirs(args.out, exist_ok=True)
    source, version = axe.load(args.axe)
    folder = tempfile.mkdtemp(prefix="formwork-outbox-")
    pages = os.path.join(folder, "pages")
    write_json(pages, "quick-order.json", PAGE)
    stubs = write_json(folder, "stubs.json", {"POST /api/orders": {"status": 201, "body": {"id": "o-1"}}})
    command = [args.formwork, "preview", pages, "--port", "0", "--api-stub", stubs]
    try:
        with served_page(command, "preview/quick-order.json") as (page, _, _):
            check_offline_then_online(page, args, source, version)
    finally:
        shutil.rmtree(folder, ignore_errors=True)


def check_offline_then_online(page, args, source, version):
    """Offline, the order waits in the outbox; online, it reaches the stub server once, with its key."""
    state = PREVIEW_STATE
    connection = f"{state}.connection"
    page.wait_for(f"{state} && {state}.page && document.querySelector('[data-key=order] button')", "the quick-order page")
    switch = page.evaluate("""(() => { const s = document.getElementById('network');
        return {role: s.getAttribute('role'), checked: s.checked, label: s.closest('label').textContent.trim()}; })()""")
    check(switch == {"role": "switch", "checked": True, "label": "Online"}, f"the bar should have an Online switch, on: {switch}")
    check(page.evaluate("document.getElementById('outbox').hidden"), "online with nothing waiting, the outbox panel should be hidden")

    # Offline: the order waits in the outbox, and the page says so.
    page.click("#network")
    page.wait_for(f"{PREVIEW_IDLE} && {connection}.online === false", "the preview to go offline")
    check(not page.evaluate("document.getElementById('network').checked"), "the switch should show the network off")
    page.click("[data-key=order] button")
    page.wait_for(f"{PREVIEW_IDLE} && {state}.data.message === {json.dumps(QUEUED)}", "the queued message in $data")
    shown = page.wait_for(f"(document.querySelector('[data-key=message]') || {{}}).textContent.includes({json.dumps(QUEUED)}) && "
                          "document.querySelector('[data-key=message]').textContent", "the page to show the queued message")
    waiting = page.evaluate(f"{connection}.outbox")
    check(len(waiting) == 1 and waiting[0]["method"] == "POST" and waiting[0]["url"] == "/api/orders",
          f"the outbox should hold the order, not {json.dumps(waiting)}")
    key = waiting[0]["id"]
    panel = page.wait_for("!document.getElementById('outbox').hidden && document.querySelectorAll('#outbox li').length === 1 && "
                          "document.getElementById('outbox').textContent", "the outbox panel to list the order")
    for expected in ("Outbox: 1 waiting", "POST", "/api/orders", f"Idempotency-Key {key}"):
        check(expected in panel, f"the outbox panel should say {expected!r}: {panel!r}")
    check(page.evaluate("document.getElementById('outbox').getAttribute('aria-labelledby')") == "outbox-title",
          "the outbox panel should be a region named by its heading")
    check(orders(page) == [], f"offline, nothing should reach the stub server, but it got {json.dumps(orders(page))}")
    page.screenshot(os.path.join(args.out, "1-offline-queued.png"))
    page.evaluate("document.activeElement && document.activeElement.blur()")
    violations = axe.run(page, source)
    check(not violations, f"axe-core {version} found violations of WCAG 2.2 AA offline, with the outbox panel shown:\n" + axe.describe(violations))
    print(f"outbox test: offline, the page said {shown.strip()!r} and the panel listed POST /api/orders with key {key}")

    # Online: the stub server gets it once, with its key, and the panel empties.
    page.click("#network")
    page.wait_for(f"{PREVIEW_IDLE} && {connection}.online === true && {connection}.outbox.length === 0", "the outbox to be sent")
    page.wait_for("document.getElementById('outbox').hidden", "the outbox panel to empty")
    sent = page.wait_for("(() => { const r = [...window.formworkPreview.log.requests.values()].filter(r => r.path === '/api/orders');"
                         " return r.length > 0 && r.every(r => r.status !== null) && r; })()", "the order's answer in the request list")
    check(len(sent) == 1, f"the stub server should get the order once, not {len(sent)} times: {json.dumps(sent)}")
    check(sent[0]["method"] == "POST" and sent[0]["status"] == 201 and sent[0]["body"] == {"item": "Green tea"},
          f"the stub server should get POST /api/orders {{item: Green tea}} and answer 201: {json.dumps(sent[0])}")
    check(sent[0]["headers"].get("Idempotency-Key") == key,
          f"the order should carry Idempotency-Key {key}, not {json.dumps(sent[0]['headers'])}")
    page.click(".tabs [data-tab=requests]")
    listed = page.wait_for(f"document.getElementById('panel').textContent.includes({json.dumps('Idempotency-Key: ' + key)}) && "
                           "document.getElementById('panel').textContent", "the request list to show the key")
    check("/api/orders" in listed, f"the request list should show the order: {listed!r}")
    page.screenshot(os.path.join(args.out, "2-online-sent.png"))
    print(f"outbox test: online, the stub server got POST /api/orders once with Idempotency-Key {key}; the outbox is empty")


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--formwork", required=True)
    parser.add_argument("--out", default=".build/browser-test/outbox")
    parser.add_argument("--axe", default=".build/axe", help="where axe.min.js is kept (fetched there when missing)")
    try:
        run(parser.parse_args())
    except (AssertionError, CDPError) as error:
        print(f"outbox test FAILED: {error}", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
