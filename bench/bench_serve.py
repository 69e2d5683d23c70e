#!/usr/bin/env python3
"""`infowin serve` benchmarked against `infowin batch` (`make bench-serve`): not a test.

Writes bench.py's 200 specs, times `infowin batch` on them (--jobs 1 and the default, several runs each),
then starts `infowin serve` (the release binary) on 127.0.0.1 on a free port and drives POST /render with
wrk (bench/serve-specs.lua posts the 200 specs in turn) at 1, 8 and 64 connections for
SERVE_BENCH_SECONDS each, and last for a counted run of about SERVE_BENCH_REQUESTS requests (default
20,000; 100000 for the issue's long run) at 8 connections, sampling the server's resident memory from /proc.
Then a second server, with `--basemap` on the made-up city's OpenMapTiles tileset (copied into an asset
root in the temporary folder) in the built-in light style (labels on), is driven the same way with GET
/staticmap over bench/staticmap_urls.py's URLs (each with markers and a window) at 1 and 8 connections and for
a counted run with its memory sampled. Prints images per second and p50/p99 latency beside batch's with the
goals, and writes them to bench/results-serve.txt. Each server is stopped at the end of its part, on failure
too; every wrk run has a timeout."""
import collections
import json
import os
import shutil
import signal
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.error
import urllib.request

from bench import BINARY, ROOT, RUNS, SPECS, write_specs
from staticmap_urls import TILESET, URLS, write_urls

SECONDS = int(os.environ.get("SERVE_BENCH_SECONDS", "10"))
COUNTED_REQUESTS = int(os.environ.get("SERVE_BENCH_REQUESTS", "20000"))
CONNECTIONS = (1, 8, 64)
COUNTED_CONNECTIONS = 8
SCRIPT = os.path.join(ROOT, "bench", "serve-specs.lua")
# The goals (issue 27, item 8).
GOAL_RATIO = 0.9          # serve's images per second against batch's at the default jobs
GOAL_P99_MS = 50.0        # at 8 connections
GOAL_GROWTH = 0.05        # "flat": resident memory at the end within 5 % of the start
# /staticmap with the basemap, labels and a window (issue 51, item 6), at 8 connections.
STATICMAP_CONNECTIONS = (1, 8)
GOAL_STATICMAP_RATE = 100.0   # images per second
GOAL_STATICMAP_P99_MS = 100.0
STYLE = "light"

# What wrk sends: the path on its command line, and the environment telling serve-specs.lua what to send.
Workload = collections.namedtuple("Workload", "path env")


def batch_images_per_second(specs, work, jobs):
    """The median images per second of `infowin batch` over the specs (RUNS runs, process start included)."""
    times = []
    for run in range(RUNS):
        out = os.path.join(work, "batch-out")
        shutil.rmtree(out, ignore_errors=True)
        start = time.perf_counter()
        subprocess.run([BINARY, "batch", specs, "-o", out] + jobs, check=True, stdout=subprocess.DEVNULL,
                       stderr=subprocess.DEVNULL, timeout=300)  # its warnings: windows cut by the edge
        times.append(time.perf_counter() - start)
    return SPECS / statistics.median(times)


