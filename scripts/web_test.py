#!/usr/bin/env python3
"""Drive the dagaz web page in headless Chromium and check what a person can do with it.

    scripts/web_test.py URL OUTDIR

URL is where the built page is served (`dagaz serve` prints it), OUTDIR receives a screenshot
per scenario. Uses Debian's /usr/bin/chromium and /usr/bin/chromedriver (never a downloaded
driver); `scripts/web-test` installs them, makes the venv with the pinned selenium
(scripts/web-test-requirements.txt), serves the page and runs this.

Each scenario prints one line, `PASS`/`FAIL`, its name, what it measured and how long it took
(on standard error too when that is another file, for CI logs that keep only one). A browser
that stops answering is started again and the scenario run once more (`RETRY`); a check that
fails is never retried. The exit code is 1 when any failed (with the reason and the browser's console), 2 on bad
arguments or a browser that does not start.
"""

from __future__ import annotations

import argparse
import base64
import functools
import http.server
import json
import os
import random
import shutil
import sys
import tempfile
import threading
import time
import traceback
import urllib.parse
import urllib.request
from typing import Callable

from selenium import webdriver
from selenium.common.exceptions import TimeoutException, WebDriverException
from selenium.webdriver.chrome.service import Service
from selenium.webdriver.common.action_chains import ActionChains
from selenium.webdriver.common.actions.action_builder import ActionBuilder
from selenium.webdriver.common.by import By
from selenium.webdriver.remote.webdriver import WebDriver
from selenium.webdriver.support.ui import Select, WebDriverWait

CHROMIUM = os.environ.get("WEB_TEST_CHROMIUM", "/usr/bin/chromium")
CHROMEDRIVER = os.environ.get("WEB_TEST_CHROMEDRIVER", "/usr/bin/chromedriver")
FLAGS = [
    "--headless=new",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--disable-dev-shm-usage",
    # Timers and the worker run at full speed though the window is never shown.
    "--disable-background-timer-throttling",
    "--disable-renderer-backgrounding",
]
DESKTOP = (1440, 900)
PHONE = (375, 700)
FIRST_PAINT_LIMIT_MS = 1000.0
# The engine may share the machine with builds: generous waits, exact checks.
WAIT = float(os.environ.get("WEB_TEST_WAIT", "30"))
PAGE_LOAD = 60.0
# chromedriver's message when the browser's renderer did not answer a command in time.
RENDERER_HUNG = "Timed out receiving message from renderer"

# International draughts: white's man on 32 (d4) must take 27 (c5) then 17 (c7), landing on
# 21 (b6) then 12 (d8): the only legal move (`dagaz moves games/international.game --fen ...`
# prints just 32x21x12).
DRAUGHTS_FEN = "W:W32,45:B27,17,5"
SCHOLARS_MATE = ["e2", "e4", "e7", "e5", "f1", "c4", "b8", "c6", "d1", "h5", "g8", "f6", "h5", "f7"]


class Failure(Exception):
    """A check that did not hold: the message says what was expected and what was found."""


def check(cond: bool, what: str) -> None:
    if not cond:
        raise Failure(what)


