"""Drives infowin's check report page in Debian's Chromium with Playwright for Python (no browser download:
executable_path is /usr/bin/chromium), from file:// with every request that is not a file refused.

    report_page.py INFOWIN REAL_REPORT_DIR WORK_DIR SCREENSHOT.png [GROUP_REPORT_DIR]

REAL_REPORT_DIR is a report `infowin report merge` wrote from real check runs (with at least two failures
that have expected, actual and difference images); WORK_DIR is an empty folder where a report of 5,000
specs is made; GROUP_REPORT_DIR is a check report of two failures of one cause (one group). Exits 1 with
the first failed check on standard error.
"""
import json
import os
import struct
import subprocess
import sys
import zlib
from urllib.parse import unquote, urlparse

from playwright.sync_api import sync_playwright

from browser_checks import check, launch, run, watched_page


def png(width, height, rgba):
    """A solid PNG with a darker 1 px grid every 4 px, so that zoom and swipe have something to show."""
    rows = b""
    for y in range(height):
        row = b"\x00"
        for x in range(width):
            pixel = rgba if (x % 4 and y % 4) else bytes(max(0, c - 60) for c in rgba[:3]) + rgba[3:]
            row += pixel
        rows += row

    def chunk(kind, data):
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data) & 0xFFFFFFFF)

    header = struct.pack(">IIBBBBB", width, height, 8, 6, 0, 0, 0)
    return b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header) + chunk(b"IDAT", zlib.compress(rows)) + chunk(b"IEND", b"")


def many_specs(infowin, work):
    """A report folder of 5,000 specs: 200 failures with images, 2,800 failures without, 2,000 passed;
    merged by infowin into WORK/merged. Returns the merged page's path."""
    shard = os.path.join(work, "shard")
    os.makedirs(shard)
    specs = []
    for index in range(5000):
        name = "specs/s%04d.json" % index
        entry = {"name": "s%04d.json" % index, "spec": "../" + name, "golden": "../golden/s%04d.png" % index,
                 "status": "passed", "kind": None, "messages": [], "images": None}
        if index % 5 != 0:
            entry["status"], entry["kind"] = "failed", "pixels"
            entry["messages"] = ["title line 1 changed from \"A\" to \"B\"", "%d of 1,200 pixels differ" % index]
            if index == 4242:
                entry["messages"].insert(0, "needle-4242 changed")
            if index % 25 == 1:
                entry["images"] = {}
                for role, colour in (("expected", b"\x30\x80\xd0\xff"), ("actual", b"\xd0\x50\x30\xff"), ("diff", b"\xee\x20\x20\xff")):
                    path = "s%04d.%s.png" % (index, role)
                    with open(os.path.join(shard, path), "wb") as file:
                        file.write(png(40, 30, colour))
                    entry["images"][role] = path
        specs.append(entry)
    with open(os.path.join(shard, "results.json"), "w") as file:
        json.dump({"shard": None, "specs": specs}, file)
    merged = os.path.join(work, "merged")
    run = subprocess.run([infowin, "report", "merge", shard, "-o", merged], capture_output=True, text=True)
    check(run.returncode == 1 and "5,000 specs" in run.stdout, "merge of 5,000: %s %s" % (run.stdout, run.stderr))
    return os.path.join(merged, "index.html")


def open_page(browser, path, width=1400):
    page, errors, outside = watched_page(browser, ["file://"], width)
    page.on("console", lambda message: errors.append(message.text) if message.type == "error" else None)
    page.goto("file://" + os.path.abspath(path), timeout=120000)
    return page, outside, errors


def visible_entries(page):
    return page.evaluate("Array.from(document.querySelectorAll('.entry')).filter(e => !e.hidden).map(e => e.id)")