class Server:
    """`infowin serve` on 127.0.0.1 on a port the kernel picks, with `options` besides, its access log in
    work/NAME.log; stopped by stop()."""

    def __init__(self, work, name="serve", options=()):
        self.log_path = os.path.join(work, f"{name}.log")
        self.log = open(self.log_path, "w")
        self.scrapes = 0
        # wrk's connections all come from 127.0.0.1: the per-address bound (a slowloris defence, default 32)
        # is raised above the 64-connection run's, or that run and the scrape after it would be refused.
        self.process = subprocess.Popen([BINARY, "serve", "--listen", "127.0.0.1:0", "--queue", "256",
                                         "--max-connections-per-address", "128", *options],
                                        stdout=subprocess.DEVNULL, stderr=self.log)
        try:
            self.url = self._wait_for_listening_line()
            self._wait_until_ready()
        except BaseException:
            self.stop()
            raise

    def _wait_for_listening_line(self):
        for _ in range(200):
            if self.process.poll() is not None:
                sys.exit(f"infowin serve exited with {self.process.returncode}: {open(self.log_path).read()}")
            with open(self.log_path) as f:
                first = f.readline()
            if first.endswith("\n"):
                return json.loads(first)["listening"]
            time.sleep(0.05)
        sys.exit("infowin serve printed no listening line in 10 s")

    def _wait_until_ready(self):
        for _ in range(200):
            try:
                with urllib.request.urlopen(self.url + "/readyz", timeout=2) as answer:
                    if answer.status == 200:
                        return
            except OSError:
                pass
            time.sleep(0.05)
        sys.exit("infowin serve was not ready in 10 s")

    def memory_mb(self):
        """Resident memory from /proc: all of it (rss), and apart the anonymous (heap, stacks) and
        file-backed (the binary, libraries, font files mapped) parts."""
        fields = {"VmRSS:": "rss", "RssAnon:": "anon", "RssFile:": "file"}
        with open(f"/proc/{self.process.pid}/status") as f:
            return {fields[line.split()[0]]: int(line.split()[1]) / 1024 for line in f if line.split()[0] in fields}

    def answered(self):
        """Requests the server has answered, from its /metrics, less the scrapes of /metrics made so far (each
        counted once it is answered): the renders, and any other request wrk made."""
        with urllib.request.urlopen(self.url + "/metrics", timeout=5) as answer:
            text = answer.read().decode()
        answered = sum(int(float(line.rsplit(" ", 1)[1])) for line in text.splitlines()
                       if line.startswith("infowin_http_requests_total{"))
        self.scrapes += 1
        return answered - (self.scrapes - 1)

    def stop(self):
        if self.process.poll() is None:
            self.process.send_signal(signal.SIGTERM)
            try:
                self.process.wait(timeout=20)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait()
        self.log.close()


def wrk_command(url, workload, connections, seconds):
    threads = 1 if connections < 2 else 2
    return ["wrk", f"-t{threads}", f"-c{connections}", f"-d{seconds}s", "--timeout", "10s", "-s", SCRIPT,
            url + workload.path]


def wrk_figures(stdout, stderr, returncode):
    """The figures serve-specs.lua's done() printed, with images per second."""
    lines = [line for line in stdout.splitlines() if line.startswith("infowin-bench ")]
    if returncode != 0 or not lines:
        sys.exit(f"wrk failed ({returncode}): {stdout}\n{stderr}")
    figures = json.loads(lines[-1].split(" ", 1)[1])
    figures["images per second"] = figures["requests"] / (figures["duration_us"] / 1e6)
    return figures


def wrk(url, workload, connections, seconds):
    """One wrk run of SECONDS with the workload's requests."""
    result = subprocess.run(wrk_command(url, workload, connections, seconds), capture_output=True, text=True,
                            env=dict(os.environ, **workload.env), timeout=seconds + 60)
    return wrk_figures(result.stdout, result.stderr, result.returncode)


