#!/usr/bin/env python3
"""Writes this example's sprite: road-signs.sprite.png and road-signs.sprite@2x.png with their .json indexes
(MapLibre's sprite format), two signs drawn here, 4 × 4 supersampled: a motorway shield (a blue rounded
rectangle with a white rim, for the road's `ref` on it) and a one-way arrow (a white chevron pointing along
the line, east, as icons along lines are drawn before they are turned with the line).

    python3 make_sprite.py
"""
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
from pngwrite import write_sprite  # noqa: E402

BLUE, WHITE, GREY = (0x1F, 0x4E, 0xA8), (0xFF, 0xFF, 0xFF), (0x5F, 0x63, 0x68)


def shield(u, v):
    """The shield at (u, v) in points inside its 30 × 18 box: None outside, else its colour."""
    def inside(inset, radius):
        x, y = min(max(u, inset + radius), 30 - inset - radius), min(max(v, inset + radius), 18 - inset - radius)
        return (u - x) ** 2 + (v - y) ** 2 <= radius ** 2 and inset <= u <= 30 - inset and inset <= v <= 18 - inset
    if not inside(0.5, 4):
        return None
    return BLUE if inside(2, 2.5) else WHITE


def arrow(u, v):
    """The one-way arrow at (u, v) in points inside its 12 × 12 box: a chevron pointing east, grey rimmed."""
    x, y = u - 6, abs(v - 6)
    body = -4 <= x <= 3.5 and x <= 3.5 - y and x >= -0.5 - y and y <= 4.5
    rim = -5 <= x <= 4.7 and x <= 4.7 - y and x >= -1.7 - y and y <= 5.5
    return WHITE if body else GREY if rim else None


SIGNS = {"motorway-shield": (30, 18, shield), "one-way": (12, 12, arrow)}


def sign_pixel(width, height, paint, scale):
    def pixel(x, y):
        colours = []
        for sy in range(4):
            for sx in range(4):
                colour = paint((x + (sx + 0.5) / 4) / scale, (y + (sy + 0.5) / 4) / scale)
                if colour:
                    colours.append(colour)
        if not colours:
            return (0, 0, 0, 0)
        # Straight alpha: the mean of the covered samples' colours, the coverage as alpha.
        rgb = tuple(round(sum(c[i] for c in colours) / len(colours)) for i in range(3))
        return rgb + (round(255 * len(colours) / 16),)
    return pixel


def write(scale):
    index, left, painters = {}, 0, []
    for name, (width, height, paint) in SIGNS.items():
        index[name] = {"x": left, "y": 0, "width": width * scale, "height": height * scale, "pixelRatio": scale}
        painters.append((left, width * scale, height * scale, sign_pixel(width, height, paint, scale)))
        left += width * scale
    tallest = max(height for _, height, _ in SIGNS.values()) * scale

    def pixel(x, y):
        for start, width, height, paint in painters:
            if start <= x < start + width:
                return paint(x - start, y) if y < height else (0, 0, 0, 0)
        return (0, 0, 0, 0)

    write_sprite("road-signs", scale, left, tallest, pixel, index)


if __name__ == "__main__":
    os.chdir(os.path.dirname(os.path.abspath(__file__)))
    write(1)
    write(2)
