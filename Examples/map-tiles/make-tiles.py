#!/usr/bin/env python3
"""Draws the examples' map tiles: a made-up city on the Thames around Covent Garden, London, with a river,
a park with a lake, a street grid, main roads and buildings, at levels 12 to 15 (and @2x tiles at 15).

Writes city/{z}/{x}/{y}.png (and city/15/{x}/{y}@2x.png), ../map-mbtiles/city.mbtiles and
../map-retina/city.mbtiles (SQLite, TMS rows, as the MBTiles spec says) and ../map-pmtiles/city.pmtiles (PMTiles v3: one gzip-compressed root directory,
tiles in Hilbert order), each example keeping its tiles inside its own folder.
Uses only the Python standard library: run it from this folder with python3.

`make-tiles.py --pack FOLDER NAME` packs an existing FOLDER/{z}/{x}/{y}.png tree into NAME.mbtiles and
NAME.pmtiles instead (the tests use it to write archives of their own tiles)."""
import gzip
import math
import os
import sqlite3
import struct
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
from pngwrite import png_bytes  # noqa: E402

CENTER = (51.5115, -0.1230)          # latitude, longitude
SPAN = (0.02, 0.045)                 # the area drawn: ± half of these
LEVELS = range(12, 16)
RETINA_LEVELS = (15,)
SIZE = 256


def mercator(lat, lon):
    """Normalised Web Mercator, 0…1 from the top-left."""
    s = math.sin(math.radians(lat))
    return (lon + 180) / 360, 0.5 - math.log((1 + s) / (1 - s)) / (4 * math.pi)


def metres_per_unit():
    return 40075016.686 * math.cos(math.radians(CENTER[0]))


CX, CY = mercator(*CENTER)
M = metres_per_unit()

LAND, WATER, PARK, STREET, MAJOR, CASING, BUILDING = (
    (242, 239, 233), (170, 211, 223), (200, 230, 190), (255, 255, 255), (252, 214, 164), (220, 200, 170), (217, 208, 201))


def river_offset(x_m):
    return -380 + 140 * math.sin(x_m / 420) + 60 * math.sin(x_m / 170)


