"""The `/staticmap` workload of `make bench-serve` (bench/bench_serve.py): GET URLs over the made-up city.

Each URL is a Google Static Maps request as an app makes one, plus infowin's window: a center scattered over
the city, zoom 13 to 16, 390 x 300 pt at scale 2, one to five markers with `color:` and `label:`, and one of
them selected with a title and snippet (a fifth of them Chinese, as bench.py's cards). The seed is fixed, so
every run draws the same pictures."""
import os
import random
import struct
import urllib.parse

from bench import ROOT, chinese, words

TILESET = os.path.join(ROOT, "Tests", "InfoWinKitTests", "Fixtures", "basemap", "city-openmaptiles.pmtiles")
URLS = 300
CENTRE = (34.0, -40.0)
SPREAD = (0.05, 0.07)    # the centers' scatter in latitude and longitude, degrees
ZOOMS = (13, 16)
WIDTH, HEIGHT, SCALE = 390, 300, 2
COLOURS = ("red", "blue", "green", "purple", "orange", "yellow", "gray", "brown", "black", "white",
           "0x1E88E5", "0xE53935", "0x43A047")
LABELS = "ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789"


def tileset_bounds(path=TILESET):
    """The PMTiles v3 header's bounds: (min latitude, min longitude, max latitude, max longitude)."""
    with open(path, "rb") as f:
        header = f.read(127)
    if header[:7] != b"PMTiles" or header[7] != 3:
        raise SystemExit(f"{path}: not a PMTiles v3 file")
    min_lon, min_lat, max_lon, max_lat = (value / 1e7 for value in struct.unpack("<iiii", header[102:118]))
    return min_lat, min_lon, max_lat, max_lon


def check_centres_inside(bounds):
    """The scatter of centers must lie inside the tileset, or some pictures would have no map."""
    min_lat, min_lon, max_lat, max_lon = bounds
    south, north = CENTRE[0] - SPREAD[0], CENTRE[0] + SPREAD[0]
    west, east = CENTRE[1] - SPREAD[1], CENTRE[1] + SPREAD[1]
    if not (min_lat <= south and north <= max_lat and min_lon <= west and east <= max_lon):
        raise SystemExit(f"{TILESET}: bounds {bounds} do not hold the centers {south}..{north}, {west}..{east}")


def span_degrees(zoom):
    """The picture's width and height in degrees of longitude and latitude at that zoom (near the city)."""
    degrees_per_point = 360 / (256 * 2 ** zoom)
    return HEIGHT * degrees_per_point * 0.83, WIDTH * degrees_per_point  # 0.83: cos(34°), the Mercator squeeze


def make_url(index, rng):
    """One /staticmap path and query."""
    zoom = rng.randint(*ZOOMS)
    lat = CENTRE[0] + rng.uniform(-SPREAD[0], SPREAD[0])
    lon = CENTRE[1] + rng.uniform(-SPREAD[1], SPREAD[1])
    lat_span, lon_span = span_degrees(zoom)
    count = rng.randint(1, 5)
    selected = rng.randint(1, count)
    query = [("center", f"{lat:.6f},{lon:.6f}"), ("zoom", str(zoom)), ("size", f"{WIDTH}x{HEIGHT}"),
             ("scale", str(SCALE))]
    for marker in range(1, count + 1):
        if marker == selected:  # below the center, so its window, above it, is in the picture
            offset = (rng.uniform(-0.35, -0.1) * lat_span, rng.uniform(-0.2, 0.2) * lon_span)
        else:
            offset = (rng.uniform(-0.4, 0.4) * lat_span, rng.uniform(-0.4, 0.4) * lon_span)
        query.append(("markers", f"color:{rng.choice(COLOURS)}|label:{rng.choice(LABELS)}|"
                                 f"{lat + offset[0]:.6f},{lon + offset[1]:.6f}"))
    is_chinese = index % 5 == 0
    length = rng.choice([3, 8, 20, 60, 150])
    title = chinese(rng, rng.randint(2, 8)) if is_chinese else words(rng, rng.randint(1, 6))
    snippet = chinese(rng, length) if is_chinese else words(rng, max(1, length // 6))
    query += [("selected", f"m{selected}"), ("title", title), ("snippet", snippet)]
    return "/staticmap?" + urllib.parse.urlencode(query, quote_via=urllib.parse.quote, safe=",:")


def write_urls(path):
    """Writes URLS request paths to path, one a line, after checking the tileset holds their centers."""
    check_centres_inside(tileset_bounds())
    rng = random.Random(2026)
    with open(path, "w") as f:
        for index in range(URLS):
            f.write(make_url(index, rng) + "\n")
    return path
