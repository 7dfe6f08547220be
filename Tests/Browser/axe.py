"""axe-core, the accessibility rules engine, run inside a page driven over CDP.

axe-core isn't kept in the repository: it comes from a PyPI package that bundles it
(axe-playwright-python, pinned below), fetched once with pip into .build/axe/ and reused after.

    source, version = axe.load(".build/axe")     # the script's text, "4.12.1"
    violations = axe.run(page, source)           # [] when the page passes WCAG 2.2 AA
    print(axe.describe(violations))
"""

import glob
import os
import re
import subprocess
import sys
import tempfile
import zipfile

from cdp import CDPError

# The PyPI package that ships axe.min.js, and its version (its axe-core version is printed by the tests).
PACKAGE = "axe-playwright-python==0.1.8"

# WCAG 2.0, 2.1 and 2.2 at levels A and AA: what the European Accessibility Act asks for (EN 301 549).
TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"]


def load(folder):
    """axe.min.js's text and axe-core's version, fetching the package with pip the first time."""
    path = os.path.join(folder, "axe.min.js")
    if not os.path.exists(path):
        os.makedirs(folder, exist_ok=True)
        with tempfile.TemporaryDirectory(prefix="formwork-axe-") as download:
            print(f"browser test: fetching axe-core ({PACKAGE}, from PyPI) into {folder}", flush=True)
            command = [sys.executable, "-m", "pip", "download", PACKAGE, "--no-deps", "--quiet", "-d", download]
            result = subprocess.run(command, capture_output=True, text=True)
            wheels = glob.glob(os.path.join(download, "*.whl"))
            if result.returncode != 0 or not wheels:
                raise CDPError(f"couldn't fetch axe-core with `{' '.join(command)}`:\n{result.stderr or result.stdout}")
            with zipfile.ZipFile(wheels[0]) as wheel:
                member = next((name for name in wheel.namelist() if name.endswith("/axe.min.js")), None)
                if member is None:
                    raise CDPError(f"{os.path.basename(wheels[0])} has no axe.min.js")
                data = wheel.read(member)
        partial = path + ".partial"
        with open(partial, "wb") as file:
            file.write(data)
        os.replace(partial, path)  # atomic: a run stopped half way leaves no half file behind
    with open(path, encoding="utf-8") as file:
        source = file.read()
    match = re.search(r"/\*! axe v([0-9][0-9A-Za-z.\-]*)", source)
    return source, (match.group(1) if match else "unknown")


def run(page, source, context="document"):
    """axe's violations on the page as it is now (WCAG 2.2 AA), as a list of dicts."""
    if not page.evaluate("typeof window.axe === 'object'"):
        page.evaluate(source + "\n;true")
    return page.evaluate(f"""axe.run({context}, {{
        runOnly: {{type: 'tag', values: {TAGS!r}}},
        resultTypes: ['violations'],
    }}).then(result => result.violations.map(v => ({{
        id: v.id, impact: v.impact, help: v.help, helpUrl: v.helpUrl,
        nodes: v.nodes.map(n => ({{target: n.target.join(' '), summary: n.failureSummary}})),
    }})))""", await_promise=True)


def describe(violations):
    """One line per rule and element: rule id, the element (a CSS selector), what to do."""
    lines = []
    for violation in violations:
        for node in violation["nodes"]:
            summary = " ".join((node.get("summary") or "").split())
            lines.append(f"  {violation['id']} ({violation['impact']}) at {node['target']}: {violation['help']}"
                         + (f" — {summary}" if summary else ""))
    return "\n".join(lines)