def test_many(browser, path):
    page, outside, errors = open_page(browser, path)
    check(page.evaluate("document.querySelectorAll('.entry').length") == 4000, "4,000 failure entries")
    check(page.evaluate("document.querySelectorAll('.passed-row').length") == 1000, "1,000 passed rows")
    check(page.evaluate("document.getElementById('passed').open") is False, "passed specs are collapsed")
    # Lazy images: of 480 images, only those near the first screen have been fetched.
    loaded = page.evaluate("Array.from(document.images).filter(i => i.complete && i.naturalWidth > 0).length")
    check(loaded < 60, "images load lazily (%d of %d loaded at first)" % (loaded, page.evaluate("document.images.length")))
    check(page.evaluate("Array.from(document.images).every(i => i.loading === 'lazy')"), "every image is loading=lazy")
    # Filters: by message text, then by status.
    page.fill("#search", "needle-4242")
    page.wait_for_function("document.getElementById('shown').textContent === '1'")
    check(visible_entries(page) == [page.evaluate("document.querySelector('.entry:not([hidden])').id")], "one entry shown")
    # textContent, not innerText: the latter waits on layout, which a loaded machine may not have done yet.
    needle = page.evaluate("document.querySelector('.entry:not([hidden]) .name').textContent")
    check("s4242.json" in needle, "the needle's entry is shown (the one shown is %r)" % needle)
    page.fill("#search", "")
    page.wait_for_function("document.getElementById('shown').textContent === '5,000' || document.getElementById('shown').textContent === '5000'")
    page.uncheck("#filters input[value=failed]")
    check(visible_entries(page) == [], "no failure shown without 'failed'")
    check(page.evaluate("document.getElementById('passed').hidden") is False, "passed still listed")
    page.uncheck("#filters input[value=passed]")
    check(page.evaluate("document.getElementById('passed').hidden") is True, "passed hidden without 'passed'")
    page.check("#filters input[value=failed]")
    page.check("#filters input[value=passed]")
    check(len(visible_entries(page)) == 4000, "all failures back")
    # Keys at the end of a long page.
    page.keyboard.press("k")
    check(page.evaluate("document.querySelector('.entry.current').id") == "entry-4000", "k from nothing goes to the last failure")
    check(outside == [], "requests outside file://: %s" % outside[:3])
    check(errors == [], "script errors: %s" % errors[:3])
    page.close()