def counted_run(server, workload, requests):
    """About REQUESTS requests at COUNTED_CONNECTIONS connections: wrk runs until the server's /metrics has
    counted that many more answers to it (the scrapes themselves not counted; bounded in time too), then is interrupted (SIGINT makes it report).
    The server's resident memory is sampled before, every 0.2 s and after."""
    start_count, start_memory = server.answered(), server.memory_mb()
    samples = [start_memory]
    warmed = None  # the memory once a tenth of the requests were answered: the heap has warmed up by then
    half = None
    seconds = max(60, requests // 50)  # the bound: the run ends even at 50 images a second
    process = subprocess.Popen(wrk_command(server.url, workload, COUNTED_CONNECTIONS, seconds), stdout=subprocess.PIPE,
                               stderr=subprocess.PIPE, text=True, env=dict(os.environ, **workload.env))
    try:
        while process.poll() is None and (answered := server.answered() - start_count) < requests:
            samples.append(server.memory_mb())
            if warmed is None and answered >= requests // 10:
                warmed = samples[-1]
            if half is None and answered >= requests // 2:
                half = samples[-1]
            time.sleep(0.2)
        process.send_signal(signal.SIGINT)
        stdout, stderr = process.communicate(timeout=30)
    finally:
        if process.poll() is None:
            process.kill()
            process.wait()
    figures = wrk_figures(stdout, stderr, process.returncode)
    end_memory = server.memory_mb()
    figures.update(start=start_memory, warmed=warmed or start_memory, half=half or end_memory, end=end_memory,
                   peak_mb=max(sample["rss"] for sample in samples + [end_memory]))
    return figures


def errors_of(figures):
    count = sum(figures["errors"].values())
    return f"  {count} errors {figures['errors']}" if count else ""


def verdict(met):
    return "met" if met else "NOT met"


def load_between(start, end):
    return f"load average {start:.1f} at the start, {end:.1f} at the end"


def memory_lines(counted):
    """The counted run's memory: at the start, after the first tenth, at half and at the end, with the verdict."""
    start, warmed, end = counted["start"], counted["warmed"], counted["end"]
    growth = (end["rss"] - warmed["rss"]) / warmed["rss"]
    return [f"memory over {counted['requests']} requests at {COUNTED_CONNECTIONS} connections: "
            f"{start['rss']:.1f} MB resident at the start (after the runs above), {warmed['rss']:.1f} MB after the first "
            f"tenth, {counted['half']['rss']:.1f} MB at half, {end['rss']:.1f} MB at the end ({100 * growth:+.1f} % over the last nine tenths; goal flat, within "
            f"{100 * GOAL_GROWTH:.0f} %: {verdict(growth <= GOAL_GROWTH)}), peak {counted['peak_mb']:.1f} MB",
            f"  of which anonymous (heap) {start['anon']:.1f} -> {warmed['anon']:.1f} -> {end['anon']:.1f} MB, "
            f"file-backed (binary, libraries, fonts) {start['file']:.1f} -> {end['file']:.1f} MB; "
            f"{counted['images per second']:.1f} images/s, p99 {counted['p99_us'] / 1000:.1f} ms{errors_of(counted)}"]


def rate_and_latency(figures):
    return (f"{figures['images per second']:7.1f} images/s  "
            f"p50 {figures['p50_us'] / 1000:6.1f} ms  p99 {figures['p99_us'] / 1000:6.1f} ms  ")


def connections_label(connections):
    return f"{connections:2} connection{'s' if connections > 1 else ' '}"


def staticmap_report(runs, counted, loads):
    lines = [f"infowin serve GET /staticmap: {URLS} URLs (390 x 300 pt at scale 2, zoom 13-16, centers over the city, "
             f"1-5 markers with color and label, one selected with a title and snippet: a window) by wrk, over "
             f"--basemap {os.path.basename(TILESET)} (the made-up city, OpenMapTiles) in --style {STYLE} (labels); "
             f"{load_between(*loads)}"]
    for connections, figures in runs.items():
        line = f"staticmap {connections_label(connections)}  {rate_and_latency(figures)}"
        if connections == 8:
            rate, p99 = figures["images per second"], figures["p99_us"] / 1000
            line += (f"goal >= {GOAL_STATICMAP_RATE:.0f} images/s: {verdict(rate >= GOAL_STATICMAP_RATE)}  "
                     f"p99 goal < {GOAL_STATICMAP_P99_MS:.0f} ms: {verdict(p99 < GOAL_STATICMAP_P99_MS)}  ")
        lines.append(line + f"({figures['requests']} requests in {figures['duration_us'] / 1e6:.0f} s){errors_of(figures)}")
    return lines + memory_lines(counted)


def report(batch_one, batch_default, runs, counted, loads, staticmap):
    load = load_between(*loads)
    lines = [f"infowin serve benchmark: bench.py's {SPECS} specs (390 x 300 pt at scale 2) POSTed to /render by wrk, "
             f"{os.cpu_count()} cores, the server's default workers; wrk on the same cores; {load}",
             f"batch --jobs 1        {batch_one:7.1f} images/s  (median of {RUNS} runs, process start included)",
             f"batch default jobs    {batch_default:7.1f} images/s  (median of {RUNS} runs)"]
    for connections, figures in runs.items():
        rate, p99 = figures["images per second"], figures["p99_us"] / 1000
        against = batch_one if connections == 1 else batch_default
        line = f"serve {connections_label(connections)}  {rate_and_latency(figures)}"
        if connections == 1:
            line += f"{rate / against:4.2f} x batch --jobs 1 (one connection keeps one worker busy)"
        else:
            line += f"{rate / against:4.2f} x batch (goal >= {GOAL_RATIO}: {verdict(rate >= GOAL_RATIO * against)})"
        if connections == 8:
            line += f"  p99 goal < {GOAL_P99_MS:.0f} ms: {verdict(p99 < GOAL_P99_MS)}"
        lines.append(line + f"  ({figures['requests']} requests in {figures['duration_us'] / 1e6:.0f} s){errors_of(figures)}")
    lines += memory_lines(counted) + staticmap
    lines.append(f"command: make bench-serve (SERVE_BENCH_SECONDS={SECONDS}, SERVE_BENCH_REQUESTS={COUNTED_REQUESTS})")
    return "\n".join(lines)


def render_phase(work, specs):
    """POST /render of the bench cards: runs at CONNECTIONS and the counted run; returns (runs, counted, loads)."""
    load_at_start = os.getloadavg()[0]
    server = Server(work)
    try:
        workload = Workload("/render", {"INFOWIN_BENCH_SPECS": specs})
        wrk(server.url, workload, 8, 2)  # warm-up: every worker has drawn every script once
        runs = {connections: wrk(server.url, workload, connections, SECONDS) for connections in CONNECTIONS}
        counted = counted_run(server, workload, COUNTED_REQUESTS)
    finally:
        server.stop()
    return runs, counted, (load_at_start, os.getloadavg()[0])


def fetch_every_url(server, urls):
    """The warm-up: each URL fetched once, one at a time, and each must be a PNG (else the bench stops with
    the server's problem detail)."""
    with open(urls) as f:
        paths = [line.strip() for line in f if line.strip()]
    for path in paths:
        try:
            with urllib.request.urlopen(server.url + path, timeout=30) as answer:
                kind = answer.headers.get("Content-Type")
                if answer.status != 200 or kind != "image/png":
                    sys.exit(f"{path}: {answer.status} {kind}")
        except urllib.error.HTTPError as error:
            sys.exit(f"{path}: {error.code} {error.read().decode(errors='replace')}")


def staticmap_phase(work):
    """GET /staticmap over the basemap: runs at STATICMAP_CONNECTIONS and the counted run, as report lines."""
    load_at_start = os.getloadavg()[0]
    assets = os.path.join(work, "assets")
    os.makedirs(assets)
    basemap = shutil.copy(TILESET, os.path.join(assets, "city.pmtiles"))
    urls = write_urls(os.path.join(work, "staticmap-urls.txt"))
    server = Server(work, "serve-staticmap", ["--asset-root", assets, "--basemap", basemap, "--style", STYLE])
    try:
        fetch_every_url(server, urls)
        workload = Workload("/staticmap", {"INFOWIN_BENCH_URLS": urls})
        wrk(server.url, workload, 8, 2)
        runs = {connections: wrk(server.url, workload, connections, SECONDS) for connections in STATICMAP_CONNECTIONS}
        counted = counted_run(server, workload, COUNTED_REQUESTS)
    finally:
        server.stop()
    return staticmap_report(runs, counted, (load_at_start, os.getloadavg()[0]))


def stop_on_sigterm(signum, frame):
    sys.exit(f"stopped by signal {signum}")  # SystemExit runs main's finally: the server is stopped


def main():
    signal.signal(signal.SIGTERM, stop_on_sigterm)
    if not os.path.exists(BINARY):
        sys.exit(f"no binary at {BINARY}: run 'make build' first")
    if not shutil.which("wrk"):
        sys.exit("no wrk on the PATH: `make bench-serve` installs Debian's")
    work = tempfile.mkdtemp(prefix="infowin-bench-serve-")
    try:
        load_at_start = os.getloadavg()[0]
        specs = write_specs(os.path.join(work, "specs"))
        batch_one = batch_images_per_second(specs, work, ["--jobs", "1"])
        batch_default = batch_images_per_second(specs, work, [])
        runs, counted, (_, load_at_end) = render_phase(work, specs)
        staticmap = staticmap_phase(work)
        text = report(batch_one, batch_default, runs, counted, (load_at_start, load_at_end), staticmap)
        print(text)
        with open(os.path.join(ROOT, "bench", "results-serve.txt"), "w") as f:
            f.write(text + "\n")
    finally:
        shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    main()
