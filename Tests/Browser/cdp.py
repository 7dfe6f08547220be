"""A small Chrome DevTools Protocol client over a WebSocket, with Python's standard library only.

    browser = Chromium.launch(url, profile_dir)     # headless, on a free debugging port
    page = browser.page()                           # a CDP connection to the open tab
    page.call("Page.navigate", url="http://…")
    page.wait_for("document.querySelector('form')", "the form")
    page.evaluate("1 + 1")                          # 2
    page.screenshot("shot.png")
    browser.close()
"""

import base64
import contextlib
import json
import shutil
import sys
import tempfile
import os
import socket
import struct
import subprocess
import time
import urllib.request


class CDPError(Exception):
    pass


class WebSocket:
    """A client WebSocket (RFC 6455) enough for CDP: text frames, masking, fragments, ping/pong."""

    def __init__(self, url, timeout):
        if not url.startswith("ws://"):
            raise CDPError(f"expected a ws:// URL, got {url}")
        rest = url[len("ws://"):]
        host_port, _, path = rest.partition("/")
        host, _, port = host_port.partition(":")
        self.sock = socket.create_connection((host, int(port or 80)), timeout=timeout)
        key = base64.b64encode(os.urandom(16)).decode()
        request = (f"GET /{path} HTTP/1.1\r\nHost: {host_port}\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n"
                   f"Sec-WebSocket-Key: {key}\r\nSec-WebSocket-Version: 13\r\n\r\n")
        self.sock.sendall(request.encode())
        head = b""
        while b"\r\n\r\n" not in head:
            chunk = self.sock.recv(4096)
            if not chunk:
                raise CDPError("the browser closed the connection during the WebSocket handshake")
            head += chunk
        head, _, self.buffer = head.partition(b"\r\n\r\n")
        if b" 101 " not in head.split(b"\r\n")[0]:
            raise CDPError(f"WebSocket handshake refused: {head.decode(errors='replace')}")

    def send(self, text):
        payload = text.encode()
        mask = os.urandom(4)
        header = bytearray([0x81])
        if len(payload) < 126:
            header.append(0x80 | len(payload))
        elif len(payload) < 1 << 16:
            header += bytes([0x80 | 126]) + struct.pack(">H", len(payload))
        else:
            header += bytes([0x80 | 127]) + struct.pack(">Q", len(payload))
        masked = bytes(b ^ mask[i % 4] for i, b in enumerate(payload))
        self.sock.sendall(bytes(header) + mask + masked)

    def _read(self, count):
        while len(self.buffer) < count:
            chunk = self.sock.recv(1 << 16)
            if not chunk:
                raise CDPError("the browser closed the DevTools connection")
            self.buffer += chunk
        data, self.buffer = self.buffer[:count], self.buffer[count:]
        return data

    def receive(self):
        """The next whole text message."""
        message = b""
        while True:
            first, second = self._read(2)
            opcode, final = first & 0x0F, first & 0x80
            length = second & 0x7F
            if length == 126:
                length = struct.unpack(">H", self._read(2))[0]
            elif length == 127:
                length = struct.unpack(">Q", self._read(8))[0]
            payload = self._read(length)
            if opcode == 0x9:  # ping
                self._pong(payload)
                continue
            if opcode == 0x8:
                raise CDPError("the browser closed the DevTools connection")
            if opcode in (0x0, 0x1, 0x2):
                message += payload
                if final:
                    return message.decode()

    def _pong(self, payload):
        mask = os.urandom(4)
        self.sock.sendall(bytes([0x8A, 0x80 | len(payload)]) + mask + bytes(b ^ mask[i % 4] for i, b in enumerate(payload)))

    def close(self):
        try:
            self.sock.close()
        except OSError:
            pass


