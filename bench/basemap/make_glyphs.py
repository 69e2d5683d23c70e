#!/usr/bin/env python3
"""Writes the SDF glyph files MapLibre Native needs to draw the built-in styles' labels in the bench.

MapLibre draws text from pre-made signed-distance-field glyphs, one protobuf file a font stack and a range
of 256 code points (`FOLDER/{fontstack}/{range}.pbf`); infowin shapes text with Pango and needs none. No such
file ships in a Debian package, so this makes them from the machine's Noto Sans (fonts-noto-core) for the
font stacks the built-in styles name, code points 0–255 (the made-up city's `name` values): each glyph drawn
4 times larger with Pillow, its distance field sampled at 24 px with a 3 px buffer and an 8 px radius, as
MapLibre's glyphs are. For the bench only (Pillow and numpy come with its virtual environment).

    python make_glyphs.py FOLDER
"""
import os
import sys

import numpy
from PIL import Image, ImageDraw, ImageFont

FONT_FOLDER = "/usr/share/fonts/truetype/noto"
STACKS = {"Noto Sans Regular": "NotoSans-Regular.ttf", "Noto Sans Bold": "NotoSans-Bold.ttf",
          "Noto Sans Italic": "NotoSans-Italic.ttf"}
SIZE, BUFFER, RADIUS, CUTOFF, OVERSAMPLE = 24, 3, 8, 0.25, 4


def varint(value):
    out = bytearray()
    while True:
        byte = value & 0x7F
        value >>= 7
        out.append(byte | (0x80 if value else 0))
        if not value:
            return bytes(out)


def field(number, wire_type, payload):
    key = varint(number << 3 | wire_type)
    if wire_type == 0:
        return key + varint(payload)
    return key + varint(len(payload)) + payload


def zigzag(value):
    return (value << 1) ^ (value >> 63)


def distance_field(mask):
    """Bytes of the signed distance field sampled at the centre of every OVERSAMPLE-th pixel of `mask`."""
    inside = mask
    padded = numpy.pad(inside, 1, constant_values=False)
    neighbours_out = ~padded[:-2, 1:-1] | ~padded[2:, 1:-1] | ~padded[1:-1, :-2] | ~padded[1:-1, 2:]
    neighbours_in = padded[:-2, 1:-1] | padded[2:, 1:-1] | padded[1:-1, :-2] | padded[1:-1, 2:]
    edge_in = numpy.argwhere(inside & neighbours_out).astype(float)
    edge_out = numpy.argwhere(~inside & neighbours_in).astype(float)
    rows, columns = mask.shape[0] // OVERSAMPLE, mask.shape[1] // OVERSAMPLE
    centres = (numpy.indices((rows, columns)).reshape(2, -1).T + 0.5) * OVERSAMPLE - 0.5
    inside_at = inside[centres[:, 0].astype(int), centres[:, 1].astype(int)]

    def nearest(points, edges):
        if len(edges) == 0:
            return numpy.full(len(points), float(RADIUS * OVERSAMPLE * 2))
        return numpy.sqrt(((points[:, None, :] - edges[None, :, :]) ** 2).sum(axis=2)).min(axis=1)

    distance = numpy.where(inside_at, -nearest(centres, edge_out), nearest(centres, edge_in)) / OVERSAMPLE
    values = numpy.clip(numpy.round(255 - 255 * (distance / RADIUS + CUTOFF)), 0, 255).astype(numpy.uint8)
    return values.tobytes()


def glyph(font, ascender, code_point):
    character = chr(code_point)
    advance = round(font.getlength(character) / OVERSAMPLE)
    left_px, top_px, right_px, bottom_px = font.getbbox(character, anchor="ls")
    message = field(1, 0, code_point)
    if right_px <= left_px or bottom_px <= top_px:  # a space: an advance and no bitmap
        return message + field(3, 0, 0) + field(4, 0, 0) + field(5, 0, 0) + field(6, 0, zigzag(-ascender)) + field(7, 0, advance)
    left, top = left_px // OVERSAMPLE, top_px // OVERSAMPLE
    width = -(-right_px // OVERSAMPLE) - left
    height = -(-bottom_px // OVERSAMPLE) - top
    image = Image.new("L", ((width + 2 * BUFFER) * OVERSAMPLE, (height + 2 * BUFFER) * OVERSAMPLE), 0)
    ImageDraw.Draw(image).text(((BUFFER - left) * OVERSAMPLE, (BUFFER - top) * OVERSAMPLE), character, font=font,
                               fill=255, anchor="ls")
    bitmap = distance_field(numpy.asarray(image) > 127)
    return (message + field(2, 2, bitmap) + field(3, 0, width) + field(4, 0, height) + field(5, 0, zigzag(left))
            + field(6, 0, zigzag(-top - ascender)) + field(7, 0, advance))


def main():
    folder = sys.argv[1]
    for stack, file in STACKS.items():
        target = os.path.join(folder, stack, "0-255.pbf")
        if os.path.exists(target):
            continue
        font = ImageFont.truetype(os.path.join(FONT_FOLDER, file), SIZE * OVERSAMPLE)
        ascender = round(font.getmetrics()[0] / OVERSAMPLE)
        glyphs = b"".join(field(3, 2, glyph(font, ascender, code_point)) for code_point in range(32, 256)
                          if code_point < 127 or code_point >= 160)
        stack_message = field(1, 2, stack.encode()) + field(2, 2, b"0-255") + glyphs
        os.makedirs(os.path.dirname(target), exist_ok=True)
        with open(target, "wb") as f:
            f.write(field(1, 2, stack_message))


if __name__ == "__main__":
    main()
