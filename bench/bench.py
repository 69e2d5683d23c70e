#!/usr/bin/env python3
"""infowin's benchmark (`make bench`): a fixed workload like our users', timed; not a test.

Generates 200 specs (390 x 300 pt at scale 2; titles and snippets from one line to several hundred
characters; about a fifth Chinese; some emoji), renders them with `infowin batch` at --jobs 1 and at the
default, the same specs over map tiles from an MBTiles file (the examples' made-up city) at the default jobs,
one typical spec cold in a fresh process beside bench/peer_render.c (the same picture drawn by a C program
with Cairo and Pango, cold too), and the same map with and without a 10,000-point polyline (scale 2:
a GPS route along streets, as encodedPath and as path, and a zigzag, the worst case);
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


def tree_pss_kb(root):
    """The proportional set size (PSS: a page that n processes share counts 1/n in each) of the process `root`
    and every process under it, summed, in kB: the memory a command of several processes takes, its workers'
    shared binary and font files counted once; and the largest peak resident memory (VmHWM) among them, in kB."""
    parents = {}
    for entry in os.listdir("/proc"):
        if entry.isdigit():
            try:
                with open(f"/proc/{entry}/stat") as f:
                    stat = f.read()
            except OSError:
                continue
            parents[int(entry)] = int(stat[stat.rindex(")") + 2:].split()[1])
    family = {root}
    grew = True
    while grew:
        grew = False
        for pid, parent in parents.items():
            if parent in family and pid not in family:
                family.add(pid)
                grew = True
    total = largest = 0
    for pid in family:
        try:
            with open(f"/proc/{pid}/smaps_rollup") as f:
                total += next((int(line.split()[1]) for line in f if line.startswith("Pss:")), 0)
            with open(f"/proc/{pid}/status") as f:
                largest = max(largest, next((int(line.split()[1]) for line in f if line.startswith("VmHWM:")), 0))
        except OSError:
            pass
    return total, largest


def run_measured(command, sample_every=None):
    """Runs a command and returns (seconds, summed MB, largest MB). The summed, with `sample_every` (seconds;
    None without), is the largest sum of PSS over the command's processes (`tree_pss_kb`) seen at that
    interval: what `batch`, a parent and its worker processes, takes together. The largest is the peak
    resident memory of its largest process: with sampling, the largest VmHWM seen, since the kernel's
    ru_maxrss also counts the memory of the process that started the command (Python starts it with vfork,
    and the peak of the forking process carries over the exec: with pymgl loaded, 160 MB); without, the
    ru_maxrss, which costs nothing to measure and is right when the bench process is small."""
    start = time.perf_counter()
    with tempfile.TemporaryFile("w+") as errors:
        process = subprocess.Popen(command, stdout=subprocess.DEVNULL, stderr=errors)
        peak_pss = peak_hwm = 0
        while True:
            done, status, usage = os.wait4(process.pid, os.WNOHANG if sample_every else 0)
            if done:
                break
            pss, hwm = tree_pss_kb(process.pid)
            peak_pss, peak_hwm = max(peak_pss, pss), max(peak_hwm, hwm)
            time.sleep(sample_every)
        seconds = time.perf_counter() - start
        process.returncode = os.waitstatus_to_exitcode(status)
        if process.returncode != 0:
            errors.seek(0)
            sys.exit(f"failed: {' '.join(command)}\n{errors.read()[-2000:]}")
    if sample_every:
        return seconds, peak_pss / 1024, peak_hwm / 1024
    return seconds, None, usage.ru_maxrss / 1024


def cairo_mean_size(pngs, work):
    """The mean size of the same pictures written by Cairo's own PNG writer (bench/cairo_png_size.c, built
    here); None when it cannot be built."""
    helper = built_c_program("cairo_png_size.c", os.path.join(work, "cairo_png_size"), ["cairo"])
    if not helper:
        return None
    result = subprocess.run([helper] + pngs, capture_output=True, text=True)
    return int(result.stdout) if result.returncode == 0 else None


def street_route(lat0, lon0, points, rng):
    """A courier's GPS trace of `points` fixes, 1.5 m apart along streets at right angles (a turn every 80 to
    400 m, kept within a kilometre of the centre), with a GPS receiver's error: about 2 m, drifting slowly
    from one fix to the next as real receivers' does."""
    metres_lat, metres_lon = 1 / 111_320, 1 / (111_320 * math.cos(math.radians(lat0)))
    x = y = 0.0
    heading, left, error_x, error_y, path = 0, 0.0, 0.0, 0.0, []
    for _ in range(points):
        if left <= 0:
            heading = (heading + rng.choice([-90, 0, 90])) % 360
            if abs(x) > 900 or abs(y) > 700:  # far out: turn back toward the centre
                heading = round(math.degrees(math.atan2(-y, -x)) / 90) * 90 % 360
            left = rng.uniform(80, 400)
        x += 1.5 * math.cos(math.radians(heading))
        y += 1.5 * math.sin(math.radians(heading))
        left -= 1.5
        error_x = 0.95 * error_x + rng.gauss(0, 2 * math.sqrt(1 - 0.95 ** 2))
        error_y = 0.95 * error_y + rng.gauss(0, 2 * math.sqrt(1 - 0.95 ** 2))
        path.append((lat0 + (y + error_y) * metres_lat, lon0 + (x + error_x) * metres_lon))
    return path


