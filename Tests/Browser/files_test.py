"""Uploads a file through `formwork preview`'s real <input type=file> in headless Chromium.

Opens the expense-receipt page, types an amount, chooses examples/files/fixtures/receipt.jpg in the
receipt input (the DevTools protocol's DOM.setFileInputFiles: what the browser's file dialog
does), checks that the preview server kept it as the page's attachment, taps Submit, and checks
the multipart upload the stub server answered: the amount field and the receipt file, with its
name, media type and size. Screenshots go to --out.

    python3 Tests/Browser/files_test.py --formwork .build/debug/formwork --pages examples/files \
        --stubs Tests/Browser/stubs.json --out .build/browser-test/files
"""

import argparse
import json
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from cdp import PREVIEW_IDLE, PREVIEW_STATE, check, served_page  # noqa: E402


def run(args):
    os.makedirs(args.out, exist_ok=True)
    receipt = os.path.abspath(os.path.join(args.pages, "fixtures", "receipt.jpg"))
    size = os.path.getsize(receipt)
    command = [args.formwork, "preview", args.pages, "--port", "0", "--api-stub", args.stubs]
    with served_page(command, "preview/expense-receipt.json") as (page, _, _):
        page.call("DOM.enable")
        state, settled = PREVIEW_STATE, PREVIEW_IDLE
        page.wait_for(f"{state} && document.querySelector('[data-key=receipt] input[type=file]')", "the receipt's file input")
        accept = page.evaluate("document.querySelector('[data-key=receipt] input[type=file]').accept")
        check(accept == "image/*,application/pdf", f"the file input should accept image/*,application/pdf, not {accept!r}")

        page.click("[data-key=amount] input")
        page.type_text("12.5")
        page.wait_for(f"{settled} && {state}.data.amount === 12.5", "$data.amount to be 12.5")

        # Choose the file, as the file dialog would.
        document = page.call("DOM.getDocument")
        found = page.call("DOM.querySelector", nodeId=document["root"]["nodeId"], selector="[data-key=receipt] input[type=file]")
        page.call("DOM.setFileInputFiles", nodeId=found["nodeId"], files=[receipt])
        page.wait_for(f"{settled} && {state}.data.receipt.length === 1", "the receipt to be attached")
        attached = page.evaluate(f"{state}.data.receipt[0]")
        check(attached["name"] == "receipt.jpg" and attached["type"] == "image/jpeg" and attached["size"] == size,
              f"the attachment should be receipt.jpg, image/jpeg, {size} bytes, not {json.dumps(attached)}")
        listed = page.evaluate("document.querySelector('[data-key=receipt] .fw-attachments').textContent")
        check("receipt.jpg" in listed, f"the input should list receipt.jpg, not {listed!r}")
        page.screenshot(os.path.join(args.out, "1-attached.png"))

        page.click("[data-key=submit] button")
        page.wait_for(f"{settled} && {state}.responded", "the page to respond")
        requests = page.evaluate("[...window.formworkPreview.log.requests.values()]")
        check(len(requests) == 1, f"one request should have been sent, not {json.dumps(requests)}")
        sent = requests[0]
        check(sent["method"] == "POST" and sent["path"] == "/api/expenses", f"expected POST /api/expenses, got {sent['method']} {sent['path']}")
        expected = {"fields": {"amount": "12.5"}, "files": [{"field": "receipt", "name": "receipt.jpg", "type": "image/jpeg", "size": size}]}
        check(sent["body"] == expected, f"the upload should hold {json.dumps(expected)}, not {json.dumps(sent['body'])}")
        response = page.evaluate(f"{state}.response")
        check(response == {"id": "E-17"}, f"the page should hand back the claim, not {json.dumps(response)}")
        page.screenshot(os.path.join(args.out, "2-sent.png"))
        print("files test: the receipt was attached through <input type=file> and uploaded as multipart/form-data")



def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--formwork", required=True)
    parser.add_argument("--pages", default="examples/files")
    parser.add_argument("--stubs", default="Tests/Browser/stubs.json")
    parser.add_argument("--out", default=".build/browser-test/files")
    run(parser.parse_args())


if __name__ == "__main__":
    main()
