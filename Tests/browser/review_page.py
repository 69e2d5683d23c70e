"""Drives `infowin review` in Debian's Chromium with Playwright for Python (no browser download:
executable_path is /usr/bin/chromium): the page from file:// shows no approve button; served, it does, and
clicking "approve" and "approve all shown" changes the goldens, and nothing else; an entry's spec and golden
links are served; a page from another origin cannot approve.

    review_page.py INFOWIN WORK_DIR SCREENSHOT.png [GROUP_WORK_DIR]

WORK_DIR holds golden/ and report/ (check --report) with the failures a.json and sub/b.json and the
passing c.json; GROUP_WORK_DIR, golden/ and report/ with g1.json and g2.json failing from one cause (one
group). Exits 1 with the first failed check on standard error.
"""
import os
import re
import signal
import subprocess
import sys

from playwright.sync_api import sync_playwright

from browser_checks import check, launch, run, watched_page


def read(work, path):
    with open(os.path.join(work, path), "rb") as file:
        return file.read()


def goldens(work):
    names = ["a.png", "a.layout.json", "sub/b.png", "sub/b.layout.json", "c.png", "c.layout.json"]
    return {name: read(work, "golden/" + name) for name in names}


def changed(before, after):
    return sorted(name for name in before if before[name] != after[name])


def test_file_page(browser, work):
    page, errors, outside = watched_page(browser, ["file://"])
    page.goto("file://" + os.path.join(work, "report", "index.html"))
    check(page.evaluate("document.querySelectorAll('.entry').length") == 2, "two failures on the page")
    check(page.evaluate("document.querySelectorAll('.approve').length") == 0, "no approve button from file://")
    check(errors == [] and outside == [], "file page: errors %s, requests %s" % (errors, outside))
    page.close()


def test_cross_origin(browser, work, url, token):
    """A page from file:// (origin null) that knows the token still cannot approve: the browser's
    preflight for the token header is never allowed."""
    before = goldens(work)
    page, errors, outside = watched_page(browser, ["file://", url])
    page.goto("file://" + os.path.join(work, "report", "index.html"))
    outcome = page.evaluate("""([url, token]) => fetch(url + 'approve', {method: 'POST',
        headers: {'Content-Type': 'application/json', 'X-Infowin-Review-Token': token},
        body: JSON.stringify({names: ['a.json']})}).then(r => 'status ' + r.status, e => 'refused: ' + e.message)""", [url, token])
    check(outcome.startswith("refused") or outcome == "status 403", "a cross-origin approval is refused: %s" % outcome)
    check(goldens(work) == before, "a cross-origin approval writes nothing")
    page.close()


def test_served_page(browser, work, url, screenshot):
    before = goldens(work)
    page, errors, outside = watched_page(browser, [url])
    page.goto(url)
    buttons = page.locator(".entry .approve")
    check(buttons.count() == 2, "an approve button on each failure: %d" % buttons.count())
    check(page.is_visible("#approve-all"), "an 'approve all shown' button")
    token = page.get_attribute('meta[name="infowin-review-token"]', "content")
    check(token and re.fullmatch("[0-9a-f]{64}", token), "the served page carries the token: %r" % token)
    # Approve the first failure: its goldens, and only they, change.
    first = page.locator(".entry").nth(0)
    check("a.json" in first.locator(".name").inner_text(), "a.json is first")
    first.locator(".approve").click()
    page.wait_for_function("document.querySelector('.entry').classList.contains('approved')")
    check(first.locator(".approve").inner_text() == "approved", "the button says approved")
    check(first.locator(".approve").is_disabled(), "an approved failure's button is disabled")
    after = goldens(work)
    check(changed(before, after) == ["a.layout.json", "a.png"], "approve changed a's goldens only: %s" % changed(before, after))
    check(after["a.png"] == read(work, "report/a.actual.png"), "a's golden is its actual image")
    check("golden/a.png" in page.inner_text("#review-status"), "the page says what it wrote: %s" % page.inner_text("#review-status"))
    # Filter to sub/b, then approve all shown.
    page.fill("#search", "Changed b")
    page.wait_for_function("document.getElementById('shown').textContent === '1'")
    page.click("#approve-all")
    page.wait_for_function("document.querySelectorAll('.entry.approved').length === 2")
    final = goldens(work)
    check(changed(after, final) == ["sub/b.layout.json", "sub/b.png"], "approve all shown changed b's goldens: %s" % changed(after, final))
    check(final["c.png"] == before["c.png"], "the passing spec's golden is left")
    # Nothing is shown that waits: approve all shown says so and writes nothing.
    page.fill("#search", "")
    page.wait_for_function("document.getElementById('shown').textContent === '3'")
    page.click("#approve-all")
    page.wait_for_function("document.getElementById('review-status').textContent.indexOf('No failure shown') === 0")
    check(goldens(work) == final, "nothing more is written")
    # Each entry's spec and golden links, which leave the report folder, lead to its files.
    for selector, path in ((".spec-link", "specs/sub/b.json"), (".golden-link", "golden/sub/b.png")):
        href = page.locator(".entry").nth(1).locator(selector).evaluate("a => a.href")
        status, size = page.evaluate("href => fetch(href).then(r => r.arrayBuffer().then(b => [r.status, b.byteLength]))", href)
        check(status == 200 and size == len(read(work, path)), "the %s link %s is served: %s, %s bytes" % (selector, href, status, size))
    page.evaluate("window.scrollTo(0, 0)")
    page.screenshot(path=screenshot, full_page=True)
    check(errors == [] and outside == [], "served page: errors %s, requests outside %s" % (errors, outside))
    page.close()
    return token


