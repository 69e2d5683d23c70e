#!/usr/bin/env python3
"""Draws cafe@2x.png (250 x 100 pt at scale 2): a café front with an awning, windows and a door, with no
library but zlib. The place-card examples in other languages keep a copy of it beside their spec."""
import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "../.."))
from pngwrite import write_png  # noqa: E402

WIDTH, HEIGHT = 500, 200


def color_at(x, y):
    r, g, b = 196, 160, 120                      # brick wall
    if (y // 14) % 2 == 0 and x % 40 < 2 or (y // 14) % 2 == 1 and (x + 20) % 40 < 2 or y % 14 < 2:
        r, g, b = 170, 135, 100                  # mortar
    if y < 20:
        r, g, b = 235, 225, 205                  # sky strip
    if 20 <= y < 62:
        stripe = (x // 28) % 2
        r, g, b = (46, 125, 90) if stripe else (240, 236, 226)
        if y > 54 and (x % 28) in range(10, 18):
            r, g, b = 30, 90, 64                 # scalloped edge
    for left in (30, 300):                       # windows
        if left <= x < left + 170 and 80 <= y < 170:
            r, g, b = 255, 222, 150 if (x + y) % 90 > 20 else 250
            if x in (left, left + 169, left + 85) or y in (80, 169):
                r, g, b = 60, 50, 40
    if 215 <= x < 285 and 82 <= y < 200:        # door
        r, g, b = 70, 52, 40
        if 226 <= x < 274 and 94 <= y < 150:
            r, g, b = 255, 214, 140
    if y >= 190:
        r, g, b = 120, 120, 120                  # pavement
    return (r, g, b, 255)


write_png("cafe@2x.png", WIDTH, HEIGHT, color_at)
