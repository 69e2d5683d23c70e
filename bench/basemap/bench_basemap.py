#!/usr/bin/env python3
"""infowin's vector basemap beside MapLibre Native (`make bench-basemap`): the same views of the made-up city,
drawn with the same style, timed; not a test.

The views: 780 × 600 pt at scale 2 over Tests/InfoWinKitTests/Fixtures/basemap/city-openmaptiles.mbtiles,
in the built-in `light` style twice, without its labels (symbol layers left out) and with them. MapLibre
Native is the `pymgl` wheel in the bench's own virtual environment, on Mesa's llvmpipe with
EGL_PLATFORM=surfaceless; it reads our built-in style's exported document with its source URL swapped for
`mbtiles:///absolute/path` and, for labels, glyphs that make_glyphs.py writes from the machine's Noto Sans
(MapLibre Native draws text from such files; infowin shapes it with Pango). Its zoom is the camera's − 1.

- warm: MapLibre Native, one Map, every view drawn BENCH_WARM_ROUNDS times (setCenter, setZoom,
  renderPNG); infowin, one `infowin batch` of the views copied to as many specs (default jobs).
- cold: a new process for one view, BENCH_COLD_RUNS times each: `python -c` loading pymgl and drawing, and
  `infowin render`.
- memory: infowin's peak over one batch of BENCH_MEMORY_PICTURES (1,000) views scattered over a tileset of
  about 50 MB (25 × 25 copies of the city, made once into .build/bench-basemap/region by make_tilesets.py).
- the goals of issue 50: infowin's warm time at most 0.25 × MapLibre Native's, its cold time at most 0.15 ×,
  its peak memory over the large tileset at most 120 MB.

Until infowin reads `map.basemap` (the spec's `"map": {"basemap": {"source": "city.mbtiles", "style":
"light"}}`), its side says why it was not measured and MapLibre Native's figures are still written. Both
sides' PNGs are kept in .build/bench-basemap/{maplibre,infowin}/ for contact_sheet.py. Writes
bench/results-basemap.txt.
"""
import json
import os
import random
import shutil
import statistics
import subprocess
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
sys.path.insert(0, os.path.dirname(HERE))
from bench import run_measured  # noqa: E402  (bench/bench.py: a command's time and peak memory)
BINARY = os.environ.get("INFOWIN", os.path.join(ROOT, ".build", "release", "infowin"))
FIXTURES = os.path.join(ROOT, "Tests", "InfoWinKitTests", "Fixtures", "basemap")
OUT = os.path.join(ROOT, ".build", "bench-basemap")
RESULTS = os.path.join(ROOT, "bench", "results-basemap.txt")
WARM_ROUNDS = int(os.environ.get("BENCH_WARM_ROUNDS", "10"))
MEMORY_PICTURES = int(os.environ.get("BENCH_MEMORY_PICTURES", "1000"))
REGION_COPIES = 25  # 25 × 25 cities: an OpenMapTiles tileset of about 50 MB
COLD_RUNS = int(os.environ.get("BENCH_COLD_RUNS", "5"))
WIDTH, HEIGHT, SCALE = 780, 600, 2
SCHEMA = os.environ.get("BENCH_SCHEMA", "openmaptiles")
STYLE = "light"

# (name, latitude, longitude, camera zoom): the city's centre and its corners at the zooms a card shows.
VIEWS = [
    ("centre-z14", 34.0020, -40.0000, 14),
    ("river-z15", 34.0040, -40.0075, 15),
    ("harbour-z16", 33.9905, -39.9790, 16),
    ("city-z13", 34.0050, -39.9950, 13),
]


def style_document(labels, glyphs_url=None):
    """Our built-in style's exported document, its source reading the tileset by absolute path."""
    with open(os.path.join(FIXTURES, "styles", f"{STYLE}-{SCHEMA}.json")) as f:
        document = json.load(f)
    document["sources"]["basemap"]["url"] = "mbtiles://" + os.path.join(FIXTURES, f"city-{SCHEMA}.mbtiles")
    if not labels:
        document["layers"] = [layer for layer in document["layers"] if layer["type"] != "symbol"]
    elif glyphs_url:
        document["glyphs"] = glyphs_url
    return document


MAPLIBRE_COLD = """
import json, sys, time
from pymgl import Map
document, view, path = json.loads(sys.argv[1]), json.loads(sys.argv[2]), sys.argv[3]
map = Map(json.dumps(document), %d, %d, %d, view[2], view[1], view[3] - 1)
with open(path, "wb") as f:
    f.write(map.renderPNG())
""" % (WIDTH, HEIGHT, SCALE)


