#!/usr/bin/env python3
"""The size limits of issue #55, checked on the source: no function over 80 lines and no file
over 1,000 lines in the crates, outside tests; no shipped chess rules file over 150 lines.

What counts:

* every `.rs` file under `crates/*/src` and `xtask/src` (build scripts too), up to the file's
  first unindented `#[cfg(test)]` line (its test module); files named `tests.rs` or under a `tests/` directory are tests and
  left out, and so is what dagaz-codegen writes at build time (it is not in the tree);
* a function runs from its `fn` line to the line of its closing brace, found by counting braces
  outside strings, characters and comments; a function inside another counts for both;
* `games/chess.game` at most 150 lines.

Prints every function and file over its limit, longest first, and exits 1 when there is any
(0 otherwise). `--report N` prints the N longest functions whatever their length, to plan work.

Usage (from the repository root):

    python3 scripts/code_limits.py
    python3 scripts/code_limits.py --report 40
"""

import argparse
import re
import sys
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
MAX_FN = 80
MAX_FILE = 1000
MAX_CHESS = 150
FN = re.compile(r"^\s*(pub(\([^)]*\))?\s+)?((const|async|unsafe|extern\s+\"C\")\s+)*fn\s+(\w+)")


def source_files():
    roots = [REPO / "xtask" / "src"] + sorted((REPO / "crates").glob("*/src"))
    roots += [p.parent for p in sorted((REPO / "crates").glob("*/build.rs"))]
    seen = set()
    for root in roots:
        pattern = "build.rs" if (root / "build.rs").exists() and root.name != "src" else "**/*.rs"
        for f in sorted(root.glob(pattern)):
            if f in seen or f.name == "tests.rs" or "tests" in f.relative_to(root).parts[:-1]:
                continue
            seen.add(f)
            yield f


def code_lines(text):
    """The lines up to the first unindented `#[cfg(test)]`, with strings, chars and comments blanked."""
    lines = []
    for line in text.splitlines():
        if line.startswith("#[cfg(test)]"):  # a test module; test-only items within count
            break
        lines.append(line)
    body = "\n".join(lines)
    # Blank out comments, strings (raw ones too) and char literals so their braces don't count.
    token = re.compile(r'//[^\n]*|/\*.*?\*/|r(#*)".*?"\1|"(\\.|[^"\\])*"|\'(\\.|[^\'\\])\'', re.S)
    blank = token.sub(lambda m: re.sub(r"[^\n]", " ", m.group(0)), body)
    return blank.split("\n")


def functions(path):
    lines = code_lines(path.read_text())
    out = []
    for i, line in enumerate(lines):
        m = FN.match(line)
        if not m:
            continue
        depth, opened = 0, False
        for j in range(i, len(lines)):
            for ch in lines[j]:
                if ch == "{":
                    depth, opened = depth + 1, True
                elif ch == "}":
                    depth -= 1
                elif ch == ";" and not opened and depth == 0:
                    break  # a declaration without a body (a trait's)
            else:
                if opened and depth == 0:
                    out.append((m.group(5), i + 1, j - i + 1))
                    break
                continue
            break
    return out, len(lines)


def main(argv=None):
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--report", type=int, metavar="N", help="print the N longest functions and exit 0")
    args = p.parse_args(argv)
    fns, files = [], []
    for f in source_files():
        found, n = functions(f)
        rel = f.relative_to(REPO)
        fns += [(length, f"{rel}:{line}", name) for name, line, length in found]
        files.append((n, str(rel)))
    fns.sort(reverse=True)
    files.sort(reverse=True)
    if args.report:
        for length, where, name in fns[: args.report]:
            print(f"{length:5} {where} fn {name}")
        for n, rel in files[:15]:
            print(f"{n:5} {rel}")
        return 0
    bad = [f"function {name} at {where}: {length} lines (at most {MAX_FN})"
           for length, where, name in fns if length > MAX_FN]
    bad += [f"file {rel}: {n} lines outside tests (at most {MAX_FILE})" for n, rel in files if n > MAX_FILE]
    chess = len((REPO / "games" / "chess.game").read_text().splitlines())
    if chess > MAX_CHESS:
        bad.append(f"games/chess.game: {chess} lines (at most {MAX_CHESS})")
    for line in bad:
        print(line)
    print(f"code_limits: {len(fns)} functions in {len(files)} files; {len(bad)} over the limits")
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
