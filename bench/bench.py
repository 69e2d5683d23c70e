#!/usr/bin/env python3
"""infowin's benchmark (`make bench`): a fixed workload like our users', timed; not a test.

Generates 200 specs (390 x 300 pt at scale 2; titles and snippets from one line to several hundred
characters; about a fifth Chinese; some emoji), renders them with `infowin batch` at --jobs 1 and at the
default, the same specs over map tiles from an MBTiles file (the examples' made-up city) at the default jobs,
one typical spec cold in a fresh process, and the same map with and without a 10,000-point polyline (scale 2);
several runs each. Then the unchanged-spec skip: 5,000 specs (the 200 copied 25 times) batched into a
golden folder and checked against it, `check`'s time over `batch`'s, with the fonts pinned (a golden suite's
way, where unchanged specs are not even laid out) and with the machine's; and the scale run: the 200 copied
BENCH_SCALE_COPIES times (500: 100,000 specs) batched and checked, with peak memory. Prints each figure
beside its goal and writes them to bench/results.txt."""
import json
import math
import os
import random
import resource
import shutil
import statistics
import subprocess
import sys
import tempfile
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
BINARY = os.environ.get("INFOWIN", os.path.join(ROOT, ".build", "release", "infowin"))
SPECS = 200
RUNS = int(os.environ.get("BENCH_RUNS", "5"))

WORDS = ("map marker window snippet title coffee museum station bridge river park market tower garden "
         "harbour gallery street square theatre library castle cathedral").split()
CHINESE = "北京上海广州深圳天津重庆成都南京武汉西安杭州苏州博物馆公园车站大桥河流市场花园街道广场剧院图书馆城堡教堂"
EMOJI = ["☕", "🏛", "🌉", "🚉", "🌳", "🍰", "🎭", "📚"]


def words(rng, count):
    return " ".join(rng.choice(WORDS) for _ in range(count)).capitalize()


def chinese(rng, count):
    return "".join(rng.choice(CHINESE) for _ in range(count))


CITY = (51.5115, -0.1230)
MBTILES = os.path.join(ROOT, "Examples", "map-mbtiles", "city.mbtiles")


