#!/usr/bin/env python3
"""A tile server for TileHTTPClientTests, on 127.0.0.1 and a free port.

Usage: tile_server.py LOG. Prints the port it bound on its first line, then serves:
  /tile/NAME            200, PNG signature + NAME
  /png/RRGGBB/ANYTHING  200, a real 256 x 256 PNG tile of that flat colour
  /status/CODE          that status, always (404, 410, 500, ...)
  /flaky/NAME           500 for the first two requests to the path, then 200 like /tile/flaky
  /slow/SECONDS[/NAME]  waits SECONDS, then 200 like /tile/NAME
  /slow/SECONDS/png/RRGGBB/ANYTHING  waits SECONDS, then 200 like /png/RRGGBB/ANYTHING
  /redirect/PATH        302 to /PATH
  /away/URL             302 to URL (any scheme, any host)
  /loop                 302 to itself, forever
  /reset                the connection reset (RST) before any answer
  /big/declared         16 MiB + 1 bytes with a Content-Length
  /big/undeclared       16 MiB + 1 bytes, the length unsaid (the connection closes after them)
Each request, when it arrives, appends a JSON line to LOG: its path, User-Agent and how many requests
were in progress (received, not yet answered) with it ("concurrent"). It exits when its standard input
closes, so a test process that dies takes the server with it.
"""
import json
import os
import socket
import struct
import sys
import zlib
import threading
import time
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

PNG_SIGNATURE = b"\x89PNG\r\n\x1a\n"
BIG = 16 * 1024 * 1024 + 1

lock = threading.Lock()
counts = {}
in_progress = 0


def flat_png(hex_colour):
    """A 256 x 256 RGB PNG of one colour."""
    rgb = bytes.fromhex(hex_colour)
    rows = b"".join(b"\x00" + rgb * 256 for _ in range(256))

    def chunk(kind, data):
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))
    return (b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", 256, 256, 8, 2, 0, 0, 0))
            + chunk(b"IDAT", zlib.compress(rows)) + chunk(b"IEND", b""))


class Handler(BaseHTTPRequestHandler):
    def do_GET(self):
        global in_progress
        with lock:
            in_progress += 1
            counts[self.path] = counts.get(self.path, 0) + 1
            seen = counts[self.path]
            with open(sys.argv[1], "a") as log:
                log.write(json.dumps({"path": self.path, "userAgent": self.headers.get("User-Agent"),
                                      "concurrent": in_progress}) + "\n")
        self.answered = False
        try:
            self.route(self.path.strip("/").split("/"), seen)
        finally:
            self.answer()

    def answer(self):
        # A request stops counting as in progress before its answer goes out: the client may open its next
        # connection as soon as it has the answer, which can be before this thread runs again.
        global in_progress
        if not self.answered:
            self.answered = True
            with lock:
                in_progress -= 1

    def send_response(self, code, message=None):
        self.answer()
        super().send_response(code, message)

    def route(self, parts, seen):
        kind, rest = parts[0], parts[1:]
        if kind == "tile":
            self.reply(200, PNG_SIGNATURE + "/".join(rest).encode())
        elif kind == "png":
            self.reply(200, flat_png(rest[0]))
        elif kind == "status":
            self.reply(int(rest[0]), b"status")
        elif kind == "flaky":
            if seen < 3:
                self.reply(500, b"not yet")
            else:
                self.reply(200, PNG_SIGNATURE + b"flaky")
        elif kind == "slow":
            time.sleep(float(rest[0]))
            if rest[1:2] == ["png"]:
                self.reply(200, flat_png(rest[2]))
            else:
                self.reply(200, PNG_SIGNATURE + "/".join(rest[1:]).encode())
        elif kind == "redirect":
            self.redirect("/" + "/".join(rest))
        elif kind == "away":
            self.redirect("/".join(rest))
        elif kind == "loop":
            self.redirect("/loop")
        elif kind == "reset":
            # A zero linger time makes close() send RST instead of FIN.
            self.connection.setsockopt(socket.SOL_SOCKET, socket.SO_LINGER, struct.pack("ii", 1, 0))
            self.connection.close()
        elif kind == "big":
            self.send_response(200)
            if rest[0] == "declared":
                self.send_header("Content-Length", str(BIG))
            self.end_headers()
            chunk = b"\0" * (1024 * 1024)
            for _ in range(BIG // len(chunk)):
                self.wfile.write(chunk)
            self.wfile.write(b"\0" * (BIG % len(chunk)))
        else:
            self.reply(400, b"unknown path")

    def reply(self, status, body):
        self.send_response(status)
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)

    def redirect(self, location):
        self.send_response(302)
        self.send_header("Location", location)
        self.send_header("Content-Length", "0")
        self.end_headers()

    def log_message(self, format, *args):
        pass


class Server(ThreadingHTTPServer):
    daemon_threads = True
    # Twelve parallel connections must not overflow the listen queue (a dropped SYN costs a second).
    request_queue_size = 64

    def handle_error(self, request, client_address):
        pass  # a client that timed out and hung up is part of the tests


def exit_when_stdin_closes():
    sys.stdin.buffer.read()
    os._exit(0)


if __name__ == "__main__":
    server = Server(("127.0.0.1", 0), Handler)
    print(server.server_address[1], flush=True)
    threading.Thread(target=exit_when_stdin_closes, daemon=True).start()
    server.serve_forever()
