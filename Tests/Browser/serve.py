"""Starts a `formwork` command that serves on 127.0.0.1 (`preview`, `design`) and finds its address.

    process, url, output = serve.start(["formwork", "design", "pages", "--port", "0"])
    # url: "http://127.0.0.1:40123/"; output: the lines it printed so far (filled as it prints)
"""

import re
import subprocess
import threading

from cdp import CDPError


def start(command, env=None, timeout=60):
    """Runs `command`, waits (up to `timeout` seconds) for the line naming its address, and returns
    the process, the address and the list its output lines go to."""
    process = subprocess.Popen(command, env=env, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    found, ready, output = {}, threading.Event(), []

    def read():
        for line in process.stdout:
            output.append(line)
            match = re.search(r"http://127\.0\.0\.1:\d+/", line)
            if match and "url" not in found:
                found["url"] = match.group(0)
                ready.set()
        ready.set()

    threading.Thread(target=read, daemon=True).start()
    if not ready.wait(timeout=timeout) or "url" not in found:
        process.kill()
        raise CDPError(f"{' '.join(command[:2])} didn't start:\n" + "".join(output))
    return process, found["url"], output