def make_spec(index, rng, centre=(51.5, -0.127), tiles=None):
    is_chinese = index % 5 == 0
    length = rng.choice([3, 8, 20, 60, 150, 400])
    title = chinese(rng, rng.randint(2, 8)) if is_chinese else words(rng, rng.randint(1, 6))
    snippet = chinese(rng, length) if is_chinese else words(rng, max(1, length // 6))
    if index % 7 == 0:
        snippet += " " + rng.choice(EMOJI)
    lat, lon = centre[0] + rng.uniform(-0.003, 0.003), centre[1] + rng.uniform(-0.006, 0.006)
    markers = [{"id": "selected", "position": {"latitude": lat, "longitude": lon}, "title": title, "snippet": snippet}]
    for other in range(rng.randint(0, 5)):
        markers.append({"id": f"m{other}", "position": {"latitude": centre[0] + rng.uniform(-0.02, 0.02),
                                                          "longitude": centre[1] + rng.uniform(-0.03, 0.03)}})
    spec = {"version": 1,
            "map": {"width": 390, "height": 300, "scale": 2,
                    "camera": {"target": {"latitude": lat, "longitude": lon}, "zoom": 14}},
            "markers": markers, "selectedMarker": "selected"}
    if tiles:
        spec["map"]["tiles"] = {"source": tiles, "attribution": "Map: infowin's made-up city"}
    return spec


def write_specs(folder, **spec_options):
    """Writes the workload's SPECS specs into folder (made if missing) as spec-000.json, spec-001.json, …;
    the same seed every time, so every run and every benchmark draws the same pictures. Returns folder."""
    os.makedirs(folder, exist_ok=True)
    rng = random.Random(2026)
    for index in range(SPECS):
        with open(os.path.join(folder, f"spec-{index:03d}.json"), "w") as f:
            json.dump(make_spec(index, rng, **spec_options), f, ensure_ascii=False)
    return folder


def peak_rss_mb_of(command):
    """Runs a command and returns (seconds, peak resident memory in MB) of that child alone."""
    start = time.perf_counter()
    process = subprocess.run(["/usr/bin/time", "-f", "%M"] + command, capture_output=True, text=True)
    seconds = time.perf_counter() - start
    if process.returncode != 0:
        sys.exit(f"failed: {' '.join(command)}\n{process.stderr}")
    return seconds, int(process.stderr.strip().splitlines()[-1]) / 1024


def cairo_mean_size(pngs, work):
    """The mean size of the same pictures written by Cairo's own PNG writer (bench/cairo_png_size.c, built
    here with the C compiler on the PATH or the Swift toolchain's clang); None when it cannot be built."""
    compiler = shutil.which("cc") or shutil.which("clang")
    flags = subprocess.run(["pkg-config", "--cflags", "--libs", "cairo"], capture_output=True, text=True)
    if not compiler or flags.returncode != 0:
        return None
    helper = os.path.join(work, "cairo_png_size")
    source = os.path.join(ROOT, "bench", "cairo_png_size.c")
    if subprocess.run([compiler, "-O2", source, "-o", helper] + flags.stdout.split()).returncode != 0:
        return None
    result = subprocess.run([helper] + pngs, capture_output=True, text=True)
    return int(result.stdout) if result.returncode == 0 else None


def polyline_spec(points):
    """A typical spec at scale 2 with a route of `points` coordinates winding across the canvas (none: no route)."""
    spec = make_spec(1, random.Random(7))
    if points:
        lat, lon = spec["map"]["camera"]["target"]["latitude"], spec["map"]["camera"]["target"]["longitude"]
        path = [{"latitude": lat + 0.004 * math.sin(index / 150) + 0.0004 * math.sin(index / 7),
                 "longitude": lon + 0.012 * (index / points - 0.5)}
                for index in range(points)]
        spec["polylines"] = [{"id": "route", "path": path, "strokeWidth": 4, "strokeColor": "#1A73E8"}]
    return spec


def polyline_cost(work, copies=40):
    """Median milliseconds a 10,000-point polyline adds to one image: a batch of copies with it against one without."""
    medians = {}
    for points in (0, 10_000):
        folder = os.path.join(work, f"polyline-{points}")
        os.makedirs(folder)
        for index in range(copies):
            with open(os.path.join(folder, f"spec-{index:03d}.json"), "w") as f:
                json.dump(polyline_spec(points), f)
        times = []
        for run in range(RUNS):
            out = os.path.join(work, f"polyline-out-{points}-{run}")
            seconds, _ = peak_rss_mb_of([BINARY, "batch", folder, "-o", out, "--jobs", "1"])
            times.append(seconds)
        medians[points] = statistics.median(times)
    return 1000 * (medians[10_000] - medians[0]) / copies


def copied_specs(specs, work, copies):
    """The workload's specs copied `copies` times into folders copy-000/, copy-001/, … of a new folder."""
    folder = os.path.join(work, f"copies-{copies}")
    for copy in range(copies):
        shutil.copytree(specs, os.path.join(folder, f"copy-{copy:03d}"))
    return folder


# The fonts a golden suite pins (--hermetic-fonts): those the bench's specs need, Latin, Chinese and emoji.
PINNED_FONTS = ["/usr/share/fonts/opentype/inter/Inter-Regular.otf", "/usr/share/fonts/opentype/inter/Inter-Bold.otf",
                "/usr/share/fonts/opentype/inter/Inter-SemiBold.otf", "/usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc",
                "/usr/share/fonts/opentype/noto/NotoSansCJK-Bold.ttc", "/usr/share/fonts/truetype/noto/NotoColorEmoji.ttf"]
PINNED = ["--hermetic-fonts"] + [option for font in PINNED_FONTS for option in ("--font", font)]


def batch_then_check(folder, work, name, options=()):
    """`batch` of folder into a golden folder, then `check` of it against those goldens (every spec
    unchanged, so none is drawn): (batch seconds, batch peak MB, check seconds, check peak MB)."""
    golden = os.path.join(work, f"golden-{name}")
    batch_seconds, batch_peak = peak_rss_mb_of([BINARY, "batch", folder, "-o", golden] + list(options))
    check_seconds, check_peak = peak_rss_mb_of([BINARY, "check", folder, "--golden", golden, "--record", "never"] + list(options))
    shutil.rmtree(golden)
    return batch_seconds, batch_peak, check_seconds, check_peak


def main():
    if not os.path.exists(BINARY):
        sys.exit(f"no binary at {BINARY}: run 'make build' first")
    work = tempfile.mkdtemp(prefix="infowin-bench-")
    try:
        specs = write_specs(os.path.join(work, "specs"))
        tiled = os.path.join(work, "specs-tiles")
        os.makedirs(tiled)
        shutil.copy(MBTILES, os.path.join(tiled, "city.mbtiles"))
        write_specs(tiled, centre=CITY, tiles="city.mbtiles")
        results = {}
        for label, folder, jobs in (("jobs 1", specs, ["--jobs", "1"]), ("default jobs", specs, []),
                                    ("MBTiles", tiled, [])):
            times, peaks = [], []
            for run in range(RUNS):
                out = os.path.join(work, f"out-{run}")
                if os.path.exists(out):
                    shutil.rmtree(out)
                seconds, peak = peak_rss_mb_of([BINARY, "batch", folder, "-o", out] + jobs)
                times.append(seconds)
                peaks.append(peak)
            median = statistics.median(times)
            results[label] = {"ms per image": 1000 * median / SPECS, "images per second": SPECS / median,
                              "peak MB": max(peaks)}
            if label == "default jobs":
                pngs = sorted(os.path.join(out, name) for name in os.listdir(out) if name.endswith(".png"))
                sizes = [os.path.getsize(path) for path in pngs]
                cairo_size = cairo_mean_size(pngs, work)
        cold = []
        one = os.path.join(specs, "spec-001.json")
        for run in range(max(RUNS, 10)):
            seconds, _ = peak_rss_mb_of([BINARY, "render", one, "-o", os.path.join(work, "cold.png")])
            cold.append(seconds)
        polyline = polyline_cost(work)
        five_thousand = copied_specs(specs, work, 25)
        skip = [batch_then_check(five_thousand, work, "5000") for _ in range(max(1, RUNS // 2))]
        skip_ratio = statistics.median(run[2] / run[0] for run in skip)
        pinned = [batch_then_check(five_thousand, work, "5000-pinned", PINNED) for _ in range(max(1, RUNS // 2))]
        pinned_ratio = statistics.median(run[2] / run[0] for run in pinned)
        shutil.rmtree(five_thousand)
        scale_copies = int(os.environ.get("BENCH_SCALE_COPIES", "500"))
        scale_folder = copied_specs(specs, work, scale_copies)
        scale = batch_then_check(scale_folder, work, "scale")
        shutil.rmtree(scale_folder)
        scale_count = SPECS * scale_copies
        lines = [f"infowin benchmark: {SPECS} specs, 390 x 300 pt at scale 2, median of {RUNS} runs, {os.cpu_count()} cores"]
        for label, values in results.items():
            lines.append(f"batch {label:13} {values['ms per image']:6.2f} ms per image  "
                         f"{values['images per second']:7.1f} images/s  peak {values['peak MB']:5.1f} MB")
        ratio = results["MBTiles"]["ms per image"] / results["default jobs"]["ms per image"]
        lines.append(f"MBTiles against plain: {ratio:4.2f} times the cost per image (default jobs)")
        both = results["default jobs"]["ms per image"] / results["jobs 1"]["ms per image"]
        lines.append(f"default jobs against --jobs 1: {both:4.2f} times the wall time (goal: at most 0.56 on 2 cores)")
        lines.append(f"cold render          {1000 * statistics.median(cold):6.1f} ms (median of {len(cold)} fresh processes; goal: at most 0.6 times the C program's)")
        lines.append(f"bytes per image      {statistics.mean(sizes):8.0f} (mean PNG size)")
        lines.append(f"10,000-point polyline {polyline:6.2f} ms added per image at scale 2 (decoding, layout and drawing; --jobs 1)")
        lines.append(f"check of 5,000 unchanged specs, fonts pinned (--hermetic-fonts, not laid out): {pinned_ratio:5.3f} times batch's time "
                     f"(goal: at most 0.1; batch {pinned[0][0]:.1f} s, check {pinned[0][2]:.2f} s)")
        lines.append(f"check of 5,000 unchanged specs, the machine's fonts (laid out): {skip_ratio:5.3f} times batch's time "
                     f"(batch {skip[0][0]:.1f} s, check {skip[0][2]:.2f} s)")
        per_image = 1000 * scale[0] / scale_count
        lines.append(f"batch of {scale_count:,} specs  {per_image:6.2f} ms per image ({per_image / results['default jobs']['ms per image']:4.2f} times the "
                     f"200-spec batch's; goal: within 1.10), peak {scale[1]:5.1f} MB (goal: at most 80)")
        lines.append(f"check of {scale_count:,} specs  {1000 * scale[2] / scale_count:6.2f} ms per spec (all unchanged), peak {scale[3]:5.1f} MB (goal: at most 80)")
        if cairo_size:
            lines.append(f"Cairo's PNG writer   {cairo_size:8.0f} bytes per image on the same pictures: "
                         f"ours {statistics.mean(sizes) / cairo_size:4.2f} times its size")
        lines.append("command: make bench")
        report = "\n".join(lines)
        print(report)
        with open(os.path.join(ROOT, "bench", "results.txt"), "w") as f:
            f.write(report + "\n")
    finally:
        shutil.rmtree(work)


if __name__ == "__main__":
    main()
