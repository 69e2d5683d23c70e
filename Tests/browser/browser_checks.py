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


def run(name, main):
    """Runs `main`; a failed check prints `NAME: message` on standard error and exits 1."""
    try:
        main()
    except AssertionError as error:
        print(name + ": " + str(error), file=sys.stderr)
        sys.exit(1)
