#!/usr/bin/env python3
"""Puts infowin's and MapLibre Native's pictures of the same views side by side, for looking (never asserted).

Reads the PNGs `make bench-basemap` keeps in .build/bench-basemap/maplibre/ and .build/bench-basemap/infowin/
(the same file names: VIEW-VARIANT.png) and writes .build/bench-basemap/contact-sheet.png: one row a
picture, MapLibre Native on the left, infowin on the right (an empty frame where one side has none), each
at half its size with its name above. Needs Pillow (in the bench's virtual environment).

    python contact_sheet.py [FOLDER]
"""
import os
import sys

from PIL import Image, ImageDraw

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
SIDES = ("maplibre", "infowin")
CAPTION = 28
GAP = 12


def main():
    folder = sys.argv[1] if len(sys.argv) > 1 else os.path.join(ROOT, ".build", "bench-basemap")
    names = sorted({name for side in SIDES if os.path.isdir(os.path.join(folder, side))
                    for name in os.listdir(os.path.join(folder, side)) if name.endswith(".png")})
    if not names:
        sys.exit(f"no pictures in {folder}/maplibre or {folder}/infowin: run make bench-basemap first")
    pictures = {}
    for name in names:
        for side in SIDES:
            path = os.path.join(folder, side, name)
            if os.path.exists(path):
                image = Image.open(path).convert("RGB")
                pictures[side, name] = image.resize((image.width // 2, image.height // 2), Image.LANCZOS)
    width = max(image.width for image in pictures.values())
    height = max(image.height for image in pictures.values())
    sheet = Image.new("RGB", (2 * width + 3 * GAP, len(names) * (height + CAPTION + GAP) + GAP), "white")
    draw = ImageDraw.Draw(sheet)
    for row, name in enumerate(names):
        top = GAP + row * (height + CAPTION + GAP)
        for column, side in enumerate(SIDES):
            left = GAP + column * (width + GAP)
            label = ("MapLibre Native" if side == "maplibre" else "infowin") + f": {name[:-4]}"
            draw.text((left, top + 6), label, fill="black")
            if (side, name) in pictures:
                sheet.paste(pictures[side, name], (left, top + CAPTION))
            else:
                draw.rectangle((left, top + CAPTION, left + width - 1, top + CAPTION + height - 1), outline="grey")
                draw.text((left + 10, top + CAPTION + 10), "not drawn", fill="grey")
    output = os.path.join(folder, "contact-sheet.png")
    sheet.save(output)
    print(f"wrote {output} ({len(names)} views)")


if __name__ == "__main__":
    main()
