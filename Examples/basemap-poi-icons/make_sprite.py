#!/usr/bin/env python3
"""Writes this example's sprite: poi-icons.sprite.png and poi-icons.sprite@2x.png with their .json indexes (MapLibre's
sprite format), four round icons drawn here (a cup, a bus, a book, a dot), 4 × 4 supersampled.

    python3 make_sprite.py
"""
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
from pngwrite import write_sprite  # noqa: E402

SIZE = 22  # points a side
# name: (disc colour, the white glyph as a test of a point in the unit square, y down)
ICONS = {
    "cafe": ((0xB0, 0x5A, 0x2C), lambda x, y: (0.30 <= x <= 0.62 and 0.34 <= y <= 0.66)
             or (0.62 <= x <= 0.74 and 0.40 <= y <= 0.56 and not (0.62 <= x <= 0.68 and 0.45 <= y <= 0.51))
             or (0.26 <= x <= 0.66 and 0.68 <= y <= 0.72)),
    "bus": ((0x1A, 0x73, 0xE8), lambda x, y: (0.28 <= x <= 0.72 and 0.26 <= y <= 0.70
                                               and not (0.33 <= x <= 0.67 and 0.32 <= y <= 0.48))
             or ((x - 0.36) ** 2 + (y - 0.74) ** 2 <= 0.0036) or ((x - 0.64) ** 2 + (y - 0.74) ** 2 <= 0.0036)),
    "library": ((0x6A, 0x3D, 0x9A), lambda x, y: (0.26 <= x <= 0.48 and 0.30 <= y <= 0.70)
                 or (0.52 <= x <= 0.74 and 0.30 <= y <= 0.70)),
    "dot": ((0x5F, 0x63, 0x68), lambda x, y: (x - 0.5) ** 2 + (y - 0.5) ** 2 <= 0.02),
}


def icon_pixel(colour, glyph, side):
    def pixel(x, y):
        inside = white = 0
        for sy in range(4):
            for sx in range(4):
                u, v = (x + (sx + 0.5) / 4) / side, (y + (sy + 0.5) / 4) / side
                if (u - 0.5) ** 2 + (v - 0.5) ** 2 <= 0.25:
                    inside += 1
                    white += glyph(u, v)
        if inside == 0:
            return (0, 0, 0, 0)
        # Premultiplying is the reader's work: straight alpha, the glyph's white over the disc's colour.
        mix = white / inside
        rgb = tuple(round(c * (1 - mix) + 255 * mix) for c in colour)
        return rgb + (round(255 * inside / 16),)
    return pixel


def write(scale):
    side = SIZE * scale
    names = list(ICONS)
    pixels = [icon_pixel(colour, glyph, side) for colour, glyph in ICONS.values()]
    index = {name: {"x": i * side, "y": 0, "width": side, "height": side, "pixelRatio": scale} for i, name in enumerate(names)}
    write_sprite("poi-icons", scale, side * len(names), side, lambda x, y: pixels[x // side](x % side, y), index)


if __name__ == "__main__":
    os.chdir(os.path.dirname(os.path.abspath(__file__)))
    write(1)
    write(2)