def zigzag(lat0, lon0, points):
    """The worst case: a line that zigzags 15 pt up and down every 0.6 pt across the map, every segment
    crossing its neighbours, so that no point can be dropped and Cairo strokes 10,000 overlapping segments."""
    return [(lat0 + 0.004 * math.sin(index / 150) + 0.0004 * math.sin(index / 7), lon0 + 0.012 * (index / points - 0.5))
            for index in range(points)]


def encoded_polyline(path):
    """`path` in Google's encoded polyline format (five decimals, each value the difference from the last)."""
    out, last = [], (0, 0)
    for lat, lon in path:
        point = (round(lat * 1e5), round(lon * 1e5))
        for value in (point[0] - last[0], point[1] - last[1]):
            value = ~(value << 1) if value < 0 else value << 1
            while value >= 0x20:
                out.append(chr((0x20 | (value & 0x1F)) + 63))
                value >>= 5
            out.append(chr(value + 63))
        last = point
    return "".join(out)


POLYLINE_KINDS = ("none", "route", "route as encodedPath", "zigzag")


def built_c_program(source, output, packages):
    """`bench/source` built with the C compiler on the PATH (or the Swift toolchain's clang) against the
    pkg-config `packages`, into `output`; None when it cannot be built."""
    compiler = shutil.which("cc") or shutil.which("clang")
    flags = subprocess.run(["pkg-config", "--cflags", "--libs"] + packages, capture_output=True, text=True)
    if not compiler or flags.returncode != 0:
        return None
    command = [compiler, "-O2", os.path.join(ROOT, "bench", source), "-o", output] + flags.stdout.split()
    return output if subprocess.run(command).returncode == 0 else None


def peer_arguments(spec_path):
    """bench/peer_render.c's arguments for the picture of the spec at `spec_path`: the selected marker's title
    and snippet, and every marker's pin in points (the selected one first), projected as the map does."""
    spec = json.load(open(spec_path))
    camera, width, height = spec["map"]["camera"], spec["map"]["width"], spec["map"]["height"]
    def world(latitude, longitude):
        size = 256 * 2 ** camera["zoom"]
        sine = math.sin(math.radians(latitude))
        return (longitude + 180) / 360 * size, (0.5 - math.log((1 + sine) / (1 - sine)) / (4 * math.pi)) * size
    centre = world(camera["target"]["latitude"], camera["target"]["longitude"])
    markers = sorted(spec["markers"], key=lambda marker: marker["id"] != spec["selectedMarker"])
    pins = []
    for marker in markers:
        x, y = world(marker["position"]["latitude"], marker["position"]["longitude"])
        pins += [f"{x - centre[0] + width / 2:.2f}", f"{y - centre[1] + height / 2:.2f}"]
    return [markers[0].get("title", ""), markers[0].get("snippet", "")] + pins


def polyline_spec(kind, points=10_000):
    """A typical spec at scale 2 with a polyline of `points` coordinates of `kind` (one of POLYLINE_KINDS)."""
    spec = make_spec(1, random.Random(7))
    if kind == "none":
        return spec
    lat, lon = spec["map"]["camera"]["target"]["latitude"], spec["map"]["camera"]["target"]["longitude"]
    path = zigzag(lat, lon, points) if kind == "zigzag" else street_route(lat, lon, points, random.Random(11))
    line = {"id": "route", "strokeWidth": 4, "strokeColor": "#1A73E8"}
    if kind == "route as encodedPath":
        line["encodedPath"] = encoded_polyline(path)
    else:
        line["path"] = [{"latitude": a, "longitude": b} for a, b in path]
    spec["polylines"] = [line]
    return spec