class Page:
    """One tab, driven over CDP."""

    def __init__(self, ws_url, timeout=150):
        self.ws = WebSocket(ws_url, timeout)
        self.next_id = 0
        self.events = []

    def call(self, method, **params):
        self.next_id += 1
        ident = self.next_id
        self.ws.send(json.dumps({"id": ident, "method": method, "params": params}))
        while True:
            message = json.loads(self.ws.receive())
            if message.get("id") == ident:
                if "error" in message:
                    raise CDPError(f"{method}: {message['error'].get('message')}")
                return message.get("result", {})
            if "method" in message:
                self.events.append(message)

    def evaluate(self, expression, await_promise=False):
        result = self.call("Runtime.evaluate", expression=expression, returnByValue=True, awaitPromise=await_promise)
        if "exceptionDetails" in result:
            details = result["exceptionDetails"]
            text = details.get("exception", {}).get("description") or details.get("text")
            raise CDPError(f"{text}\n  while evaluating: {expression}")
        return result["result"].get("value")

    def wait_for(self, condition, what, timeout=90):
        """Waits, inside the page, until the JavaScript `condition` is truthy; returns its value.

        The bound only decides how long a broken page takes to fail: a busy 2-core machine
        running Chromium beside the preview server can take well over 30 s for a step."""
        script = f"""new Promise((resolve, reject) => {{
            const started = Date.now();
            (function check() {{
                let value;
                try {{ value = ({condition}); }} catch (error) {{ value = undefined; }}
                if (value) return resolve(value);
                if (Date.now() - started > {int(timeout * 1000)}) return reject(new Error({json.dumps(f"timed out after {timeout} s waiting for {what}")}));
                setTimeout(check, 25);
            }})();
        }})"""
        # A navigation (the first load, a reload) replaces the page's JavaScript context and
        # Chromium drops a wait still running in the old one ("Execution context was destroyed"):
        # the wait starts again in the new context, as many times as the page navigates.
        deadline = time.monotonic() + timeout
        while True:
            try:
                return self.evaluate(script, await_promise=True)
            except CDPError as error:
                replaced = any(text in str(error) for text in ("context was destroyed", "Cannot find context", "navigated or closed"))
                if not replaced or time.monotonic() > deadline:
                    raise

    def center_of(self, selector):
        box = self.evaluate(f"""(() => {{
            const node = document.querySelector({json.dumps(selector)});
            if (!node) return null;
            node.scrollIntoView({{block: "center"}});
            const r = node.getBoundingClientRect();
            return {{x: r.left + r.width / 2, y: r.top + r.height / 2}};
        }})()""")
        if not box:
            raise CDPError(f"nothing on the page matches {selector}")
        return box["x"], box["y"]

    def click(self, selector):
        """A real mouse click at the middle of the first element matching `selector`."""
        x, y = self.center_of(selector)
        for kind in ("mousePressed", "mouseReleased"):
            self.call("Input.dispatchMouseEvent", type=kind, x=x, y=y, button="left", clickCount=1)

    def type_text(self, text):
        self.call("Input.insertText", text=text)

    # Key names → (code, key code) for the keys tests press; printable keys are their character.
    KEYS = {
        "Enter": ("Enter", 13), "Tab": ("Tab", 9), "Escape": ("Escape", 27), "Delete": ("Delete", 46),
        "Backspace": ("Backspace", 8), "ArrowUp": ("ArrowUp", 38), "ArrowDown": ("ArrowDown", 40),
        "ArrowLeft": ("ArrowLeft", 37), "ArrowRight": ("ArrowRight", 39), " ": ("Space", 32),
        "Home": ("Home", 36), "End": ("End", 35),
    }
    MODIFIERS = {"Alt": 1, "Ctrl": 2, "Meta": 4, "Shift": 8}

    def press(self, combo):
        """A real key press, like "Enter", "Ctrl+z", "Ctrl+Shift+Z", "Shift+Tab", "Delete"."""
        *mods, key = combo.split("+") if combo != "+" else ["+"]
        modifiers = sum(self.MODIFIERS[m] for m in mods)
        if key in self.KEYS:
            code, vk = self.KEYS[key]
            text = "\r" if key == "Enter" else (" " if key == " " else "")
        else:
            code = ("Key" + key.upper()) if key.isalpha() else ("Digit" + key if key.isdigit() else key)
            vk = ord(key.upper())
            text = "" if modifiers & (2 | 4) else (key.upper() if modifiers & 8 else key)
        base = dict(modifiers=modifiers, key=key, code=code, windowsVirtualKeyCode=vk, nativeVirtualKeyCode=vk)
        self.call("Input.dispatchKeyEvent", type="keyDown" if text else "rawKeyDown", text=text, **base)
        self.call("Input.dispatchKeyEvent", type="keyUp", **base)

    def type_over(self, selector, text):
        """Clicks the field `selector`, selects what is in it with Ctrl-A and types `text` over it."""
        self.click(selector)
        self.press("Ctrl+a")
        self.type_text(text)

    def settles(self, condition, timeout=10):
        """True when `condition` holds in the page within `timeout` seconds, else False (no raise):
        for a test that shows a behaviour missing with its own message."""
        try:
            self.wait_for(condition, condition, timeout=timeout)
            return True
        except CDPError:
            return False

    def choose(self, selector, option_text):
        """Picks an option of the <select> `selector` with the keyboard, as a person does: a click
        focuses it, typing the start of the option's text picks it (type-ahead reads key presses,
        so they go one at a time), Enter takes it."""
        self.click(selector)
        for character in option_text:
            self.press(character)
        self.press("Enter")

    def point_of(self, selector, where="center"):
        """A point inside the element: its middle, or near its top ("top") or bottom ("bottom")."""
        box = self.evaluate(f"""(() => {{
            const node = document.querySelector({json.dumps(selector)});
            if (!node) return null;
            node.scrollIntoView({{block: "nearest"}});
            const r = node.getBoundingClientRect();
            return {{x: r.left + r.width / 2, top: r.top, h: r.height}};
        }})()""")
        if not box:
            raise CDPError(f"nothing on the page matches {selector}")
        fraction = {"center": 0.5, "top": 0.2, "bottom": 0.8}[where]
        return box["x"], box["top"] + box["h"] * fraction

    def drag(self, source, target, where="center", steps=6):
        """Drags with the mouse from the element `source` to the element `target` (its middle, or
        its top or bottom part), as a person does. HTML drag and drop in a headless browser goes
        through the DevTools drag interception (as Puppeteer's dragAndDrop does); pointer-driven
        dragging just sees the mouse moving with the button down."""
        x0, y0 = self.point_of(source)
        self.call("Input.setInterceptDrags", enabled=True)
        self.events = [e for e in self.events if e.get("method") != "Input.dragIntercepted"]
        self.call("Input.dispatchMouseEvent", type="mouseMoved", x=x0, y=y0)
        self.call("Input.dispatchMouseEvent", type="mousePressed", x=x0, y=y0, button="left", buttons=1, clickCount=1)
        x1, y1 = self.point_of(target, where)
        for i in range(1, steps + 1):
            x = x0 + (x1 - x0) * i / steps
            y = y0 + (y1 - y0) * i / steps
            self.call("Input.dispatchMouseEvent", type="mouseMoved", x=x, y=y, button="left", buttons=1)
        intercepted = [e for e in self.events if e.get("method") == "Input.dragIntercepted"]
        if intercepted:
            data = intercepted[-1]["params"]["data"]
            for kind in ("dragEnter", "dragOver", "drop"):
                self.call("Input.dispatchDragEvent", type=kind, x=x1, y=y1, data=data)
        self.call("Input.dispatchMouseEvent", type="mouseReleased", x=x1, y=y1, button="left", buttons=0, clickCount=1)
        self.call("Input.setInterceptDrags", enabled=False)

    def screenshot(self, path):
        data = self.call("Page.captureScreenshot", format="png", captureBeyondViewport=False)["data"]
        with open(path, "wb") as file:
            file.write(base64.b64decode(data))

    def close(self):
        self.ws.close()