def test_group_approval(browser, infowin, work):
    """A group's one entry approves every render of its cause."""
    review = subprocess.Popen([infowin, "review", "--golden", "golden", "--report", "report", "--port", "0"], cwd=work,
                              stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    try:
        line = review.stdout.readline()
        found = re.search(r"http://127\.0\.0\.1:\d+/", line)
        check(found, "review prints its address: %r" % line)
        url = found.group(0)
        names = ["g1.png", "g2.png"]
        before = {name: read(work, "golden/" + name) for name in names}
        page, errors, outside = watched_page(browser, [url])
        page.goto(url)
        check(page.locator(".entry").count() == 1, "one entry for the group: %d" % page.locator(".entry").count())
        page.locator(".entry .approve").click()
        page.wait_for_function("document.querySelector('.entry').classList.contains('approved')")
        for name in names:
            after = read(work, "golden/" + name)
            check(after != before[name] and after == read(work, "report/" + name.replace(".png", ".actual.png")),
                  "the group's approval wrote %s from its actual image" % name)
        check(errors == [] and outside == [], "group page: errors %s, requests outside %s" % (errors, outside))
        page.close()
    finally:
        review.send_signal(signal.SIGINT)
    review.communicate(timeout=30)


def main():
    infowin, work, screenshot = sys.argv[1:4]
    group = sys.argv[4] if len(sys.argv) > 4 else None
    review = subprocess.Popen([infowin, "review", "--golden", "golden", "--report", "report", "--port", "0"], cwd=work,
                              stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    try:
        line = review.stdout.readline()
        found = re.search(r"http://127\.0\.0\.1:\d+/", line)
        check(found, "review prints its address: %r %s" % (line, review.stderr.read() if review.poll() is not None else ""))
        url = found.group(0)
        with sync_playwright() as playwright:
            browser = launch(playwright)
            try:
                test_file_page(browser, work)
                token = test_served_page(browser, work, url, screenshot)
                test_cross_origin(browser, work, url, token)
                if group:
                    test_group_approval(browser, infowin, group)
            finally:
                browser.close()
    finally:
        review.send_signal(signal.SIGINT)
    output, errors = review.communicate(timeout=30)
    output = line + output
    check(review.returncode == 0, "review exits 0 on SIGINT: %d %s" % (review.returncode, errors))
    for text in ("approved a.json: golden/a.png, golden/a.layout.json", "approved sub/b.json: golden/sub/b.png, golden/sub/b.layout.json",
                 "2 specs approved, 4 golden files changed"):
        check(text in output, "review printed %r: %s" % (text, output))
    print("review page: all checks passed")


if __name__ == "__main__":
    run("review page", main)