def test_real(browser, path, screenshot):
    page, outside, errors = open_page(browser, path)
    entries = page.evaluate("Array.from(document.querySelectorAll('.entry')).map(e => e.id)")
    check(len(entries) >= 2, "the real report has at least two failures: %s" % entries)
    # Links to the spec and the golden are relative and lead to files that exist.
    for selector in (".spec-link", ".golden-link"):
        href = page.get_attribute(".entry " + selector, "href")
        check(href.startswith("./"), "%s is relative: %s" % (selector, href))
        target = page.evaluate("document.querySelector('.entry %s').href" % selector)
        check(target.startswith("file://") and os.path.exists(unquote(urlparse(target).path)), "%s leads to a file: %s" % (selector, target))
    # Side by side at full width: three panes sharing the page's width.
    widths = page.evaluate("Array.from(document.querySelectorAll('#%s .pane')).map(p => p.getBoundingClientRect().width)" % entries[0])
    body = page.evaluate("document.querySelector('main').clientWidth")
    check(len(widths) == 3 and sum(widths) > 0.9 * body - 40, "three panes across the width: %s of %s" % (widths, body))
    # j/k move between failures.
    page.keyboard.press("j")
    check(page.evaluate("document.querySelector('.entry.current').id") == entries[0], "j goes to the first failure")
    page.keyboard.press("j")
    check(page.evaluate("document.querySelector('.entry.current').id") == entries[1], "j goes to the next failure")
    page.keyboard.press("k")
    first = "#" + entries[0]
    check(page.evaluate("document.querySelector('.entry.current').id") == entries[0], "k goes back")
    # 2: swipe; the slider moves the cut.
    page.keyboard.press("2")
    check(page.get_attribute(first, "data-view") == "swipe", "2 shows the swipe")
    page.wait_for_function("document.querySelector('%s .compare .top img').complete" % first)
    page.eval_on_selector(first + " .compare input", "r => { r.value = '30'; r.dispatchEvent(new Event('input')); }")
    clip = page.evaluate("getComputedStyle(document.querySelector('%s .compare .top')).clipPath" % first)
    check("30%" in clip, "the swipe cuts at 30 %%: %s" % clip)
    check(page.is_hidden(first + " .side"), "the side-by-side view is hidden while swiping")
    # 3: onion skin; the slider fades.
    page.keyboard.press("3")
    check(page.get_attribute(first, "data-view") == "onion", "3 shows the onion skin")
    page.eval_on_selector(first + " .compare input", "r => { r.value = '25'; r.dispatchEvent(new Event('input')); }")
    opacity = page.evaluate("getComputedStyle(document.querySelector('%s .compare .top')).opacity" % first)
    check(abs(float(opacity) - 0.25) < 0.01, "the onion skin fades to 0.25: %s" % opacity)
    # 1: back to side by side; zoom 4× with a pixel grid, pixelated.
    page.keyboard.press("1")
    check(page.get_attribute(first, "data-view") == "side", "1 shows side by side")
    page.click(first + " [data-zoom-button='4']")
    page.wait_for_function("document.querySelector('%s img.actual').complete" % first)
    size = page.evaluate("(() => { const i = document.querySelector('%s img.actual'); return [i.getBoundingClientRect().width, i.naturalWidth]; })()" % first)
    check(abs(size[0] - 4 * size[1]) < 1.5, "4× zoom: %s" % size)
    check(page.evaluate("getComputedStyle(document.querySelector('%s img.actual')).imageRendering" % first) == "pixelated", "pixelated")
    grid = page.evaluate("getComputedStyle(document.querySelector('%s .pane .frame'), '::after').display" % first)
    check(grid == "block", "a pixel grid at 4×: %s" % grid)
    page.click(first + " [data-zoom-button='2']")
    size = page.evaluate("(() => { const i = document.querySelector('%s img.actual'); return [i.getBoundingClientRect().width, i.naturalWidth]; })()" % first)
    check(abs(size[0] - 2 * size[1]) < 1.5, "2× zoom: %s" % size)
    page.click(first + " [data-zoom-button='1']")
    size = page.evaluate("(() => { const i = document.querySelector('%s img.actual'); return [i.getBoundingClientRect().width, i.naturalWidth]; })()" % first)
    check(abs(size[0] - size[1]) < 1.5, "1:1 zoom: %s" % size)
    page.click(first + " [data-zoom-button='fit']")
    # A screenshot for people to look at: the first failure side by side, the second in the swipe.
    page.keyboard.press("j")
    page.keyboard.press("2")
    second = "#" + entries[1]
    page.wait_for_function("document.querySelector('%s .compare .top img').complete" % second)
    page.eval_on_selector(second + " .compare input", "r => { r.value = '50'; r.dispatchEvent(new Event('input')); }")
    page.evaluate("window.scrollTo(0, 0)")
    page.screenshot(path=screenshot, full_page=True)
    check(outside == [], "requests outside file://: %s" % outside[:3])
    check(errors == [], "script errors: %s" % errors[:3])
    page.close()


def test_group(browser, path):
    page, outside, errors = open_page(browser, path)
    check(page.evaluate("document.querySelectorAll('.entry').length") == 1, "one entry for the group of two")
    cause = page.evaluate("document.querySelector('.entry .cause').textContent")
    check("2 renders, one cause" in cause, "the cause heads the entry: %r" % cause)
    check(page.evaluate("document.querySelector('.entry .variants').open") is False, "the other render is collapsed")
    page.click(".entry .variants summary")
    check(page.evaluate("document.querySelector('.entry .variants').open") is True, "one click opens it")
    check(page.is_visible(".entry .variant"), "the other render is shown once opened")
    name = page.evaluate("document.querySelector('.entry .variant .variant-name').textContent")
    check(name == "g2.json", "the other render is g2.json: %r" % name)
    # The filter finds the group by the name of a render under it.
    page.fill("#search", "g2.json")
    page.wait_for_function("document.getElementById('shown').textContent === '1'")
    check(visible_entries(page) == ["entry-1"], "a render's name finds its group")
    check(outside == [], "requests outside file://: %s" % outside[:3])
    check(errors == [], "script errors: %s" % errors[:3])
    page.close()


def main():
    infowin, real, work, screenshot = sys.argv[1:5]
    group = sys.argv[5] if len(sys.argv) > 5 else None
    with sync_playwright() as playwright:
        browser = launch(playwright)
        try:
            test_real(browser, os.path.join(real, "index.html"), screenshot)
            test_many(browser, many_specs(infowin, work))
            if group:
                test_group(browser, os.path.join(group, "index.html"))
        finally:
            browser.close()
    print("report page: all checks passed")


if __name__ == "__main__":
    run("report page", main)
