#!/usr/bin/env python3
"""Draws house@2x.png, the example's marker icon (32 x 32 pt at scale 2), with no library but zlib."""
import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
from pngwrite import write_png  # noqa: E402

SIZE = 64
SUPERSAMPLE = 4
ROOF = (0xC6, 0x28, 0x28)
WALL = (0xFF, 0xF3, 0xE0)
DOOR = (0x6D, 0x4C, 0x41)
OUTLINE = (0x4E, 0x34, 0x2E)


def inside_roof(x, y):
    # A triangle from (4, 30) to (60, 30) with its apex at (32, 4).
    return 30 >= y >= 4 + abs(x - 32) * (26 / 28)


def color_at(x, y):
    if 26 <= x <= 38 and 42 <= y <= 60:
        return DOOR + (255,)
    if inside_roof(x, y):
        return ROOF + (255,)
    if 10 <= x <= 54 and 28 <= y <= 60:
        edge = x < 12 or x > 52 or y > 58
        return (OUTLINE if edge else WALL) + (255,)
    return (0, 0, 0, 0)


def pixel(px, py):
    samples = [color_at(px + (i + 0.5) / SUPERSAMPLE, py + (j + 0.5) / SUPERSAMPLE)
               for i in range(SUPERSAMPLE) for j in range(SUPERSAMPLE)]
    alpha = sum(s[3] for s in samples)
    if alpha == 0:
        return (0, 0, 0, 0)
    rgb = [round(sum(s[c] * s[3] for s in samples) / alpha) for c in range(3)]
    return tuple(rgb) + (round(alpha / len(samples)),)


write_png("house@2x.png", SIZE, SIZE, pixel)