def color_at(x_m, y_m, metres_per_px, level):
    """The colour of the city at (x, y) metres from the centre (y down)."""
    def line(distance, width):
        return abs(distance) < max(0.7 * metres_per_px, width / 2)
    if abs(y_m - (-river_offset(x_m))) < 90:
        return WATER
    if ((x_m - 650) / 330) ** 2 + ((y_m + 120) / 210) ** 2 < 1:
        if ((x_m - 700) / 90) ** 2 + ((y_m + 90) / 50) ** 2 < 1:
            return WATER
        return PARK
    u = x_m * math.cos(0.35) + y_m * math.sin(0.35)
    v = -x_m * math.sin(0.35) + y_m * math.cos(0.35)
    for road in (u - 40, v + 260, x_m + 0.6 * y_m - 900):
        if line(road, 22):
            return MAJOR
        if line(road, 30):
            return CASING
    if level >= 13 and (line((u + 5000) % 160 - 80, 10) or line((v + 5000) % 130 - 65, 10)):
        return STREET
    if level >= 15 and 14 < (u + 5000) % 160 < 146 and 14 < (v + 5000) % 130 < 116 and (int(u // 40) + int(v // 40)) % 3:
        return BUILDING
    return LAND


def tile_png(level, x, y, size):
    world = 2 ** level * size
    metres_per_px = M / world

    def pixel(px, py):
        wx = (x * size + px + 0.5) / world
        wy = (y * size + py + 0.5) / world
        return color_at((wx - CX) * M, (wy - CY) * M, metres_per_px, level)
    return png_bytes(size, size, pixel, alpha=False)


def tiles_of(level):
    (north, west), (south, east) = (CENTER[0] + SPAN[0] / 2, CENTER[1] - SPAN[1] / 2), (CENTER[0] - SPAN[0] / 2, CENTER[1] + SPAN[1] / 2)
    (x0, y0), (x1, y1) = mercator(north, west), mercator(south, east)
    n = 2 ** level
    for y in range(int(y0 * n), int(y1 * n) + 1):
        for x in range(int(x0 * n), int(x1 * n) + 1):
            yield x, y


def hilbert_id(z, x, y):
    acc = (4 ** z - 1) // 3
    d, s = 0, 2 ** z // 2
    while s > 0:
        rx, ry = 1 if x & s else 0, 1 if y & s else 0
        d += s * s * ((3 * rx) ^ ry)
        if ry == 0:
            if rx == 1:
                x, y = s - 1 - x, s - 1 - y
            x, y = y, x
        s //= 2
    return acc + d


def varint(value):
    out = bytearray()
    while True:
        byte = value & 0x7F
        value >>= 7
        out.append(byte | (0x80 if value else 0))
        if not value:
            return bytes(out)


def write_pmtiles(path, tiles):
    """tiles: {(z, x, y): png bytes}. One root directory, tiles in tile-id order, no run-length merging."""
    entries, data = [], bytearray()
    for (z, x, y), png in sorted(tiles.items(), key=lambda item: hilbert_id(*item[0])):
        entries.append((hilbert_id(z, x, y), len(data), len(png)))
        data += png
    directory = varint(len(entries))
    last = 0
    for tile_id, _, _ in entries:
        directory += varint(tile_id - last)
        last = tile_id
    directory += b"".join(varint(1) for _ in entries)
    directory += b"".join(varint(length) for _, _, length in entries)
    directory += b"".join(varint(offset + 1) for _, offset, _ in entries)
    root = gzip.compress(directory, mtime=0)
    metadata = gzip.compress(b'{"name":"made-up city"}', mtime=0)
    header_size = 127
    root_offset = header_size
    metadata_offset = root_offset + len(root)
    data_offset = metadata_offset + len(metadata)
    zooms = [z for z, _, _ in tiles]
    header = b"PMTiles" + bytes([3]) + struct.pack(
        "<QQQQQQQQQQQ", root_offset, len(root), metadata_offset, len(metadata), data_offset, 0, data_offset, len(data),
        len(entries), len(entries), len(entries))
    west, east, south, north = CENTER[1] - SPAN[1] / 2, CENTER[1] + SPAN[1] / 2, CENTER[0] - SPAN[0] / 2, CENTER[0] + SPAN[0] / 2
    header += bytes([1, 2, 1, 2, min(zooms), max(zooms)])  # clustered, gzip directories, no tile compression, PNG
    header += struct.pack("<iiii", round(west * 1e7), round(south * 1e7), round(east * 1e7), round(north * 1e7))
    header += bytes([max(zooms)]) + struct.pack("<ii", round(CENTER[1] * 1e7), round(CENTER[0] * 1e7))
    assert len(header) == header_size
    with open(path, "wb") as f:
        f.write(header + root + metadata + bytes(data))


def write_mbtiles(path, tiles):
    if os.path.exists(path):
        os.remove(path)
    db = sqlite3.connect(path)
    db.executescript("CREATE TABLE metadata (name text, value text);"
                     "CREATE TABLE tiles (zoom_level integer, tile_column integer, tile_row integer, tile_data blob);"
                     "CREATE UNIQUE INDEX tile_index ON tiles (zoom_level, tile_column, tile_row);")
    zooms = [z for z, _, _ in tiles]
    db.executemany("INSERT INTO metadata VALUES (?, ?)", [("name", "made-up city"), ("format", "png"),
                                                          ("minzoom", str(min(zooms))), ("maxzoom", str(max(zooms)))])
    db.executemany("INSERT INTO tiles VALUES (?, ?, ?, ?)",
                   [(z, x, (2 ** z - 1) - y, png) for (z, x, y), png in sorted(tiles.items())])
    db.commit()
    db.execute("VACUUM")
    db.close()


def pack(folder, name):
    tiles = {}
    for z in os.listdir(folder):
        for x in os.listdir(os.path.join(folder, z)):
            for file in os.listdir(os.path.join(folder, z, x)):
                if file.endswith(".png") and "@" not in file:
                    with open(os.path.join(folder, z, x, file), "rb") as f:
                        tiles[(int(z), int(x), int(file[:-4]))] = f.read()
    write_mbtiles(name + ".mbtiles", tiles)
    write_pmtiles(name + ".pmtiles", tiles)


def main():
    if len(sys.argv) == 4 and sys.argv[1] == "--pack":
        pack(sys.argv[2], sys.argv[3])
        return
    tiles = {}
    for level in LEVELS:
        for x, y in tiles_of(level):
            png = tile_png(level, x, y, SIZE)
            tiles[(level, x, y)] = png
            os.makedirs(f"city/{level}/{x}", exist_ok=True)
            with open(f"city/{level}/{x}/{y}.png", "wb") as f:
                f.write(png)
            if level in RETINA_LEVELS:
                with open(f"city/{level}/{x}/{y}@2x.png", "wb") as f:
                    f.write(tile_png(level, x, y, 2 * SIZE))
    for example in ("map-mbtiles", "map-retina"):
        write_mbtiles(f"../{example}/city.mbtiles", tiles)
    write_pmtiles("../map-pmtiles/city.pmtiles", tiles)


if __name__ == "__main__":
    main()