def maplibre(variants, work):
    """MapLibre Native's warm and cold milliseconds a picture, by variant; its PNGs under OUT/maplibre."""
    from pymgl import Map
    os.makedirs(os.path.join(OUT, "maplibre"), exist_ok=True)
    results = {}
    for variant, document in variants.items():
        text = json.dumps(document)
        name, lat, lon, zoom = VIEWS[0]
        map = Map(text, WIDTH, HEIGHT, SCALE, lon, lat, zoom - 1)
        for name, lat, lon, zoom in VIEWS:  # the first draw of each view loads its tiles: not timed
            map.setCenter(lon, lat)
            map.setZoom(zoom - 1)
            with open(os.path.join(OUT, "maplibre", f"{name}-{variant}.png"), "wb") as f:
                f.write(map.renderPNG())
        start = time.perf_counter()
        for _ in range(WARM_ROUNDS):
            for name, lat, lon, zoom in VIEWS:
                map.setCenter(lon, lat)
                map.setZoom(zoom - 1)
                map.renderPNG()
        warm = (time.perf_counter() - start) * 1000 / (WARM_ROUNDS * len(VIEWS))
        del map
        cold = []
        for _ in range(COLD_RUNS):
            for view in VIEWS:
                start = time.perf_counter()
                subprocess.run([sys.executable, "-c", MAPLIBRE_COLD, text, json.dumps(view), os.path.join(work, "cold.png")],
                               check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
                cold.append((time.perf_counter() - start) * 1000)
        results[variant] = (warm, statistics.median(cold))
    return results


def infowin_spec(view, style):
    name, lat, lon, zoom = view
    return {"version": 1, "map": {"width": WIDTH, "height": HEIGHT, "scale": SCALE,
                                  "camera": {"target": {"latitude": lat, "longitude": lon}, "zoom": zoom},
                                  "basemap": {"source": f"city-{SCHEMA}.mbtiles", "style": style}}}


def infowin(variants, work):
    """infowin's warm and cold milliseconds a picture by variant, or the reason it could not draw them."""
    if not os.path.exists(BINARY):
        return f"no binary at {BINARY}: run 'make build' first"
    os.makedirs(os.path.join(OUT, "infowin"), exist_ok=True)
    results = {}
    for variant, document in variants.items():
        folder = os.path.join(work, f"infowin-{variant}")
        os.makedirs(folder)
        shutil.copy(os.path.join(FIXTURES, f"city-{SCHEMA}.mbtiles"), folder)
        style = STYLE
        if variant == "no-labels":  # the same document as MapLibre's, read as a style file of one's own
            document = dict(document, sources={"basemap": {"type": "vector", "url": f"mbtiles://city-{SCHEMA}.mbtiles"}})
            document.pop("glyphs", None)
            with open(os.path.join(folder, "style.json"), "w") as f:
                json.dump(document, f)
            style = "style.json"
        for view in VIEWS:
            with open(os.path.join(folder, f"{view[0]}.json"), "w") as f:
                json.dump(infowin_spec(view, style), f)
        check = subprocess.run([BINARY, "render", os.path.join(folder, f"{VIEWS[0][0]}.json"), "-o",
                                os.path.join(OUT, "infowin", f"{VIEWS[0][0]}-{variant}.png")], capture_output=True, text=True)
        if check.returncode != 0:
            reason = (check.stderr.strip().splitlines() or ["infowin render failed"])[0]
            return "not measured: " + reason.replace(work + os.sep, "")
        for view in VIEWS[1:]:
            subprocess.run([BINARY, "render", os.path.join(folder, f"{view[0]}.json"), "-o",
                            os.path.join(OUT, "infowin", f"{view[0]}-{variant}.png")], check=True, capture_output=True)
        batch = os.path.join(work, f"batch-{variant}")
        os.makedirs(batch)
        shutil.copy(os.path.join(FIXTURES, f"city-{SCHEMA}.mbtiles"), batch)
        if style != STYLE:
            shutil.copy(os.path.join(folder, "style.json"), batch)
        for copy in range(WARM_ROUNDS):
            for view in VIEWS:
                with open(os.path.join(batch, f"{view[0]}-{copy:03d}.json"), "w") as f:
                    json.dump(infowin_spec(view, style), f)
        start = time.perf_counter()
        subprocess.run([BINARY, "batch", batch, "-o", os.path.join(work, f"batch-out-{variant}")], check=True,
                       stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        warm = (time.perf_counter() - start) * 1000 / (WARM_ROUNDS * len(VIEWS))
        cold = []
        for _ in range(COLD_RUNS):
            for view in VIEWS:
                start = time.perf_counter()
                subprocess.run([BINARY, "render", os.path.join(folder, f"{view[0]}.json"), "-o", os.path.join(work, "cold.png")],
                               check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
                cold.append((time.perf_counter() - start) * 1000)
        results[variant] = (warm, statistics.median(cold))
    return results


def memory(work):
    """infowin's peak memory (MB, summed over its processes; its largest process) over a batch of
    MEMORY_PICTURES views scattered over a tileset of about 50 MB (made once into OUT/region)."""
    region = os.path.join(OUT, "region", "city-region-openmaptiles.mbtiles")
    if not os.path.exists(region):
        subprocess.run([sys.executable, os.path.join(HERE, "make_tilesets.py"), "--out", os.path.dirname(region),
                        "--copies", str(REGION_COPIES)], check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    folder = os.path.join(work, "memory")
    os.makedirs(folder)
    shutil.copy(region, folder)
    rng = random.Random(50)
    half = REGION_COPIES / 2  # a city spans about 0.126° of latitude and 0.174° of longitude
    for index in range(MEMORY_PICTURES):
        view = (f"m{index}", 34.0 + rng.uniform(-half, half) * 0.126, -40.0 + rng.uniform(-half, half) * 0.174,
                rng.choice([13, 14, 15, 16]))
        spec = infowin_spec(view, STYLE)
        spec["map"]["basemap"]["source"] = os.path.basename(region)
        with open(os.path.join(folder, f"m{index:04d}.json"), "w") as f:
            json.dump(spec, f)
    _, summed, largest = run_measured([BINARY, "batch", folder, "-o", os.path.join(work, "memory-out")], sample_every=0.05)
    return os.path.getsize(region), summed, largest


def main():
    os.environ.setdefault("EGL_PLATFORM", "surfaceless")
    glyphs = os.path.join(OUT, "glyphs")
    subprocess.run([sys.executable, os.path.join(HERE, "make_glyphs.py"), glyphs], check=True)
    glyphs_url = "file://" + glyphs + "/{fontstack}/{range}.pbf"
    variants = {"no-labels": style_document(labels=False), "labels": style_document(labels=True, glyphs_url=glyphs_url)}
    work = tempfile.mkdtemp(prefix="infowin-bench-basemap-")
    try:
        theirs = maplibre(variants, work)
        ours = infowin(variants, work)
        peak = memory(work) if isinstance(ours, dict) else None
    finally:
        shutil.rmtree(work, ignore_errors=True)
    lines = [f"infowin's vector basemap beside MapLibre Native (pymgl, Mesa llvmpipe): {len(VIEWS)} views of the made-up "
             f"city, {WIDTH} x {HEIGHT} pt at scale {SCALE}, built-in style {STYLE} ({SCHEMA} tiles), {os.cpu_count()} cores",
             f"warm: one Map (MapLibre) or one batch (infowin), {WARM_ROUNDS} rounds of the views; "
             f"cold: the median of {COLD_RUNS} new processes a view"]
    for variant, (warm, cold) in theirs.items():
        line = f"{variant:10}  MapLibre Native warm {warm:7.1f} ms  cold {cold:7.1f} ms"
        if isinstance(ours, dict):
            our_warm, our_cold = ours[variant]
            line += (f"  | infowin warm {our_warm:6.1f} ms ({our_warm / warm:.2f} x; goal at most 0.25{'' if our_warm <= 0.25 * warm else ': NOT met'})"
                     f"  cold {our_cold:6.1f} ms ({our_cold / cold:.2f} x; goal at most 0.15{'' if our_cold <= 0.15 * cold else ': NOT met'})")
        lines.append(line)
    if not isinstance(ours, dict):
        lines.append(f"infowin: {ours}")
    if peak:
        size, summed, largest = peak
        lines.append(f"infowin batch of {MEMORY_PICTURES} views over a {size / 1e6:.0f} MB tileset: peak {summed:.1f} MB summed over "
                     f"its processes (goal at most 120{'' if summed <= 120 else ': NOT met'}), largest process {largest:.1f} MB")
    lines.append("command: make bench-basemap (pictures in .build/bench-basemap; make basemap-contact-sheet puts them side by side)")
    text = "\n".join(lines) + "\n"
    print(text, end="")
    with open(RESULTS, "w") as f:
        f.write(text)


if __name__ == "__main__":
    main()
