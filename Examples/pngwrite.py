"""The examples' image generators share this: an 8-bit PNG written with no library but zlib."""
import struct
import zlib


def _chunk(kind, data):
    return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))


def png_bytes(width, height, pixel, alpha=True):
    """The PNG of `pixel(x, y)` (an RGBA tuple, or RGB with alpha=False), rows unfiltered, zlib level 9."""
    rows = b"".join(b"\x00" + bytes(c for x in range(width) for c in pixel(x, y)) for y in range(height))
    header = struct.pack(">IIBBBBB", width, height, 8, 6 if alpha else 2, 0, 0, 0)
    return b"\x89PNG\r\n\x1a\n" + _chunk(b"IHDR", header) + _chunk(b"IDAT", zlib.compress(rows, 9)) + _chunk(b"IEND", b"")


def write_png(path, width, height, pixel, alpha=True):
    with open(path, "wb") as f:
        f.write(png_bytes(width, height, pixel, alpha))


def write_sprite(name, scale, width, height, pixel, index):
    """A MapLibre sprite: NAME.sprite.png (NAME.sprite@2x.png at scale 2) of `pixel(x, y)`, and its .json
    `index` of images (name: x, y, width, height, pixelRatio), written beside it."""
    import json
    suffix = "@2x" if scale == 2 else ""
    write_png(f"{name}.sprite{suffix}.png", width, height, pixel)
    with open(f"{name}.sprite{suffix}.json", "w") as f:
        json.dump(index, f, indent=2)
        f.write("\n")
