#!/usr/bin/env python3
"""Draws london@2x.png, the example's picture (64 x 64 pt at scale 2): a tower by a river, with no library but zlib."""
import math
import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
from pngwrite import write_png  # noqa: E402

SIZE = 128


def color_at(x, y):
    shade = y / SIZE
    r, g, b = int(120 + 100 * shade), int(170 + 60 * shade), 235
    if (x - 92) ** 2 + (y - 34) ** 2 < 14 ** 2:
        r, g, b = 255, 214, 90
    if 30 <= x <= 44 and 30 <= y <= 118:
        r, g, b = 150, 120, 80
    if 28 <= x <= 46 and 24 <= y < 30:
        r, g, b = 120, 95, 60
    if 33 <= x <= 41 and 40 <= y <= 48:
        r, g, b = 250, 245, 225
    if abs(x - 37) <= (y - 8) * 0.5 and 8 <= y < 24:
        r, g, b = 110, 85, 55
    if y > 100:
        r, g, b = 70, 110, 160
    if 96 + 10 * math.sin(x / 16.0) < y <= 100 and not 30 <= x <= 44:
        r, g, b = 90, 150, 90
    return (r, g, b, 255)


write_png("london@2x.png", SIZE, SIZE, color_at)