class Chromium:
    """Headless Chromium with remote debugging on a free port."""

    def __init__(self, process, port, profile):
        self.process = process
        self.port = port
        self.profile = profile

    @classmethod
    def launch(cls, url, profile, width=1280, height=900, timeout=60):
        binary = next((name for name in ("chromium", "chromium-browser", "google-chrome") if _which(name)), None)
        if binary is None:
            raise CDPError("no chromium found; install Debian's chromium package")
        os.makedirs(profile, exist_ok=True)
        active = os.path.join(profile, "DevToolsActivePort")
        if os.path.exists(active):
            os.remove(active)
        process = subprocess.Popen(
            [binary, "--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage", "--no-first-run",
             "--no-default-browser-check", "--hide-scrollbars", "--remote-debugging-port=0", f"--user-data-dir={profile}",
             f"--window-size={width},{height}", url],
            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        deadline = time.monotonic() + timeout
        while True:
            if os.path.exists(active):
                with open(active) as file:
                    lines = file.read().split()
                if lines:
                    return cls(process, int(lines[0]), profile)
            if process.poll() is not None:
                raise CDPError(f"chromium exited with status {process.returncode} before it was ready")
            if time.monotonic() > deadline:
                process.kill()
                raise CDPError("chromium didn't start within a minute")
            time.sleep(0.05)

    def page(self):
        with urllib.request.urlopen(f"http://127.0.0.1:{self.port}/json/list", timeout=30) as response:
            targets = json.load(response)
        tab = next((t for t in targets if t.get("type") == "page"), None)
        if tab is None:
            raise CDPError("chromium has no open tab")
        return Page(tab["webSocketDebuggerUrl"])

    def close(self):
        self.process.terminate()
        try:
            self.process.wait(timeout=10)
        except subprocess.TimeoutExpired:
            self.process.kill()
            self.process.wait()


def _which(name):
    for folder in os.environ.get("PATH", "").split(os.pathsep):
        if os.access(os.path.join(folder, name), os.X_OK):
            return True
    return False


# ---------- Shared by the tests that drive `formwork preview` ----------

# The preview's state as its page script keeps it (page.js), and "no action on its way".
PREVIEW_STATE = "window.formworkPreview && window.formworkPreview.state"
PREVIEW_IDLE = "!window.formworkPreview.busy"


def check(condition, message):
    """Fails the test with `message` unless `condition` holds."""
    if not condition:
        raise AssertionError(message)


def write_json(folder, name, value):
    """Writes `value` as JSON to folder/name (creating the folders on the way); returns its path.
    For the pages and stub files a test serves from a folder of its own."""
    path = os.path.join(folder, name)
    os.makedirs(os.path.dirname(path), exist_ok=True)
    with open(path, "w", encoding="utf-8") as file:
        json.dump(value, file, ensure_ascii=False, indent=2)
    return path


def stop(process, timeout=30):
    """Stops a `formwork` server as Ctrl-C does (SIGINT), killing it when it doesn't stop in time."""
    process.send_signal(2)
    try:
        process.wait(timeout=timeout)
    except subprocess.TimeoutExpired:
        process.kill()
        process.wait()


@contextlib.contextmanager
def served_page(command, path):
    """Runs a `formwork` server (`serve.start(command)`), opens `path` below its address in headless
    Chromium and yields (page, base address, the server's output lines); then closes the browser,
    stops the server and removes the browser's profile. A failure prints what the server said.

        with served_page([formwork, "preview", pages, "--port", "0"], "preview/order.json") as (page, base, output):
            page.wait_for(PREVIEW_STATE, "the page")
    """
    import serve  # NB: here, not above: serve imports this module.
    process, base, output = serve.start(command)
    profile = tempfile.mkdtemp(prefix="formwork-chromium-")
    browser = page = None
    try:
        browser = Chromium.launch(base + path, profile)
        page = browser.page()
        page.call("Page.enable")
        page.call("Runtime.enable")
        yield page, base, output
    except Exception:
        print("".join(output), file=sys.stderr)
        raise
    finally:
        if page:
            page.close()
        if browser:
            browser.close()
        stop(process)
        shutil.rmtree(profile, ignore_errors=True)