class Page:
    """One browser window on the page, with the waits and clicks the scenarios share."""

    def __init__(self, base: str, outdir: str, size: tuple[int, int], scale: float = 1.0):
        self.base = base
        self.outdir = outdir
        self.scale = scale
        self.profile = tempfile.mkdtemp(prefix="dagaz-web-test-")
        opts = webdriver.ChromeOptions()
        opts.binary_location = CHROMIUM
        for f in FLAGS:
            opts.add_argument(f)
        opts.add_argument(f"--user-data-dir={self.profile}")
        opts.add_argument(f"--window-size={size[0]},{size[1]}")
        opts.set_capability("goog:loggingPrefs", {"browser": "ALL"})
        # The driver is given: Selenium Manager has nothing to look up or download.
        self.d: WebDriver = webdriver.Chrome(service=Service(CHROMEDRIVER), options=opts)
        self.d.set_window_size(*size)
        self.d.set_script_timeout(WAIT)
        # A page that never finishes loading fails its scenario with a TimeoutException after
        # PAGE_LOAD s; chromedriver's own default (300 s) outlasts the client's 120 s read
        # timeout, which would end the whole run with a bare urllib3 traceback naming no scenario.
        self.d.set_page_load_timeout(PAGE_LOAD)

    def close(self) -> None:
        try:
            self.d.quit()
        finally:
            shutil.rmtree(self.profile, ignore_errors=True)

    # -- waiting

    def until(self, cond: Callable[[], object], what: str, timeout: float = WAIT) -> object:
        """Waits for `cond()` to be truthy; fails naming `what` after `timeout` seconds."""
        try:
            return WebDriverWait(self.d, timeout, poll_frequency=0.05).until(lambda _d: cond())
        except TimeoutException:
            raise Failure(f"timed out after {timeout:.0f} s waiting for {what}") from None

    def js(self, script: str, *args: object) -> object:
        return self.d.execute_script(script, *args)

    def all(self, css: str) -> list:
        return self.d.find_elements(By.CSS_SELECTOR, css)

    def one(self, css: str):
        return self.d.find_element(By.CSS_SELECTOR, css)

    def status(self) -> str:
        return str(self.js("return document.querySelector('#status').textContent"))

    def idle(self) -> bool:
        return self.js("return document.querySelector('#game-view').dataset.busy === '0'") is True

    def moves_played(self) -> list[str]:
        return list(self.js("return [...document.querySelectorAll('#move-list li')].map(e => e.textContent)"))

    def targets(self) -> set[str]:
        return set(self.js("return [...document.querySelectorAll('#board [data-cell].target')].map(e => e.dataset.cell)"))

    def piece_at(self, cell: str) -> dict | None:
        return self.js(
            "const p = document.querySelector(`#board [data-piece-at=\"${arguments[0]}\"]`);"
            "return p ? {kind: p.dataset.kind, owner: Number(p.dataset.owner)} : null", cell)

    # -- acting

    def open(self, fragment: str = "") -> None:
        """A fresh load of the page (not a hash change), so no scenario inherits another's state."""
        self.d.get("about:blank")
        self.d.get(self.base + fragment)

    def open_game(self, name: str, extra: str = "") -> None:
        self.open(f"#game={name}{extra}")
        self.until(lambda: self.all("#board [data-cell]") and self.idle(), f"the {name} board")

    def click_cell(self, cell: str) -> None:
        els = self.all(f'#board [data-cell="{cell}"]')
        check(len(els) == 1, f"one cell {cell} on the board, found {len(els)}")
        # In the middle of the window: the click lands on the cell, not on whatever an earlier
        # scroll (the editor's focus) left at the window's edge.
        self.js("arguments[0].scrollIntoView({block: 'center', inline: 'center'})", els[0])
        els[0].click()

    def wait_moves(self, n: int, timeout: float = WAIT) -> list[str]:
        self.until(lambda: len(self.moves_played()) >= n and self.idle(), f"{n} moves in #move-list", timeout)
        return self.moves_played()

    def centre(self, css: str) -> tuple[int, int]:
        r = self.js("const r = document.querySelector(arguments[0]).getBoundingClientRect();"
                    "return [r.left + r.width / 2, r.top + r.height / 2]", css)
        return int(r[0]), int(r[1])  # type: ignore[index]

    def drag(self, source: str, target: str) -> None:
        """Presses on `source`, moves in steps to `target` and lets go, by the pointer's
        coordinates (the page redraws what is under it as the drag starts)."""
        (x0, y0), (x1, y1) = self.centre(source), self.centre(target)
        a = ActionBuilder(self.d)
        a.pointer_action.move_to_location(x0, y0).pointer_down()
        for k in range(1, 6):
            a.pointer_action.move_to_location(x0 + (x1 - x0) * k // 5, y0 + (y1 - y0) * k // 5)
        a.pointer_action.pointer_up()
        a.perform()

    def set_editor(self, text: str) -> None:
        """Replaces the rules as typing would: the value, then the `input` event."""
        self.js(
            "const e = document.querySelector('#editor'); e.value = arguments[0];"
            "e.dispatchEvent(new Event('input', {bubbles: true}));", text)

    def shot(self, name: str) -> str:
        """The window as it is, as a PNG; scaled by `--scale` (the small copies in docs/web/)."""
        path = os.path.join(self.outdir, name)
        if self.scale == 1.0:
            self.d.save_screenshot(path)
            return path
        x, y, w, h = self.js("return [scrollX, scrollY, innerWidth, innerHeight]")  # type: ignore[misc]
        shot = self.d.execute_cdp_cmd("Page.captureScreenshot", {
            "format": "png", "clip": {"x": x, "y": y, "width": w, "height": h, "scale": self.scale}})
        with open(path, "wb") as f:
            f.write(base64.b64decode(shot["data"]))
        return path

    def element_shot(self, css: str, path: str, scale: float | None = None) -> None:
        """One element as a PNG, scaled by `scale`, else by `--scale` as `shot` is."""
        x, y, w, h = self.js("const r = document.querySelector(arguments[0]).getBoundingClientRect();"
                             "return [r.left + scrollX, r.top + scrollY, r.width, r.height]", css)  # type: ignore[misc]
        shot = self.d.execute_cdp_cmd("Page.captureScreenshot", {
            "format": "png", "captureBeyondViewport": True,
            "clip": {"x": x, "y": y, "width": w, "height": h, "scale": scale or self.scale}})
        with open(path, "wb") as f:
            f.write(base64.b64decode(shot["data"]))

    def console(self) -> list[str]:
        try:
            return [f"{e.get('level')}: {e.get('message')}" for e in self.d.get_log("browser")]
        except WebDriverException:
            return []


# ------------------------------------------------------------------ scenarios


def gallery(p: Page, index: list[dict]) -> str:
    p.open()
    p.until(lambda: len(p.all("a.game-card")) == len(index), f"{len(index)} game cards")
    names = [str(x) for x in p.js("return [...document.querySelectorAll('a.game-card')].map(a => a.dataset.game)")]
    check(sorted(names) == sorted(g["name"] for g in index), f"a card for each game of index.json, found {names[:5]}...")
    for g in index[:3]:
        href = p.one(f'a.game-card[data-game="{g["name"]}"]').get_attribute("href") or ""
        check(href.endswith(f"#game={g['name']}"), f"card {g['name']} links to #game={g['name']}, found {href}")
    fcp = p.js("const e = performance.getEntriesByName('first-contentful-paint')[0]; return e ? e.startTime : null")
    check(fcp is not None, "a first-contentful-paint entry")
    names = p.js("const e = performance.getEntriesByName('gallery-names')[0]; return e ? e.startTime : null")
    check(names is not None, "the page's gallery-names mark")
    screen = p.until(lambda: p.js("const e = performance.getEntriesByName('gallery-screen')[0]; return e ? e.startTime : null"),
                     "the previews on screen (the gallery-screen mark)")
    p.shot("gallery.png")
    # The previews are drawn as their cards come on screen: scrolled through, every one is.
    t0 = time.monotonic()
    drawn = scroll_gallery(p, len(index))
    previews = time.monotonic() - t0
    check(drawn == len(index), f"every card's preview drawn once scrolled to, found {drawn} of {len(index)}")
    broken = p.all(".preview-error")
    check(not broken, f"{len(broken)} previews failed")
    check(float(fcp) < FIRST_PAINT_LIMIT_MS, f"first contentful paint under {FIRST_PAINT_LIMIT_MS:.0f} ms, was {float(fcp):.0f} ms")
    check(float(names) < FIRST_PAINT_LIMIT_MS, f"the names listed under {FIRST_PAINT_LIMIT_MS:.0f} ms, took {float(names):.0f} ms")
    return (f"{len(index)} games listed, first contentful paint {float(fcp):.0f} ms, names in the page at "
            f"{float(names):.0f} ms, the screen's previews at {float(screen):.0f} ms, "  # type: ignore[arg-type]
            f"the rest {previews:.1f} s of scrolling")


def scroll_gallery(p: Page, total: int) -> int:
    """Scrolls the gallery down a window at a time, waiting at each stop for the previews of
    the cards on screen; the number of previews drawn at the end."""
    p.js("window.scrollTo(0, 0)")
    while True:
        p.until(lambda: p.js(
            "return [...document.querySelectorAll('a.game-card:not([hidden])')].filter(c => {"
            " const r = c.getBoundingClientRect(); return r.bottom > 0 && r.top < innerHeight; })"
            ".every(c => c.querySelector('.preview svg, .preview-error'))"), "the previews on screen")
        at_end = p.js("return scrollY + innerHeight >= document.documentElement.scrollHeight - 2")
        if at_end:
            break
        p.js("window.scrollBy(0, innerHeight * 0.9)")
    p.js("window.scrollTo(0, 0)")
    return len(p.all("a.game-card .preview svg"))


def scholars_mate(p: Page, _index: list[dict]) -> str:
    p.open_game("chess")
    for sel in p.all("select[data-player]"):
        check(Select(sel).first_selected_option.get_attribute("value") == "human", "both players human by default")
    p.click_cell("e2")
    check(p.targets() == {"e3", "e4"}, f"e2's targets are e3 e4, found {sorted(p.targets())}")
    check("selected" in (p.one('#board [data-piece-at="e2"]').get_attribute("class") or ""), "the e2 pawn marked selected")
    for k in range(0, len(SCHOLARS_MATE), 2):
        if k:
            p.click_cell(SCHOLARS_MATE[k])
        p.click_cell(SCHOLARS_MATE[k + 1])
        p.wait_moves(k // 2 + 1)
    played = p.moves_played()
    # The list in SAN, as chess players write it; the link keeps the moves' own text.
    check(played == ["e4", "e5", "Bc4", "Nc6", "Qh5", "Nf6", "Qxf7#"], f"the moves in the list, found {played}")
    last = {str(c) for c in p.js("return [...document.querySelectorAll('#board [data-cell].last')].map(e => e.dataset.cell)")}
    check(last == {"h5", "f7"}, f"the last move h5 f7 marked, found {sorted(last)}")
    status = p.one("#status")
    said = status.text
    check("over" in (status.get_attribute("class") or "").split(), "#status has class over")
    check("checkmate" in said.lower(), f"#status says checkmate, found {said!r}")
    check(not p.all("#board [data-cell].target"), "no targets once the game is over")
    p.shot("chess-mate.png")
    # The link restores the game.
    link = p.one("#link").get_attribute("href") or ""
    frag = link[link.index("#"):]
    check(frag == "#game=chess&moves=e2e4,e7e5,f1c4,b8c6,d1h5,g8f6,h5f7", f"#link restores the moves, found {frag}")
    p.open_game("chess", frag[len("#game=chess"):])
    check(len(p.moves_played()) == 7 and "checkmate" in p.status().lower(), "the link reopens the mated position")
    return f"7 moves by clicks; status {said!r}; the link restores it"


def draughts_capture(p: Page, _index: list[dict]) -> str:
    p.open_game("international")
    fen = p.one("#fen")
    fen.clear()
    fen.send_keys(DRAUGHTS_FEN)
    p.one("#fen-apply").click()
    p.until(lambda: p.piece_at("d4") is not None and p.piece_at("c5") is not None and p.idle(), "the FEN's position")
    check(len(p.all("#board [data-piece-at]")) == 5, f"5 pieces after the FEN, found {len(p.all('#board [data-piece-at]'))}")
    p.click_cell("d4")
    check(p.targets() == {"b6"}, f"d4's first landing b6 alone, found {sorted(p.targets())}")
    p.click_cell("b6")
    check(p.targets() == {"d8"}, f"then d8 alone, found {sorted(p.targets())}")
    check(p.moves_played() == [], "nothing played before the path is complete")
    p.click_cell("d8")
    played = p.wait_moves(1)
    check(played == ["32x21x12"], f"the move 32x21x12, found {played}")
    check(p.piece_at("c5") is None and p.piece_at("c7") is None, "both captured men gone (c5 = 27, c7 = 17)")
    check(p.piece_at("d4") is None, "the man left d4")
    d8 = p.piece_at("d8")
    check(d8 is not None and d8["owner"] == 0, f"white's man on d8, found {d8}")
    check(len(p.all("#board [data-piece-at]")) == 3, "3 pieces left")
    p.shot("draughts-capture.png")
    return "d4 → b6 → d8 clicked, 32x21x12 played, c5 and c7 taken"


def crazyhouse_drop(p: Page, _index: list[dict]) -> str:
    # White takes a pawn (e4xd5), Black takes back with the queen: a pawn in each hand.
    p.open_game("crazyhouse", "&moves=e2e4,d7d5,e4d5,d8d5")
    check(len(p.moves_played()) == 4, f"4 moves from the link, found {p.moves_played()}")
    sel = '#hands [data-hand-owner="0"][data-hand-kind="Pawn"]'
    hand = p.until(lambda: p.all(sel), "white's pawn in hand")
    button = hand[0]  # type: ignore[index]
    check(button.text.strip().endswith("1"), f"white holds 1 pawn, found {button.text!r}")
    check(p.all('#hands [data-hand-owner="1"][data-hand-kind="Pawn"]') != [], "black's pawn in hand")
    button.click()
    p.shot("crazyhouse-hand.png")
    targets = p.targets()
    check("e4" in targets and "e1" not in targets and "a8" not in targets and "d5" not in targets,
          f"pawn drops on empty squares off the back rows, found {len(targets)} targets")
    p.click_cell("e4")
    played = p.wait_moves(5)
    check(played[-1] == "P@e4", f"the drop P@e4, found {played[-1]}")
    e4 = p.piece_at("e4")
    check(e4 is not None and e4["kind"] == "Pawn" and e4["owner"] == 0, f"white's pawn on e4, found {e4}")
    check(not p.all(sel), "white's hand is empty again")
    # Dragging does the same: Black's hand pawn onto a6, then White's knight g1 to f3.
    p.js("document.querySelector('#board').scrollIntoView({block: 'center'})")
    p.drag('#hands [data-hand-owner="1"][data-hand-kind="Pawn"]', '#board [data-cell="a6"]')
    check(p.wait_moves(6)[-1] == "P@a6", f"the dragged drop P@a6, found {p.moves_played()}")
    p.drag('#board [data-cell="g1"]', '#board [data-cell="f3"]')
    check(p.wait_moves(7)[-1] == "Nf3", f"the dragged move Nf3 (g1f3), found {p.moves_played()}")
    p.shot("crazyhouse-drop.png")
    return f"hand pawn clicked, {len(targets)} targets, P@e4 dropped; P@a6 and g1f3 dragged"


def computer_reply(p: Page, _index: list[dict]) -> str:
    p.open_game("chess")
    Select(p.one('select[data-player="1"]')).select_by_value("computer")
    think = p.one("#think")
    think.clear()
    think.send_keys("0.5")
    p.click_cell("e2")
    p.click_cell("e4")
    t0 = time.monotonic()
    played = p.wait_moves(2, timeout=WAIT)
    took = time.monotonic() - t0
    check(played[0] == "e4" and len(played) == 2, f"e4 and one reply, found {played}")
    p.until(lambda: p.status().lower().startswith("white"), "White to move after the reply")
    check(took < 10, f"the reply within 10 s, took {took:.1f} s")
    p.shot("computer-reply.png")
    # The board turned round: Black at the bottom, and clicks still reach their cells.
    p.one("#flip").click()
    low = p.centre('#board [data-cell="a1"]')[1] < p.centre('#board [data-cell="a8"]')[1]
    check(low, "a1 above a8 once flipped")
    p.click_cell("g1")
    check(p.targets() == {"f3", "h3", "e2"}, f"g1's targets on the flipped board, found {sorted(p.targets())}")
    p.click_cell("f3")
    p.wait_moves(4)
    check(p.moves_played()[2] == "Nf3", f"Nf3 (g1f3) played on the flipped board, found {p.moves_played()}")
    return f"Black answered {played[1]} in {took:.1f} s (think 0.5 s)"


def editor_error(p: Page, _index: list[dict]) -> str:
    p.open_game("chess")
    p.until(lambda: "compiled" in p.one("#editor-status").text, "chess compiled in the editor")
    text = str(p.js("return document.querySelector('#editor').value"))
    check(text.startswith(";"), "the editor holds chess.game's text")
    gutter = len(p.all(".gutter [data-line]"))
    check(gutter == text.count("\n") + 1, f"a gutter line per text line ({text.count(chr(10)) + 1}), found {gutter}")
    # A misspelt keyword: `chek` for the first `check is-empty?`.
    at = text.index("(check is-empty?)")
    line = text.count("\n", 0, at) + 1
    col = at - (text.rfind("\n", 0, at) + 1) + 2  # the form's name, after its parenthesis
    # Typed with keys: `check` selected in the text, then `chek` typed over it.
    editor = p.one("#editor")
    p.js("const e = arguments[0]; e.focus(); e.setSelectionRange(arguments[1], arguments[1] + 5)", editor, at + 1)
    # Keys to the focused element (an element's send_keys would put the caret at the end).
    ActionChains(p.d).send_keys("chek").perform()
    broken = str(p.js("return document.querySelector('#editor').value"))
    want = text[:at] + "(chek is-empty?)" + text[at + len("(check is-empty?)"):]
    diff = next((k for k in range(min(len(broken), len(want))) if broken[k] != want[k]), None)
    check(broken == want, f"`chek` typed over `check`: the text differs at {diff}: {broken[diff - 20:diff + 20]!r}" if diff else f"`chek` typed over `check`: lengths {len(broken)} {len(want)}")
    p.until(lambda: p.all("#diagnostics li"), "a diagnostic")
    items = p.all("#diagnostics li")
    lines = [(li.get_attribute("data-line"), li.get_attribute("data-col")) for li in items]
    check((str(line), str(col)) in lines, f"a diagnostic at {line}:{col}, found {lines}")
    check("chek" in items[0].text, f"the diagnostic names `chek`: {items[0].text!r}")
    check(p.all(f'.gutter [data-line="{line}"].error'), f"the gutter marks line {line}")
    check(len(p.all(".gutter .error")) == 1, "no other line marked")
    status = p.one("#editor-status").text
    check("error" in status, f"#editor-status says error, found {status!r}")
    # Clicking the diagnostic selects its line.
    items[0].click()
    sel = p.js("const e = document.querySelector('#editor'); return [e.selectionStart, e.selectionEnd]")
    check(sel is not None and text.count("\n", 0, int(sel[0])) + 1 == line, f"the click selects line {line}, selection {sel}")  # type: ignore[index]
    p.js("window.scrollTo(0, 0)")
    p.shot("editor-error.png")
    # The old game stays playable; the fixed text compiles and plays.
    p.set_editor(text)
    p.until(lambda: p.one("#editor-status").text.startswith("compiled") and not p.all("#diagnostics li.error") and p.idle(),
            "the fixed text compiled")
    check(not p.all(".gutter .error"), "no gutter marks after the fix")
    p.click_cell("e2")
    p.click_cell("e4")
    check(p.wait_moves(1) == ["e4"], "e4 (e2e4) played on the recompiled board")
    return f"error at {line}:{col} listed and marked; fixed, e2e4 played"


def edited_game(p: Page, _index: list[dict]) -> str:
    p.open_game("tic-tac-toe")
    check(len(p.all("#board [data-cell]")) == 9, "tic-tac-toe has 9 cells")
    text = str(p.js("return document.querySelector('#editor').value"))
    check('(dim "a-c")' in text, "tic-tac-toe's board is a-c")
    p.set_editor(text.replace('(dim "a-c")', '(dim "a-d")', 1))
    p.until(lambda: len(p.all("#board [data-cell]")) == 12 and p.idle(), "the edited board of 12 cells")
    check("(edited)" in p.one("#game-title").text, "the title says edited")
    p.click_cell("d2")
    played = p.wait_moves(1)
    check(played == ["d2"], f"a mark on d2, a cell only the edited board has: found {played}")
    check(p.piece_at("d2") is not None, "the mark on d2")
    p.shot("edited-game.png")
    return "a-c → a-d: 12 cells, d2 played"


def boards(p: Page, _index: list[dict]) -> str:
    """The other geometries look right: hexagons, holes, seeds, points, hands."""
    seen = []
    for name, expect in [("hex", "hex"), ("havannah-4", "hex"), ("mancala", "seeds"), ("international", "square"), ("shogi", "square"),
                         ("xiangqi", "square"), ("chinese-checkers", "hex"), ("go-9x9", "square")]:
        p.open_game(name)
        cells = p.all("#board [data-cell]")
        check(len(cells) > 0, f"{name} has cells")
        tag = cells[0].tag_name
        if expect == "seeds":
            # Kalah's directions happen to be the six of a hexagonal grid: either drawing.
            check(tag in ("rect", "polygon"), f"{name}'s cells drawn, found <{tag}>")
        elif expect == "hex":
            check(tag == "polygon", f"{name}'s cells are hexagons, found <{tag}>")
        else:
            check(tag == "rect", f"{name}'s cells are squares, found <{tag}>")
        if expect == "seeds":
            check(p.all("#board [data-seeds]"), f"{name} counts seeds")
        # A click at the middle of any cell reaches that cell, not a neighbour.
        p.js("document.querySelector('#board').scrollIntoView({block: 'center'})")
        wrong = p.js(
            "return [...document.querySelectorAll('#board [data-cell]')].filter(c => {"
            " const r = c.getBoundingClientRect();"
            " const h = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);"
            " return r.top >= 0 && r.bottom <= innerHeight && h !== c; }).map(c => c.dataset.cell)")
        check(not wrong, f"{name}: the middles of {wrong[:5]} hit another element")  # type: ignore[index]
        p.shot(f"board-{name}.png")
        seen.append(f"{name} {len(cells)}")
    return ", ".join(seen)


def promotion(p: Page, _index: list[dict]) -> str:
    """A click that leaves several moves (a promotion) asks which; a pass is a button."""
    p.open_game("chess", "&fen=" + urllib.parse.quote("8/P7/8/8/8/8/8/k6K w - - 0 1"))
    p.click_cell("a7")
    p.click_cell("a8")
    choices = p.until(lambda: p.all("#choices button[data-move]"), "the promotion choices")
    labels = sorted(b.text for b in choices)  # type: ignore[union-attr]
    check(labels == ["a8=B (Bishop)", "a8=N (Knight)", "a8=Q+ (Queen)", "a8=R+ (Rook)"],
          f"four promotions offered in SAN, found {labels}")
    queen = [b for b in choices if "Queen" in b.text]  # type: ignore[union-attr]
    check(len(queen) == 1, f"one choice names the queen: {labels}")
    queen[0].click()
    check(p.wait_moves(1) == ["a8=Q+"], f"a8=Q+ played, found {p.moves_played()}")
    a8 = p.piece_at("a8")
    check(a8 is not None and a8["kind"] == "Queen", f"a queen on a8, found {a8}")
    check(not p.all("#choices button"), "the choices gone")
    # Go: the pass is always a button.
    p.open_game("go-9x9")
    passes = [b for b in p.all("#choices button[data-move]") if b.text == "pass"]
    check(len(passes) == 1, "a pass button in go")
    p.click_cell("e5")
    p.wait_moves(1)
    p.all("#choices button[data-move]")[0].click()
    check(p.wait_moves(2) == ["e5", "pass"], f"e5 then pass, found {p.moves_played()}")
    return "a8 offered 4 promotions in SAN, the queen chosen; go's pass button played"


def computer_game(p: Page, _index: list[dict]) -> str:
    """The computer plays both sides of tic-tac-toe to its end, announced."""
    p.open_game("tic-tac-toe")
    think = p.one("#think")
    think.clear()
    think.send_keys("0.2")
    for k in (0, 1):
        Select(p.one(f'select[data-player="{k}"]')).select_by_value("computer")
    p.until(lambda: "over" in (p.one("#status").get_attribute("class") or "").split(), "the end of the game", timeout=60)
    played = p.moves_played()
    check(5 <= len(played) <= 9, f"a whole game of 5 to 9 moves, found {played}")
    p.shot("computer-game.png")
    return f"{len(played)} moves, then {p.status()!r}"


def history(p: Page) -> list[str]:
    return list(p.js("return window.dagaz.view.history"))  # type: ignore[arg-type]


def every_game(p: Page, index: list[dict]) -> str:
    """Every shipped game takes moves by clicks: a few legal moves picked at random (seeded)
    from the page's own list (`window.dagaz.view.moves`), each played by clicking its hand
    piece if any, then its path's cells, then its `#choices` button when the path is shared."""
    rng = random.Random(14)
    plies = 0
    for g in index:
        name = g["name"]
        p.open_game(name)
        for _ in range(3):
            v = p.js("return window.dagaz.view")
            if v["over"] or not v["moves"]:  # type: ignore[index]
                break
            n0 = len(v["history"])  # type: ignore[index]
            if v.get("chance"):  # type: ignore[union-attr]
                # Chance is not clicked: the page throws for it.
                p.until(lambda: len(history(p)) > n0 and p.idle(), f"{name}: the page's throw")
                plies += 1
                continue
            m = rng.choice(v["moves"])  # type: ignore[index]
            what = f"{name}: move {m['text']} (path {m['path']}, hand {m['hand']})"
            if m["hand"]:
                # A hand that never runs out is not shown: its moves start on the board.
                for b in p.all(f'#hands [data-hand-owner="{v["toMove"]}"][data-hand-kind="{m["hand"]}"]'):  # type: ignore[index]
                    b.click()
            for cell in m["path"]:
                if len(history(p)) > n0:
                    break
                p.click_cell(cell)
            p.until(p.idle, f"{what}: the page idle")
            if len(history(p)) == n0:
                buttons = p.all(f'#choices button[data-move="{m["i"]}"]')
                check(len(buttons) == 1, f"{what}: neither played by its path nor offered in #choices")
                buttons[0].click()
            p.until(lambda: len(history(p)) > n0 and p.idle(), f"{what} played")
            # The move's own entry: chance may have thrown after it already.
            last = history(p)[n0]
            check(last == m["text"], f"{what}: {last} was played instead")
            plies += 1
    return f"{len(index)} games, {plies} moves played by clicks"


def phone(p: Page, _index: list[dict]) -> str:
    # The viewport exactly 375x700, as a phone's (a headless window's size includes no toolbar,
    # but the emulation also makes the page's `viewport` meta count).
    p.d.execute_cdp_cmd("Emulation.setDeviceMetricsOverride",
                        {"width": PHONE[0], "height": PHONE[1], "deviceScaleFactor": 1, "mobile": True})
    p.open()
    p.until(lambda: p.js("return performance.getEntriesByName('gallery-screen').length") == 1,
            "the gallery on a phone, with the previews on screen")
    p.shot("phone-gallery.png")
    p.open_game("chess", "&moves=e2e4,e7e5,g1f3")
    width = int(p.js("return window.innerWidth"))  # type: ignore[arg-type]
    scroll = int(p.js("return document.documentElement.scrollWidth"))  # type: ignore[arg-type]
    check(scroll <= width, f"no sideways scrolling at {width} px: the page is {scroll} px wide")
    box = p.js("const r = document.querySelector('#board svg').getBoundingClientRect(); return [r.left, r.right, r.width]")
    check(box[0] >= 0 and box[1] <= width and box[2] > 0.8 * width, f"the board fits the width: {box}")  # type: ignore[index]
    p.click_cell("b8")
    check(p.targets() == {"a6", "c6"}, f"b8's targets on the phone, found {sorted(p.targets())}")
    p.shot("phone-chess.png")
    return f"{width}x{p.js('return window.innerHeight')} viewport, board {box[2]:.0f} px wide"  # type: ignore[index]


# Each family as its players draw it: (game, extra fragment, checks on the board's SVG). A
# check is a JavaScript expression over `svg` (the board's <svg>) and `q` (its querySelectorAll
# as an array), true when the drawing is right; its text is the failure message.
LOOKS: list[tuple[str, str, list[tuple[str, str]]]] = [
    ("go-9x9", "", [
        ("svg.dataset.style === 'lines'", "a board of lines"),
        ("q('line.grid.row').length === 9 && q('line.grid.column').length === 9", "9 + 9 lines"),
        ("q('circle.point').length === 5", "5 star points"),
        ("q('.cell')[0].tagName === 'rect' && getComputedStyle(q('.cell')[0]).fill === 'rgba(0, 0, 0, 0)'",
         "clear cells over the lines"),
    ]),
    ("xiangqi", "", [
        ("svg.dataset.style === 'lines'", "a board of lines"),
        ("q('line.grid.row').length === 10 && q('line.grid.column').length === 2 + 7 * 2",
         "10 rows, and the columns cut by the river but at the edges"),
        ("q('.river').length === 1 && q('.river')[0].dataset.between === 'e5 e6'", "a river between ranks 5 and 6"),
        ("['d1 f3', 'f1 d3', 'd8 f10', 'f8 d10'].every(l => q('path.drawn-line').some(p => p.dataset.points === l))",
         "two palaces with their diagonals"),
        ("q('[data-piece-at=\"e1\"] .glyph')[0].textContent === '帥' && q('[data-piece-at=\"e10\"] .glyph')[0].textContent === '將'",
         "the generals' characters"),
        ("q('[data-piece-at=\"e1\"] .glyph')[0].getAttribute('fill') === '#c0392b'", "Red's characters in red"),
        ("q('[data-shape=\"disc\"]').length === 32", "32 discs"),
    ]),
    ("janggi", "", [
        ("q('.river').length === 0 && q('path.drawn-line').length === 4", "palaces and no river"),
        ("q('[data-piece-at=\"e2\"] .glyph')[0].textContent === '楚'", "Cho's general"),
    ]),
    ("shogi", "", [
        ("svg.dataset.style === 'plain'", "plain squares"),
        ("q('[data-piece-at=\"5i\"] polygon')[0].getAttribute('points').trim().split(/\\s+/).length === 5",
         "a five-sided piece"),
        ("q('[data-piece-at=\"5i\"] .glyph')[0].textContent === '玉' && q('[data-piece-at=\"5a\"] .glyph')[0].textContent === '王'",
         "the kings' kanji"),
        ("(() => { const y = (s) => q(`[data-piece-at=\"${s}\"] polygon`)[0].getAttribute('points').split(' ')[0].split(',')[1];"
         " const c = (s) => Number(q(`[data-cell=\"${s}\"]`)[0].getAttribute('y')) + 0.5;"
         " return Number(y('5i')) < c('5i') && Number(y('5a')) > c('5a'); })()",
         "each side's pieces pointing at the opponent"),
    ]),
    ("shogi", "&fen=" + urllib.parse.quote("4k4/9/9/9/9/9/9/9/4K1+P2 b 2Pg 1"), [
        ("q('[data-piece-at=\"3i\"] .glyph')[0].textContent === 'と' && q('[data-piece-at=\"3i\"] .glyph')[0].getAttribute('fill') === '#c0392b'",
         "a promoted pawn, と in red"),
        ("(() => { const h = [...document.querySelectorAll('#hands .hand-piece')];"
         " return h.length === 2 && h.every(b => b.querySelector('polygon')?.getAttribute('points').trim().split(/\\s+/).length === 5); })()",
         "the hands' pieces drawn as the board's: pentagons"),
    ]),
    ("chess", "", [
        ("svg.dataset.style === 'chequered' && q('[data-shape=\"figure\"]').length === 32", "32 figures on a chequered board"),
        ("q('[data-piece-at=\"e1\"] .figure')[0].textContent.startsWith('♚')", "a king's silhouette"),
        ("q('[data-piece-at=\"e1\"] circle').length === 0", "no disc under a figure"),
    ]),
    ("capablanca", "", [
        ("(() => { const t = q('[data-piece-at=\"c1\"] .figure').map(e => e.textContent).join('');"
         " return q('[data-piece-at=\"c1\"]')[0].dataset.kind === 'Archbishop' && t.includes('♝') && t.includes('♞'); })()",
         "the archbishop drawn as a bishop and a knight"),
    ]),
    ("international", "&fen=" + urllib.parse.quote("W:WK46,31:B5"), [
        ("q('[data-kind=\"Man\"] .glyph').length === 0 && q('[data-kind=\"Man\"]')[0].querySelectorAll('circle').length === 2",
         "a man: a plain disc with a ring"),
        ("q('[data-kind=\"King\"] .glyph')[0].textContent === '♛'", "a king with a crown"),
    ]),
    ("tic-tac-toe", "&moves=b2,a1", [
        ("svg.dataset.style === 'plain' && q('rect.rule').length === 9", "a plain grid"),
        ("q('[data-piece-at=\"b2\"] .mark')[0].textContent === 'X' && q('[data-piece-at=\"b2\"] circle').length === 0",
         "X written as a mark"),
    ]),
    ("connect-four", "&moves=d1,d2", [
        ("svg.dataset.style === 'rack' && q('.plate.rack').length === 1", "a rack"),
        ("q('circle.hole').length === 42", "42 holes"),
        ("q('[data-shape=\"stone\"]').length === 2", "two discs"),
    ]),
    ("mancala", "", [
        ("svg.dataset.style === 'pits' && q('g.store').length === 2 && q('g.pit').length === 12",
         "12 pits and 2 stores"),
        ("q('g.pit').every(p => p.dataset.seeds === '4')", "4 seeds in each pit"),
    ]),
    ("nine-mens-morris", "", [
        ("svg.dataset.style === 'links' && q('path.drawn-line').length === 7 && q('line.grid').length === 0",
         "three squares and their four joins, no grid"),
    ]),
    ("othello", "", [
        ("svg.dataset.style === 'plain' && q('[data-shape=\"stone\"]').length === 4", "four discs on a plain board"),
    ]),
    ("hex", "", [
        ("svg.dataset.style === 'hexes' && q('polygon.cell').length === 121", "121 hexagons"),
        ("q('path.edge').length === 4 && q('path.edge[data-player=\"0\"]').length === 2"
         " && q('path.edge').every(e => e.getAttribute('d').split('M').length - 1 >= 11)"
         " && new Set(q('path.edge').map(e => e.getAttribute('stroke'))).size === 2",
         "four edges, two in each player's colour, each along its 11 cells"),
    ]),
    ("backgammon", "&moves=" + ",".join(urllib.parse.quote(m, safe="")
                                        for m in ["White 3, Black 1", "8/5 6/5", "roll 6-5"]), [
        ("svg.dataset.style === 'triangles' && q('polygon.triangle').length === 24 && q('rect.tray').length === 4",
         "24 points, two bars and two trays"),
        ("q('g.die').map(d => d.dataset.value).join() === '6,5'", "the roll 6-5 as two dice"),
        ("q('[data-piece-at=\"p1\"]')[0].dataset.seeds === '2' && q('[data-piece-at=\"p1\"] circle').length === 2"
         " && q('[data-piece-at=\"p20\"] circle').length === 2", "White's back checkers and its new point"),
        ("q('[data-piece-at=\"p12\"] circle').length === 5 && q('[data-piece-at=\"xbar\"]').length === 0",
         "five checkers on a point, none on an empty bar"),
        ("(() => { const y = (s) => Number(q(`[data-piece-at=\"${s}\"] circle`)[0].getAttribute('cy'));"
         " return y('p12') < y('p13'); })()", "the top row's checkers above the bottom row's"),
    ]),
    ("ur", "&moves=roll%202", [
        ("svg.dataset.style === 'plain' && q('path.drawn-line').length === 3", "squares with the track drawn"),
        ("q('circle.rosette').length === 5", "five rosettes"),
        ("q('g.die').map(d => d.dataset.value).join() === '2'", "the throw, 2, as a die"),
        ("q('text.seeds').map(t => t.textContent).join() === '7,7'",
         "each side's seven waiting pieces counted, no empty square numbered"),
    ]),
]


def looks(p: Page, _index: list[dict]) -> str:
    """Each family drawn in its own tradition, checked by its SVG; a screenshot of each board."""
    seen = []
    for name, extra, checks in LOOKS:
        p.open_game(name, extra)
        p.until(lambda: p.all("#board svg.board-svg"), f"the {name} board")
        for expr, what in checks:
            ok = p.js("const svg = document.querySelector('#board svg.board-svg');"
                      "const q = (s) => [...svg.querySelectorAll(s)];"
                      f"try {{ return !!({expr}); }} catch (e) {{ return String(e); }}")
            check(ok is True, f"{name}: {what} ({ok})")
        # The zones' tints off: the board as its players know it.
        p.js("const z = document.querySelector('#show-zones'); if (z && z.checked) z.click();")
        shot = os.path.join(p.outdir, f"look-{name}{'-2' if extra and name == 'shogi' else ''}.png")
        p.js("document.querySelector('#board').scrollIntoView({block: 'center'})")
        # A game with pieces in hand is shot with its hands beside the board.
        p.element_shot(".board-row" if p.all("#hands .hand-piece") else "#board", shot)
        seen.append(f"{name} {len(checks)}")
    montage(p, ["go-9x9", "xiangqi", "shogi", "chess", "connect-four", "mancala"], "looks.png")
    return f"{len(LOOKS)} boards, checks: " + ", ".join(seen)


def montage(p: Page, names: list[str], out: str) -> None:
    """The boards' screenshots side by side, three to a row, as one small picture (the README's)."""
    cells = []
    for name in names:
        with open(os.path.join(p.outdir, f"look-{name}.png"), "rb") as f:
            data = base64.b64encode(f.read()).decode()
        cells.append(f'<img src="data:image/png;base64,{data}" style="width:200px;height:200px;object-fit:contain">')
    html = ('<html><body style="margin:0;background:#f7f5f0"><div id="m" style="display:grid;'
            'grid-template-columns:repeat(3,200px);gap:6px;padding:6px;width:max-content">'
            + "".join(cells) + "</div></body></html>")
    p.d.get("data:text/html;base64," + base64.b64encode(html.encode()).decode())
    # Small already: never scaled down again.
    p.element_shot("#m", os.path.join(p.outdir, out), scale=1.0)

# ------------------------------------------------------------------ gallery and quiet boards (issue #56)


def visible_cards(p: Page) -> list[str]:
    return [str(x) for x in p.js(
        "return [...document.querySelectorAll('a.game-card')].filter(c => c.offsetParent !== null)"
        ".map(c => c.dataset.game)")]  # type: ignore[union-attr]


def gallery_families(p: Page, index: list[dict]) -> str:
    """The gallery groups the games by family under headings, and its search box filters them
    by title, name or family; far cards wait for their previews until they come on screen."""
    p.open()
    p.until(lambda: len(p.all("a.game-card")) == len(index), f"{len(index)} game cards")
    groups = p.js("return [...document.querySelectorAll('#gallery .family')].map(f => "
                  "[f.dataset.family, [...f.querySelectorAll('a.game-card')].map(a => a.dataset.game)])")
    family = {str(name): str(f) for f, names in groups for name in names}  # type: ignore[union-attr]
    check(len(family) == len(index), f"each game in one family, found {len(family)} of {len(index)}")
    for game, want in [("chess", "Chess"), ("crazyhouse", "Chess"), ("international", "Draughts"), ("shogi", "Shogi"),
                       ("go-9x9", "Go and territory"), ("tic-tac-toe", "In a row"), ("xiangqi", "Xiangqi and janggi")]:
        check(family.get(game) == want, f"{game} under {want}, found {family.get(game)}")
    heads = [str(h) for h in p.js("return [...document.querySelectorAll('#gallery .family-name')].map(h => h.textContent)")]  # type: ignore[union-attr]
    check(len(heads) == len(groups) and heads[0].startswith("Chess"), f"a heading per family, Chess first: {heads[:3]}")  # type: ignore[arg-type]
    p.until(lambda: p.js("return performance.getEntriesByName('gallery-screen').length") == 1, "the previews on screen")
    drawn = len(p.all("a.game-card .preview svg"))
    check(drawn < len(index), f"only the cards on and near the screen drawn at first, found {drawn} of {len(index)}")
    box = p.one("#gallery-search")
    box.send_keys("shogi")
    shown = visible_cards(p)
    check(set(shown) == {"shogi", "minishogi", "dobutsu"}, f"`shogi` finds the shogi family, found {shown}")
    count = p.one("#gallery-count").text
    check(count == f"3 of {len(index)} games", f"#gallery-count says 3 of {len(index)}, found {count!r}")
    p.until(lambda: len(p.all("a.game-card:not([hidden]) .preview svg")) == 3, "the three previews, now on screen")
    p.shot("gallery-search.png")
    box.clear()
    box.send_keys("draughts russian")
    shown = visible_cards(p)
    check(shown == ["russian"], f"every word must match: `draughts russian` finds russian alone, found {shown}")
    box.clear()
    box.send_keys("zzz")
    check(visible_cards(p) == [] and not [h for h in p.all("#gallery .family-name") if h.is_displayed()],
          "no card and no heading for a search that matches nothing")
    box.clear()
    box.send_keys(" ")
    check(len(visible_cards(p)) == len(index), "every card back once the search is empty")
    return f"{len(groups)} families ({', '.join(h.rsplit(' ', 1)[0] for h in heads[:4])}, …); {drawn} previews at first; search `shogi` shows 3"  # type: ignore[arg-type]


def quiet_boards(p: Page, _index: list[dict]) -> str:
    """Zone tints off until asked for, their legend only then; draughts numbers without
    coordinates; hexagonal labels apart."""
    p.open_game("crazyhouse")
    svg_class = p.one("#board svg").get_attribute("class") or ""
    check("no-zones" in svg_class.split(), f"zone tints off at first, the board's classes are {svg_class!r}")
    check(not p.all("#legend .zone-entry"), "no zone legend while the tints are off")
    toggle = p.one("#show-zones")
    check(not toggle.is_selected(), "the zones toggle unchecked")
    toggle.click()
    check("no-zones" not in (p.one("#board svg").get_attribute("class") or "").split(), "the toggle shows the tints")
    entries = [e.text for e in p.all("#legend .zone-entry")]
    check(entries, "the legend lists the zones once shown")
    p.one("#show-zones").click()
    check(not p.all("#legend .zone-entry"), "and hides them again")
    p.open_game("international")
    numbers = len(p.all("#board .numbers text"))
    labels = len(p.all("#board .labels text"))
    check(numbers == 50 and labels == 0, f"a numbered board shows its 50 numbers only, found {numbers} numbers and {labels} labels")
    p.shot("quiet-draughts.png")
    met = []
    for name in ("havannah-4", "hex", "y-5", "chess", "xiangqi"):
        p.open_game(name)
        touching = p.js(
            "const r = [...document.querySelectorAll('#board .labels text')].map(t => [t.textContent, t.getBoundingClientRect()]);"
            "const out = [];"
            "for (let i = 0; i < r.length; i++) for (let j = i + 1; j < r.length; j++) {"
            " const a = r[i][1], b = r[j][1];"
            " if (a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom) out.push(r[i][0] + '/' + r[j][0]); }"
            "return out")
        check(not touching, f"{name}: labels {touching} overlap")
        met.append(name)
        if name == "havannah-4":
            p.shot("quiet-havannah.png")
    return f"crazyhouse's tints off and on; international 50 numbers, no coordinates; labels apart on {', '.join(met)}"


BENCH_GAMES = 500


def bench_site(root: str, outdir: str, index: list[dict]) -> str:
    """A copy of the built page whose gallery lists BENCH_GAMES games: the shipped ones and
    variants of them, each a file of its own that includes a shipped game and renames it."""
    site = os.path.join(outdir, "bench-site")
    shutil.rmtree(site, ignore_errors=True)
    os.makedirs(os.path.join(site, "games"))
    for entry in os.listdir(root):
        if entry != "games":
            os.symlink(os.path.abspath(os.path.join(root, entry)), os.path.join(site, entry))
    games = os.path.join(root, "games")
    for entry in os.listdir(games):
        if entry != "index.json":
            os.symlink(os.path.abspath(os.path.join(games, entry)), os.path.join(site, "games", entry))
    listed = list(index)
    k = 0
    while len(listed) < BENCH_GAMES:
        base = index[k % len(index)]
        k += 1
        name = f"bench-{k}-{base['name']}"
        title = f"{base['title']} #{k}"
        with open(os.path.join(site, "games", f"{name}.game"), "w") as f:
            f.write(f'(include "{base["file"]}")\n(game (name "{title}"))\n')
        listed.append({"file": f"{name}.game", "name": name, "title": title, "base": base["name"]})
    with open(os.path.join(site, "games", "index.json"), "w") as f:
        json.dump(listed, f)
    return site


def gallery_benchmark(p: Page, index: list[dict]) -> str:
    """A measurement, not a check of time: the gallery of BENCH_GAMES games, served from a copy
    of the page, and how long after the page starts loading the cards on screen are drawn (the
    page's `gallery-screen` mark; the target is 1 s)."""
    site = bench_site(ARGS_ROOT[0], p.outdir, index)
    handler = functools.partial(QuietHandler, directory=site)
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    try:
        url = f"http://127.0.0.1:{server.server_address[1]}/"
        runs = []
        for _ in range(3):
            p.d.get("about:blank")
            p.d.get(url)
            p.until(lambda: len(p.all("a.game-card")) == BENCH_GAMES, f"{BENCH_GAMES} game cards")
            at = p.until(lambda: p.js("const e = performance.getEntriesByName('gallery-screen')[0]; return e ? e.startTime : null"),
                         "the gallery-screen mark")
            names = p.js("return performance.getEntriesByName('gallery-names')[0].startTime")
            drawn = len(p.all("a.game-card .preview svg"))
            runs.append((float(at), float(names), drawn))  # type: ignore[arg-type]
        p.shot("gallery-500.png")
    finally:
        server.shutdown()
        server.server_close()
    best = min(runs)
    print(f"    gallery benchmark: {BENCH_GAMES} games; on-screen previews drawn at "
          f"{', '.join(f'{r[0]:.0f}' for r in runs)} ms (target 1000 ms), names at "
          f"{', '.join(f'{r[1]:.0f}' for r in runs)} ms; {best[2]} previews drawn", flush=True)
    return f"{BENCH_GAMES} games: the screen drawn at {best[0]:.0f} ms at best of 3 (target 1000 ms), {best[2]} previews"


class QuietHandler(http.server.SimpleHTTPRequestHandler):
    """The benchmark's file server, without a log line per request."""

    def log_message(self, *_args: object) -> None:
        pass


# The built page's folder, for the benchmark's copy (`--root`).
ARGS_ROOT = ["target/web"]


SCENARIOS: list[tuple[str, str, Callable[[Page, list[dict]], str]]] = [
    ("a", "gallery", gallery),
    ("b", "scholar's mate by clicks", scholars_mate),
    ("c", "draughts two-capture path", draughts_capture),
    ("d", "crazyhouse drop", crazyhouse_drop),
    ("e", "computer reply", computer_reply),
    ("f", "editor error and fix", editor_error),
    ("g", "edited game plays", edited_game),
    ("i", "other boards", boards),
    ("p", "each family as its players draw it", looks),
    ("j", "promotion choice and a pass", promotion),
    ("k", "computer against computer to the end", computer_game),
    ("l", "every game by clicks", every_game),
    ("h", "phone", phone),
    ("m", "gallery families and search", gallery_families),
    ("n", "quiet boards", quiet_boards),
    ("o", "gallery of 500 games (benchmark)", gallery_benchmark),
]


def say(line: str) -> None:
    """A result line, on standard output and standard error both: CI logs may keep only one."""
    print(line, flush=True)
    out, err = os.fstat(sys.stdout.fileno()), os.fstat(sys.stderr.fileno())
    if (out.st_dev, out.st_ino) != (err.st_dev, err.st_ino):
        print(f"web_test: {line}", file=sys.stderr, flush=True)


def run_scenario(page: Page, letter: str, title: str, run: Callable[[Page, list[dict]], str],
                 index: list[dict], args: argparse.Namespace) -> tuple[bool, Page]:
    """Runs one scenario and prints its line; answers whether it passed and the page to go on
    with. A check that fails is a failure at once. A browser that stops answering (the
    driver's HTTP call timing out, the browser gone) is not a verdict on the page: the browser
    is started again and the scenario run once more, and the line says so."""
    for attempt in (1, 2):
        t0 = time.monotonic()
        try:
            page.console()  # what earlier scenarios left
            detail = run(page, index)
            # A script error is a failure even when every check held.
            errors = [e for e in page.console() if e.startswith("SEVERE") and "favicon" not in e]
            check(not errors, f"errors in the browser console: {errors[:3]}")
            again = " (second attempt, after a fresh browser)" if attempt == 2 else ""
            say(f"PASS ({letter}) {title}: {detail}{again} [{time.monotonic() - t0:.1f} s]")
            return True, page
        except (Failure, WebDriverException) as e:
            msg = e.msg if isinstance(e, WebDriverException) and e.msg else str(e)
            if attempt == 1 and RENDERER_HUNG in msg:
                # chromedriver lost its renderer (seen once in CI on the first load of a
                # cold browser, the page drawn in 0.5 s everywhere else): the browser stopped
                # answering, which says nothing about the page.
                say(f"RETRY ({letter}) {title}: {msg} [{time.monotonic() - t0:.1f} s]; "
                    "once more in a fresh browser")
                page = fresh_page(page, args)
                continue
            say(f"FAIL ({letter}) {title}: {msg} [{time.monotonic() - t0:.1f} s]")
            report_failure(page, letter)
            return False, page
        except Exception as e:  # noqa: BLE001 - the driver's transport: urllib3's timeouts, a closed socket
            say(f"FAIL ({letter}) {title}: the browser stopped answering: {type(e).__name__}: {e} "
                f"[{time.monotonic() - t0:.1f} s]")
            traceback.print_exc()
            page = fresh_page(page, args)
            if attempt == 2:
                return False, page
            say(f"RETRY ({letter}) {title}: once more in a fresh browser")
        finally:
            if letter == "h":
                try:
                    page.d.execute_cdp_cmd("Emulation.clearDeviceMetricsOverride", {})
                except WebDriverException:
                    pass
    return False, page


def fresh_page(page: Page, args: argparse.Namespace) -> Page:
    """A new browser in place of one that stopped answering."""
    try:
        page.close()
    except Exception:  # noqa: BLE001 - it is being replaced
        pass
    return Page(page.base, args.outdir, DESKTOP, args.scale)


def report_failure(page: Page, letter: str) -> None:
    """The screenshot, status line and console of a failed scenario."""
    try:
        print(f"    screenshot: {page.shot(f'FAILED-{letter}.png')}")
        note = page.js("return document.querySelector('#message').textContent")
        print(f"    #status: {page.status()!r}; #message: {note!r}")
    except WebDriverException:
        pass
    for line in page.console()[-20:]:
        print(f"    console {line}")
    if os.environ.get("WEB_TEST_TRACE"):
        traceback.print_exc()


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("url", help="the served page, e.g. http://127.0.0.1:8000/")
    ap.add_argument("outdir", help="where the screenshots go")
    ap.add_argument("--only", default="", help="letters of the scenarios to run (default: all)")
    ap.add_argument("--scale", type=float, default=1.0, help="screenshots scaled by this (0.5: half size)")
    ap.add_argument("--root", default="target/web", help="the built page's folder (for the gallery benchmark's copy)")
    args = ap.parse_args()
    ARGS_ROOT[0] = args.root
    base = args.url if args.url.endswith("/") else args.url + "/"
    os.makedirs(args.outdir, exist_ok=True)
    for tool in (CHROMIUM, CHROMEDRIVER):
        if not os.access(tool, os.X_OK):
            print(f"web_test: {tool} is missing (apt-get install chromium chromium-driver)", file=sys.stderr)
            return 2
    os.environ.setdefault("SE_OFFLINE", "true")
    try:
        with urllib.request.urlopen(urllib.parse.urljoin(base, "games/index.json"), timeout=10) as r:
            index = json.load(r)
    except (OSError, ValueError) as e:
        print(f"web_test: cannot read {base}games/index.json: {e}", file=sys.stderr)
        return 2
    try:
        page = Page(base, args.outdir, DESKTOP, args.scale)
    except WebDriverException as e:
        print(f"web_test: chromium did not start: {e.msg}", file=sys.stderr)
        return 2
    failed = []
    t_all = time.monotonic()
    try:
        for letter, title, run in SCENARIOS:
            if args.only and letter not in args.only:
                continue
            ok, page = run_scenario(page, letter, title, run, index, args)
            if not ok:
                failed.append(letter)
    finally:
        page.close()
    total = time.monotonic() - t_all
    if failed:
        say(f"{len(failed)} scenario(s) failed ({', '.join(failed)}) in {total:.1f} s; screenshots in {args.outdir}")
        return 1
    print(f"web_test: all scenarios passed in {total:.1f} s; screenshots in {args.outdir}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
