"""What the browser tests share: Debian's Chromium (no browser download), `check`, and running a test's
main so that its first failed check is printed on standard error with exit status 1."""
import sys

CHROMIUM = "/usr/bin/chromium"


def check(condition, message):
    if not condition:
        raise AssertionError(message)


def launch(playwright):
    """Debian's Chromium, headless and without its sandbox (the test machines run as root)."""
    return playwright.chromium.launch(executable_path=CHROMIUM, args=["--no-sandbox"])


def watched_page(browser, allowed, width=1400):
    """A new page whose script errors are collected and whose requests outside `allowed` (URL prefixes) are
    refused and collected: (page, errors, outside)."""
    page = browser.new_page(viewport={"width": width, "height": 900})
    errors, outside = [], []

    def route(request_route):
        url = request_route.request.url
        if any(url.startswith(prefix) for prefix in allowed):
            request_route.continue_()
        else:
            outside.append(url)
            request_route.abort()

    page.route("**/*", route)
    page.on("pageerror", lambda error: errors.append(str(error)))
    return page, errors, outside


def run(name, main):
    """Runs `main`; a failed check prints `NAME: message` on standard error and exits 1."""
    try:
        main()
    except AssertionError as error:
        print(name + ": " + str(error), file=sys.stderr)
        sys.exit(1)
