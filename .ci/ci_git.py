"""What .ci/api_check.py and .ci/perf_gate.py share: running git, and finding what a submission is."""
import os
import subprocess


def git(*args, check=True):
    result = subprocess.run(["git", *args], capture_output=True, text=True)
    if check and result.returncode != 0:
        raise RuntimeError(f"git {' '.join(args)}: {result.stderr.strip()}")
    return result.stdout if result.returncode == 0 else None


def branch_base(head):
    """Where this branch left main: the merge base with API_CHECK_BASE, origin/main or main,
    whichever is found first and isn't HEAD itself; HEAD when the branch is main."""
    for ref in filter(None, [os.environ.get("API_CHECK_BASE"), "origin/main", "main"]):
        commit = git("rev-parse", "-q", "--verify", ref + "^{commit}", check=False)
        if commit and commit.strip() != head:
            merge_base = git("merge-base", "HEAD", ref, check=False)
            if merge_base and merge_base.strip() != head:
                return merge_base.strip()
    return head