def polyline_costs(work, copies=40):
    """Median milliseconds each kind of 10,000-point polyline adds to one image: a batch of copies with it
    against one without."""
    medians = {}
    for kind in POLYLINE_KINDS:
        folder = os.path.join(work, "polyline-" + kind.replace(" ", "-"))
        os.makedirs(folder)
        for index in range(copies):
            with open(os.path.join(folder, f"spec-{index:03d}.json"), "w") as f:
                json.dump(polyline_spec(kind), f)
        times = []
        for run in range(RUNS):
            out = folder + f"-out-{run}"
            seconds, _, _ = run_measured([BINARY, "batch", folder, "-o", out, "--jobs", "1"])
            times.append(seconds)
        medians[kind] = statistics.median(times)
    return {kind: 1000 * (medians[kind] - medians["none"]) / copies for kind in POLYLINE_KINDS[1:]}


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


def batch_then_check(folder, work, name, options=(), sample_every=None):
    """`batch` of folder into a golden folder, then `check` of it against those goldens (every spec
    unchanged, so none is drawn): (batch seconds, batch peaks, check seconds, check peaks), each peaks the
    (summed, largest) MB of `run_measured`, sampled every `sample_every` seconds."""
    golden = os.path.join(work, f"golden-{name}")
    batch_seconds, *batch_peak = run_measured([BINARY, "batch", folder, "-o", golden] + list(options), sample_every)
    check_seconds, *check_peak = run_measured([BINARY, "check", folder, "--golden", golden, "--record", "never"] + list(options), sample_every)
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
        batches = (("jobs 1", specs, ["--jobs", "1"]), ("default jobs", specs, []), ("MBTiles", tiled, []))
        times = {label: [] for label, _, _ in batches}
        peaks = {label: [] for label, _, _ in batches}
        # In turns, as the cold renders below: a machine that slows down or speeds up during the runs then
        # moves every figure alike, and the ratio of default jobs to --jobs 1 stays that of one moment.
        for run in range(RUNS):
            for label, folder, jobs in batches:
                out = os.path.join(work, f"out-{label.replace(' ', '-')}")
                if os.path.exists(out):
                    shutil.rmtree(out)
                seconds, _, _ = run_measured([BINARY, "batch", folder, "-o", out] + jobs)
                times[label].append(seconds)
        # Memory in runs of its own, sampled every 10 ms, which would cost the timed runs a tenth of a core.
        for run in range(2):
            for label, folder, jobs in batches:
                out = os.path.join(work, f"out-{label.replace(' ', '-')}-memory")
                if os.path.exists(out):
                    shutil.rmtree(out)
                _, summed, largest = run_measured([BINARY, "batch", folder, "-o", out] + jobs, sample_every=0.01)
                peaks[label].append((summed, largest))
        for label, _, _ in batches:
            median = statistics.median(times[label])
            results[label] = {"ms per image": 1000 * median / SPECS, "images per second": SPECS / median,
                              "peak MB": max(summed for summed, _ in peaks[label]),
                              "largest process MB": max(largest for _, largest in peaks[label])}
        out = os.path.join(work, "out-default-jobs")
        pngs = sorted(os.path.join(out, name) for name in os.listdir(out) if name.endswith(".png"))
        sizes = [os.path.getsize(path) for path in pngs]
        cairo_size = cairo_mean_size(pngs, work)
        cold, peer_cold = [], []
        one = os.path.join(specs, "spec-001.json")
        peer = built_c_program("peer_render.c", os.path.join(work, "peer_render"), ["pangocairo"])
        # Taken in turns, so that both see the machine alike.
        for run in range(max(RUNS, 10)):
            seconds, _, _ = run_measured([BINARY, "render", one, "-o", os.path.join(work, "cold.png")])
            cold.append(seconds)
            if peer:
                seconds, _, _ = run_measured([peer, os.path.join(work, "peer.png")] + peer_arguments(one))
                peer_cold.append(seconds)
        polylines = polyline_costs(work)
        five_thousand = copied_specs(specs, work, 25)
        skip = [batch_then_check(five_thousand, work, "5000") for _ in range(max(1, RUNS // 2))]
        skip_ratio = statistics.median(run[2] / run[0] for run in skip)
        pinned = [batch_then_check(five_thousand, work, "5000-pinned", PINNED) for _ in range(max(1, RUNS // 2))]
        pinned_ratio = statistics.median(run[2] / run[0] for run in pinned)
        shutil.rmtree(five_thousand)
        scale_copies = int(os.environ.get("BENCH_SCALE_COPIES", "500"))
        scale_folder = copied_specs(specs, work, scale_copies)
        # Sampled four times a second: about 0.2 % of a core, over minutes.
        scale = batch_then_check(scale_folder, work, "scale", sample_every=0.25)
        shutil.rmtree(scale_folder)
        scale_count = SPECS * scale_copies
        lines = [f"infowin benchmark: {SPECS} specs, 390 x 300 pt at scale 2, median of {RUNS} runs, {os.cpu_count()} cores",
                 "peak: the largest sum of PSS over a command's processes (parent and worker processes; shared pages counted once), "
                 "sampled; largest process: the peak resident memory of the largest one alone, as runs before 2026-12-03 night measured"]
        for label, values in results.items():
            lines.append(f"batch {label:13} {values['ms per image']:6.2f} ms per image  "
                         f"{values['images per second']:7.1f} images/s  peak {values['peak MB']:5.1f} MB "
                         f"(largest process {values['largest process MB']:5.1f} MB)")
        ratio = results["MBTiles"]["ms per image"] / results["default jobs"]["ms per image"]
        lines.append(f"MBTiles against plain: {ratio:4.2f} times the cost per image (default jobs)")
        both = results["default jobs"]["ms per image"] / results["jobs 1"]["ms per image"]
        lines.append(f"default jobs against --jobs 1: {both:4.2f} times the wall time (goal: at most 0.56 on 2 cores)")
        cold_line = f"cold render          {1000 * statistics.median(cold):6.1f} ms (median of {len(cold)} fresh processes)"
        if peer_cold:
            cold_ratio = statistics.median(cold) / statistics.median(peer_cold)
            cold_line += (f"; the C program with Cairo and Pango (bench/peer_render.c) {1000 * statistics.median(peer_cold):.1f} ms: "
                          f"{cold_ratio:4.2f} times its time (goal: at most 0.6: {'met' if cold_ratio <= 0.6 else 'NOT met'})")
        lines.append(cold_line)
        lines.append(f"bytes per image      {statistics.mean(sizes):8.0f} (mean PNG size)")
        goal = "met" if polylines["route as encodedPath"] < 2 else "NOT met"
        lines.append(f"10,000-point polyline, added per image at scale 2 (decoding, layout and drawing; --jobs 1): "
                     f"a GPS route along streets as encodedPath {polylines['route as encodedPath']:5.2f} ms (goal < 2 ms: {goal}), "
                     f"the same route as path (10,000 JSON objects) {polylines['route']:5.2f} ms, "
                     f"worst case (a zigzag whose every segment crosses the others) {polylines['zigzag']:5.2f} ms")
        lines.append(f"check of 5,000 unchanged specs, fonts pinned (--hermetic-fonts, not laid out): {pinned_ratio:5.3f} times batch's time "
                     f"(goal: at most 0.1; batch {pinned[0][0]:.1f} s, check {pinned[0][2]:.2f} s)")
        lines.append(f"check of 5,000 unchanged specs, the machine's fonts (laid out): {skip_ratio:5.3f} times batch's time "
                     f"(batch {skip[0][0]:.1f} s, check {skip[0][2]:.2f} s)")
        per_image = 1000 * scale[0] / scale_count
        lines.append(f"batch of {scale_count:,} specs  {per_image:6.2f} ms per image ({per_image / results['default jobs']['ms per image']:4.2f} times the "
                     f"200-spec batch's; goal: within 1.10), peak {scale[1][0]:5.1f} MB (largest process {scale[1][1]:5.1f} MB; goal: at most 80)")
        lines.append(f"check of {scale_count:,} specs  {1000 * scale[2] / scale_count:6.2f} ms per spec (all unchanged), "
                     f"peak {scale[3][0]:5.1f} MB (largest process {scale[3][1]:5.1f} MB; goal: at most 80)")
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
