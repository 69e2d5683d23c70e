# infowin — two commands set a fresh Debian machine up: `make run`, then `make test`.
SWIFT ?= swift
CONFIG ?= release
BIN = .build/$(CONFIG)/infowin
EXAMPLE ?= Examples/london-title-snippet
# The fonts golden images are drawn with, whatever else the machine has (one path a line).
PINNED_FONTS_FILE = Tests/InfoWinKitTests/Fixtures/pinned-fonts.txt
PINNED_FONT_FLAGS = --hermetic-fonts $(addprefix --font ,$(shell cat $(PINNED_FONTS_FILE)))

# The one place the version is written.
VERSION := $(shell cat VERSION)

.PHONY: deps build run test style-conformance test-goldens-text docs serve-load-test package-consumer-test test-sanitize stress generated-specs fuzz examples goldens bench bench-serve basemap-tools basemap-fixtures bench-basemap basemap-contact-sheet clean generated install uninstall deb image package-test image-test base-root

# The fonts infowin draws every script with (CJK and colour emoji included): the .deb depends on them.
FONT_PACKAGES = fonts-dejavu-core fonts-inter fonts-noto-core fonts-noto-cjk fonts-noto-color-emoji
# Debian packages infowin needs to build and to draw every script.
DEB_PACKAGES = pkg-config libcairo2-dev libpango1.0-dev zlib1g-dev libdeflate-dev libsqlite3-dev libcurl4-openssl-dev libturbojpeg0-dev libwebp-dev libicu-dev libmicrohttpd-dev $(FONT_PACKAGES)

# Only the tests need these: the HTTP tile tests run a small Python server on 127.0.0.1; the schema tests
# validate the examples with jsonschema; the output-format tests read JPEG and WebP back with Pillow, PDF with
# poppler (pdftotext, pdftoppm) and SVG with librsvg; the completion tests parse and run the zsh and fish
# completions; the CI wiring tests read action.yml and the GitLab template with PyYAML, run the hook with
# pre-commit try-repo, and read check --summary back with cmark-gfm (GitHub's Markdown).
TEST_PACKAGES = python3 python3-jsonschema poppler-utils librsvg2-bin python3-pil zsh fish python3-yaml pre-commit cmark-gfm chromium python3-venv

# The check report page is tested in Debian's Chromium with Playwright for Python from PyPI, in a virtual
# environment of its own (no browser is downloaded: the tests point it at /usr/bin/chromium).
BROWSER_TESTS = .build/browser-tests
PLAYWRIGHT_VERSION = 1.65.2

# Installs those of the Debian packages $(1) that are missing (with sudo unless root).
define install_missing
	@missing=""; for p in $(1); do \
	  dpkg-query -W -f='$${Status}' $$p 2>/dev/null | grep -q "install ok installed" || missing="$$missing $$p"; \
	done; \
	if [ -n "$$missing" ]; then \
	  if [ "$$(id -u)" = 0 ]; then sudo=""; else sudo="sudo"; echo "Installing with sudo:$$missing"; fi; \
	  $$sudo apt-get update -qq && \
	  DEBIAN_FRONTEND=noninteractive $$sudo apt-get install -y -qq --no-install-recommends $$missing; \
	fi
endef

deps:
	$(call install_missing,$(DEB_PACKAGES))

# The release binary links the Swift runtime statically: it starts about 2 ms sooner. Only the infowin
# product: InfoWinTesting needs XCTest, which has no static build. The C++ runtime that Swift's runtime
# needs is linked in too: loading libstdc++.so and binding 1,659 of its own symbols cost every process
# about 1 ms. The Swift driver asks for -lstdc++, and the linker takes the first libstdc++ on its search path,
# so a folder holding only the static archive goes first (without one, the shared library is used).
STATIC_CXX := $(firstword $(foreach compiler,gcc clang cc,$(shell $(compiler) -print-file-name=libstdc++.a 2>/dev/null | grep '^/')))
STATIC_CXX_DIR = .build/static-libstdc++
build: deps
	$(if $(STATIC_CXX),@mkdir -p $(STATIC_CXX_DIR) && ln -sf $(STATIC_CXX) $(STATIC_CXX_DIR)/libstdc++.a)
	$(SWIFT) build -c $(CONFIG) $(if $(filter release,$(CONFIG)),--static-swift-stdlib --product infowin $(if $(STATIC_CXX),-Xlinker -L$(abspath $(STATIC_CXX_DIR))))

run: build
	$(BIN) render $(EXAMPLE)/spec.json -o /tmp/infowin-example.png --layout /tmp/infowin-example.layout.json
	@echo "Rendered $(EXAMPLE)/spec.json to /tmp/infowin-example.png (layout report: /tmp/infowin-example.layout.json)"

# make test runs the suite against an optimised build, as infowin is run (the release binary is the one
# whose bugs users meet), with testing enabled and kept apart from make build's static binary: half a
# debug build's CPU time. `swift test` alone still builds and runs the debug configuration.
TEST_BUILD = -c release -Xswiftc -enable-testing --scratch-path .build/tests

test: deps
	$(call install_missing,$(TEST_PACKAGES))
	@$(BROWSER_TESTS)/bin/python -c "import playwright" 2>/dev/null || { /usr/bin/python3 -m venv $(BROWSER_TESTS) && \
	  $(BROWSER_TESTS)/bin/pip install -q playwright==$(PLAYWRIGHT_VERSION); }
	$(SWIFT) test $(TEST_BUILD)
	$(MAKE) package-consumer-test

# Re-records the whole text of every --help and of the common errors (Tests/infowinTests/Golden/), which
# TextGoldenTests compares: run it after an intended change of wording, and review the diff it makes.
test-goldens-text:
	INFOWIN_RECORD_TEXT_GOLDENS=1 $(SWIFT) test --filter TextGoldenTests

# The example drawn in five locales with counts 1, 2, 5 and 22 (counts.LOCALE.MARKER.png): plural forms.
COUNTS_EXAMPLE = Examples/localised-counts

# The example whose window is also kept as SVG and PDF beside its PNG (window.svg, window.pdf).
VECTOR_EXAMPLE = Examples/vector-formats

# Re-records every example's image (and layout report) with the pinned fonts: they are the golden images
# the tests compare against, so run this only when a change of pixels is intended, and look at every image.
# Examples with a String Catalog are templates: recorded in the catalog's source language, and drawn in
# every locale beside it.
# Examples with a project config file (infowin.json) pin their own fonts and folders: recorded by a plain
# `infowin check specs` in their folder, as the tests check them.
LOCALISED_EXAMPLES = $(patsubst %/Localizable.xcstrings,%,$(wildcard Examples/*/Localizable.xcstrings))
CONFIG_EXAMPLES = $(patsubst %/infowin.json,%,$(wildcard Examples/*/infowin.json))
# The Swift package that depends on infowin by version (not a spec: `make package-consumer-test`).
PACKAGE_EXAMPLE = Examples/swift-package
# Examples recorded in several trait variants: their traits.txt holds the --traits list.
TRAIT_EXAMPLES = $(patsubst %/traits.txt,%,$(wildcard Examples/*/traits.txt))
# The examples whose spec.png is their golden, drawn as they are.
# The render service's deployment files (no spec of its own).
SERVE_EXAMPLE = Examples/serve
GOLDEN_EXAMPLES = $(filter-out $(LOCALISED_EXAMPLES) $(CONFIG_EXAMPLES) $(TRAIT_EXAMPLES) $(PACKAGE_EXAMPLE) $(SERVE_EXAMPLE),$(patsubst %/,%,$(wildcard Examples/*/)))
examples goldens: build
	$(BIN) check $(GOLDEN_EXAMPLES) --golden Examples --base Examples --record all $(PINNED_FONT_FLAGS)
	@for example in $(CONFIG_EXAMPLES); do (cd $$example && $(abspath $(BIN)) check specs --record all) || exit 1; done
	@for example in $(TRAIT_EXAMPLES); do \
	  $(BIN) check $$example --golden Examples --base Examples --traits $$(cat $$example/traits.txt) --record all $(PINNED_FONT_FLAGS) || exit 1; \
	done
	@for example in $(LOCALISED_EXAMPLES); do \
	  $(BIN) render $$example/spec.json -o $$example/spec.png --layout $$example/spec.layout.json \
	    --strings $$example/Localizable.xcstrings --locale en $(PINNED_FONT_FLAGS) || exit 1; \
	  [ $$example = $(COUNTS_EXAMPLE) ] || $(BIN) render $$example/spec.json -o $$example/store.png --strings $$example/Localizable.xcstrings \
	    --locale all --fail-on truncated $(PINNED_FONT_FLAGS) || echo "(as the example means to show)"; \
	  for pseudo in en-XA ar-XB; do \
	    $(BIN) check $$example/spec.json --golden $$example --base $$example --strings $$example/Localizable.xcstrings \
	      --locale en --pseudo-locale $$pseudo --record all $(PINNED_FONT_FLAGS) || exit 1; \
	  done; \
	done
	@for locale in en de pl ar ja; do for marker in one two five twenty-two; do \
	  $(BIN) render $(COUNTS_EXAMPLE)/spec.json -o $(COUNTS_EXAMPLE)/counts.$$locale.$$marker.png --select $$marker \
	    --strings $(COUNTS_EXAMPLE)/Localizable.xcstrings --locale $$locale --fail-on untranslated $(PINNED_FONT_FLAGS) || exit 1; \
	done; done
	@for spec in Examples/scenario-*/spec.json; do \
	  $(BIN) play $$spec -o $$(dirname $$spec)/frames $(PINNED_FONT_FLAGS) || exit 1; \
	done
	@for format in webp png; do \
	  $(BIN) play Examples/scenario-animated/spec.json --animate Examples/scenario-animated/animation.$$format $(PINNED_FONT_FLAGS) || exit 1; \
	done
	@for format in svg pdf; do \
	  $(BIN) render $(VECTOR_EXAMPLE)/spec.json -o $(VECTOR_EXAMPLE)/window.$$format $(PINNED_FONT_FLAGS) || exit 1; \
	done
	$(BIN) render Examples/cut-out-callout/spec.json -o Examples/cut-out-callout/callout.png --scale 1,2,3 $(PINNED_FONT_FLAGS)
	$(BIN) render Examples/map-retina/spec.json -o Examples/map-retina/card.png --scale 1,2,3 $(PINNED_FONT_FLAGS)

# Examples/swift-package built against a tagged local clone of this commit, by URL and version, its
# XCTest and Swift Testing snapshot tests run passing and then failing on a changed golden (it compiles
# infowin again: minutes, so not part of `make test`).
package-consumer-test:
	Examples/swift-package/consumer-test.sh .

# The suite under AddressSanitizer, then the parallel batch and check tests and the HTTP tile client under
# ThreadSanitizer.
# Leak detection is off: fontconfig and Pango keep caches for the life of the process by design.
test-sanitize: deps
	$(call install_missing,$(TEST_PACKAGES))
	ASAN_OPTIONS=detect_leaks=0 $(SWIFT) test --sanitize=address --scratch-path .build/asan
	$(SWIFT) test --sanitize=thread --scratch-path .build/tsan --filter "BatchTests|ExampleCheckTests|BatchDiffCheckCommandTests|TileHTTPClientTests"

# The seeded property test of generated specs (GeneratedSpecTests) at 20,000 specs, where `make test` checks
# 1,000: every spec renders, reports and lays out its text as it must (a long run; INFOWIN_GENERATED_SEED
# starts it elsewhere, INFOWIN_GENERATED_FAILURES=FILE keeps every failure in FILE.0 … FILE.7).
GENERATED_SPECS ?= 20000
generated-specs: deps
	INFOWIN_GENERATED_SPECS=$(GENERATED_SPECS) $(SWIFT) test $(TEST_BUILD) --filter GeneratedSpecTests

# MapLibre's expression conformance tests (maplibre/maplibre-style-spec, test/integration/expression/tests)
# run against infowin's style expressions: every case whose operators are all in the subset SPEC.md claims
# must give MapLibre's result. STYLE_SPEC_TESTS names a checkout's tests folder; without one, the
# repository is cloned into .build/ (its files are read there, never copied into this repository).
STYLE_SPEC_TESTS ?= .build/maplibre-style-spec/test/integration/expression/tests
style-conformance: deps
	@test -d $(STYLE_SPEC_TESTS) || git clone --depth 1 https://github.com/maplibre/maplibre-style-spec.git .build/maplibre-style-spec
	INFOWIN_STYLE_SPEC_TESTS=$(abspath $(STYLE_SPEC_TESTS)) $(SWIFT) test $(TEST_BUILD) --filter BasemapStyleConformanceTests

# Parallel batches of every example, over and over, under ThreadSanitizer, then AddressSanitizer, then in
# the release build: the hunt for races and memory used after it was freed on the parallel path. Each
# round must exit 0 and give the same bytes as the first; STRESS_ROUNDS (default 20) rounds each. Every
# example a plain batch draws: not those with a config file, the Swift package, nor the counts example,
# whose strings need its catalog (--strings).
STRESS_ROUNDS ?= 20
STRESS_OUT = .build/stress
stress: deps
	$(SWIFT) build --sanitize=thread --scratch-path .build/tsan --product infowin
	$(SWIFT) build --sanitize=address --scratch-path .build/asan --product infowin
	$(SWIFT) build -c release --product infowin
	@for binary in .build/tsan/debug/infowin .build/asan/debug/infowin .build/release/infowin; do \
	  rm -rf $(STRESS_OUT); \
	  for round in $$(seq 1 $(STRESS_ROUNDS)); do \
	    TSAN_OPTIONS=halt_on_error=1 ASAN_OPTIONS=detect_leaks=0:halt_on_error=1 \
	      $$binary batch $(filter-out $(CONFIG_EXAMPLES) $(PACKAGE_EXAMPLE) $(COUNTS_EXAMPLE),$(patsubst %/,%,$(wildcard Examples/*/))) --base Examples -o $(STRESS_OUT)/round \
	        --jobs 4 $(PINNED_FONT_FLAGS) >/dev/null 2>$(STRESS_OUT).log \
	      || { cat $(STRESS_OUT).log; echo "stress: $$binary failed in round $$round"; exit 1; }; \
	    if [ -d $(STRESS_OUT)/first ]; then \
	      diff -r -q $(STRESS_OUT)/first $(STRESS_OUT)/round || { echo "stress: $$binary gave other bytes in round $$round"; exit 1; }; \
	      rm -rf $(STRESS_OUT)/round; \
	    else mv $(STRESS_OUT)/round $(STRESS_OUT)/first; fi; \
	  done; \
	  echo "stress: $$binary: $(STRESS_ROUNDS) parallel batches of every example, no race, no crash, the same bytes"; \
	done

# libFuzzer on the spec decoder, the PNG loader, the PNG writer (read back by libpng), layout and drawing, the tile
# readers (PMTiles, MBTiles, JPEG, WebP), generated view trees (structure-aware: the input steers the spec
# generator), localisation (format strings and their arguments, NUL-separated), the catalog readers
# (.xcstrings, strings.xml, .strings, .stringsdict), the project config file's decoder (infowin.json) and
# `serve`'s query strings (GET /staticmap), check runs' results.json as `report merge` reads it, GeoJSON,
# vector tiles (MVT, plain or gzip), `/staticmap`'s Google styles (`style=`), FUZZ_SECONDS each (default
# 60), seeded from Examples/ and Fuzz/Corpus/. Crashes are kept in .build/fuzz-findings/: each becomes a regression test.
FUZZ_SECONDS ?= 60
FUZZ_FLAGS = -c release --scratch-path .build/fuzz -Xswiftc -sanitize=fuzzer,address -Xswiftc -use-ld=lld
fuzz: deps
	@mkdir -p .build/fuzz-corpus/spec .build/fuzz-corpus/png .build/fuzz-findings
	@for f in Examples/*/spec.json; do cp $$f .build/fuzz-corpus/spec/$$(basename $$(dirname $$f)).json; done
	@for f in Examples/*/spec.png; do cp $$f .build/fuzz-corpus/png/$$(basename $$(dirname $$f)).png; done
	@mkdir -p .build/fuzz-corpus/tiles && cp Examples/map-tiles/city/12/*/*.png .build/fuzz-corpus/tiles/
	@for f in Examples/map-*/city.*tiles; do cp $$f .build/fuzz-corpus/tiles/$$(basename $$(dirname $$f))-$$(basename $$f); done
	@mkdir -p .build/fuzz-corpus/view-trees .build/fuzz-corpus/localisation .build/fuzz-corpus/catalogs
	@printf '%%2$$@ in %%1$$lld min\0005\000Hauptbahnhof' > .build/fuzz-corpus/localisation/walk
	@printf '%%#@s@ %%.1f%%%%\0002.5\000lld' > .build/fuzz-corpus/localisation/substitution
	@cp Examples/*/Localizable.xcstrings .build/fuzz-corpus/catalogs/ 2>/dev/null; cp Fuzz/Corpus/catalogs/* .build/fuzz-corpus/catalogs/
	@mkdir -p .build/fuzz-corpus/config && cp Fuzz/Corpus/config/* $(wildcard Examples/*/infowin.json) .build/fuzz-corpus/config/
	@mkdir -p .build/fuzz-corpus/query && cp Fuzz/Corpus/query/* .build/fuzz-corpus/query/
	@mkdir -p .build/fuzz-corpus/http && cp Fuzz/Corpus/http/* .build/fuzz-corpus/http/
	@mkdir -p .build/fuzz-corpus/cloud && cp Fuzz/Corpus/cloud/* .build/fuzz-corpus/cloud/
	@mkdir -p .build/fuzz-corpus/results && cp Fuzz/Corpus/results/* .build/fuzz-corpus/results/
	@mkdir -p .build/fuzz-corpus/geojson && cp Fuzz/Corpus/geojson/* $(wildcard Examples/*/*.geojson) .build/fuzz-corpus/geojson/
	@mkdir -p .build/fuzz-corpus/mvt && cp Fuzz/Corpus/mvt/* .build/fuzz-corpus/mvt/
	@mkdir -p .build/fuzz-corpus/sprite && cp Fuzz/Corpus/sprite/* .build/fuzz-corpus/sprite/
	@mkdir -p .build/fuzz-corpus/google-style && cp Fuzz/Corpus/google-style/* .build/fuzz-corpus/google-style/
	@for target in FuzzSpecDecoder FuzzPNG FuzzPNGWriter FuzzRender FuzzTiles FuzzViewTrees FuzzLocalisation FuzzCatalogs FuzzProjectConfig FuzzStaticMapQuery FuzzCheckResults FuzzGeoJSON FuzzHTTPHead FuzzVectorTile FuzzMapStyle FuzzSpriteIndex FuzzCloudHeaders FuzzStaticMapStyle; do \
	  INFOWIN_FUZZ=1 $(SWIFT) build $(FUZZ_FLAGS) --product $$target || exit 1; \
	done
	ASAN_OPTIONS=detect_leaks=0 .build/fuzz/release/FuzzSpecDecoder .build/fuzz-corpus/spec -max_total_time=$(FUZZ_SECONDS) -artifact_prefix=.build/fuzz-findings/spec-
	ASAN_OPTIONS=detect_leaks=0 .build/fuzz/release/FuzzPNG .build/fuzz-corpus/png -max_total_time=$(FUZZ_SECONDS) -max_len=200000 -artifact_prefix=.build/fuzz-findings/png-
	ASAN_OPTIONS=detect_leaks=0 .build/fuzz/release/FuzzPNGWriter .build/fuzz-corpus/png -max_total_time=$(FUZZ_SECONDS) -max_len=30000 -artifact_prefix=.build/fuzz-findings/png-writer-
	ASAN_OPTIONS=detect_leaks=0 .build/fuzz/release/FuzzRender .build/fuzz-corpus/spec -max_total_time=$(FUZZ_SECONDS) -rss_limit_mb=2048 -artifact_prefix=.build/fuzz-findings/render-
	ASAN_OPTIONS=detect_leaks=0 .build/fuzz/release/FuzzTiles .build/fuzz-corpus/tiles -max_total_time=$(FUZZ_SECONDS) -max_len=300000 -artifact_prefix=.build/fuzz-findings/tiles-
	ASAN_OPTIONS=detect_leaks=0 .build/fuzz/release/FuzzViewTrees .build/fuzz-corpus/view-trees -max_total_time=$(FUZZ_SECONDS) -max_len=4000 -rss_limit_mb=2048 -artifact_prefix=.build/fuzz-findings/view-trees-
	ASAN_OPTIONS=detect_leaks=0 .build/fuzz/release/FuzzLocalisation .build/fuzz-corpus/localisation -max_total_time=$(FUZZ_SECONDS) -max_len=2000 -artifact_prefix=.build/fuzz-findings/localisation-
	ASAN_OPTIONS=detect_leaks=0 .build/fuzz/release/FuzzCatalogs .build/fuzz-corpus/catalogs -max_total_time=$(FUZZ_SECONDS) -max_len=20000 -artifact_prefix=.build/fuzz-findings/catalogs-
	ASAN_OPTIONS=detect_leaks=0 .build/fuzz/release/FuzzProjectConfig .build/fuzz-corpus/config -max_total_time=$(FUZZ_SECONDS) -max_len=4000 -artifact_prefix=.build/fuzz-findings/config-
	ASAN_OPTIONS=detect_leaks=0 .build/fuzz/release/FuzzStaticMapQuery .build/fuzz-corpus/query -max_total_time=$(FUZZ_SECONDS) -max_len=4000 -artifact_prefix=.build/fuzz-findings/query-
	ASAN_OPTIONS=detect_leaks=0 .build/fuzz/release/FuzzCheckResults .build/fuzz-corpus/results -max_total_time=$(FUZZ_SECONDS) -max_len=20000 -artifact_prefix=.build/fuzz-findings/results-
	ASAN_OPTIONS=detect_leaks=0 .build/fuzz/release/FuzzGeoJSON .build/fuzz-corpus/geojson -max_total_time=$(FUZZ_SECONDS) -max_len=20000 -rss_limit_mb=2048 -artifact_prefix=.build/fuzz-findings/geojson-
	ASAN_OPTIONS=detect_leaks=0 .build/fuzz/release/FuzzHTTPHead .build/fuzz-corpus/http -max_total_time=$(FUZZ_SECONDS) -max_len=10000 -artifact_prefix=.build/fuzz-findings/http-
	ASAN_OPTIONS=detect_leaks=0 .build/fuzz/release/FuzzVectorTile .build/fuzz-corpus/mvt -max_total_time=$(FUZZ_SECONDS) -max_len=100000 -rss_limit_mb=2048 -artifact_prefix=.build/fuzz-findings/mvt-
	ASAN_OPTIONS=detect_leaks=0 .build/fuzz/release/FuzzMapStyle .build/fuzz-corpus/style -max_total_time=$(FUZZ_SECONDS) -max_len=20000 -artifact_prefix=.build/fuzz-findings/style-
	ASAN_OPTIONS=detect_leaks=0 .build/fuzz/release/FuzzSpriteIndex .build/fuzz-corpus/sprite -max_total_time=$(FUZZ_SECONDS) -max_len=20000 -artifact_prefix=.build/fuzz-findings/sprite-
	ASAN_OPTIONS=detect_leaks=0 .build/fuzz/release/FuzzCloudHeaders .build/fuzz-corpus/cloud -max_total_time=$(FUZZ_SECONDS) -max_len=4000 -artifact_prefix=.build/fuzz-findings/cloud-
	ASAN_OPTIONS=detect_leaks=0 .build/fuzz/release/FuzzStaticMapStyle .build/fuzz-corpus/google-style -max_total_time=$(FUZZ_SECONDS) -max_len=2000 -artifact_prefix=.build/fuzz-findings/google-style-


# Speed and memory on a fixed workload (not a test): prints and writes bench/results.txt.
bench: build
	python3 bench/bench.py
	$(MAKE) bench-basemap

# --- Vector basemaps: the made-up city's tilesets and the bench beside MapLibre Native (issue 50) -------
# Their tools live in a virtual environment of their own, never in `make run`: tilemaker and osmium-tool from
# Debian, mapbox-vector-tile, shapely and pmtiles from PyPI; the bench adds MapLibre Native (pymgl) with Mesa.
BASEMAP_TOOLS = .build/basemap-tools
BASEMAP_FIXTURES = Tests/InfoWinKitTests/Fixtures/basemap
BASEMAP_DEB_PACKAGES = tilemaker osmium-tool python3-venv
BASEMAP_PIP_PACKAGES = mapbox-vector-tile==2.2.0 shapely==2.2.0 pmtiles==3.8.1
BASEMAP_BENCH_DEB_PACKAGES = libegl1 libegl-mesa0 libgl1-mesa-dri libgles2 fonts-noto-core
BASEMAP_BENCH_PIP_PACKAGES = pymgl==0.5.0 pillow==13.0.0 numpy==2.4.6

basemap-tools:
	$(call install_missing,$(BASEMAP_DEB_PACKAGES))
	@$(BASEMAP_TOOLS)/bin/python -c "import mapbox_vector_tile, shapely, pmtiles" 2>/dev/null || { /usr/bin/python3 -m venv $(BASEMAP_TOOLS) && \
	  $(BASEMAP_TOOLS)/bin/pip install -q $(BASEMAP_PIP_PACKAGES); }

# Writes the made-up city (bench/basemap/make_city_osm.py) as OpenMapTiles (tilemaker) and Protomaps tilesets,
# MBTiles and PMTiles, into $(BASEMAP_FIXTURES): the same bytes every run. The examples keep copies of them in
# their own folders (a spec reads only inside its folder): those are refreshed too (then run make goldens).
basemap-fixtures: basemap-tools
	$(BASEMAP_TOOLS)/bin/python bench/basemap/make_tilesets.py --out $(BASEMAP_FIXTURES)
	@for copy in $(wildcard Examples/*/city-openmaptiles.* Examples/*/city-protomaps.*); do \
	  cp $(BASEMAP_FIXTURES)/$$(basename $$copy) $$copy && echo "refreshed $$copy"; \
	done

# The same views of the city drawn by infowin and MapLibre Native, warm and cold: writes bench/results-basemap.txt
# and keeps the pictures in .build/bench-basemap. Not a test.
bench-basemap: build basemap-tools
	$(call install_missing,$(BASEMAP_BENCH_DEB_PACKAGES))
	@$(BASEMAP_TOOLS)/bin/python -c "import pymgl, PIL, numpy" 2>/dev/null || $(BASEMAP_TOOLS)/bin/pip install -q $(BASEMAP_BENCH_PIP_PACKAGES)
	EGL_PLATFORM=surfaceless $(BASEMAP_TOOLS)/bin/python bench/basemap/bench_basemap.py

# infowin's and MapLibre Native's pictures from the last bench-basemap side by side, for looking.
basemap-contact-sheet:
	$(BASEMAP_TOOLS)/bin/python bench/basemap/contact_sheet.py

# `infowin serve` (release, on 127.0.0.1, a free port) driven by wrk at 1, 8 and 64 connections for
# SERVE_BENCH_SECONDS each over bench.py's specs, beside `infowin batch` on them, then SERVE_BENCH_REQUESTS
# requests (100000 for the long run) with the server's memory sampled; then a second server with --basemap
# (the made-up city, style light: labels) driven with GET /staticmap (markers and a window) at 1 and 8
# connections and for SERVE_BENCH_REQUESTS requests the same way: writes bench/results-serve.txt.
# Not a test; it stops each server itself, on failure too.
SERVE_BENCH_SECONDS ?= 10
SERVE_BENCH_REQUESTS ?= 20000
bench-serve: build
	$(call install_missing,wrk)
	SERVE_BENCH_SECONDS=$(SERVE_BENCH_SECONDS) SERVE_BENCH_REQUESTS=$(SERVE_BENCH_REQUESTS) python3 bench/bench_serve.py

# The user guide's reference pages (every spec key, command and option, exit status, limit and project config
# key), written by the binary just built from its own declarations; a test fails when one is stale.
docs: build
	$(BIN) manual --reference Documentation/reference

# --- Installing and packaging (SPEC.md, "Installing and configuring") ---------------------------------
PREFIX ?= /usr/local
DESTDIR ?=
# What `make install` puts under $(DESTDIR)$(PREFIX), made first in $(GENERATED) with the same names.
GENERATED = .build/generated
INSTALLED_FILES = bin/infowin share/man/man1/infowin.1 share/bash-completion/completions/infowin \
	share/zsh/site-functions/_infowin share/fish/vendor_completions.d/infowin.fish share/infowin/spec.schema.json

# The man page, the completions and the schema, written by the binary just built from its own tables.
generated: build
	@rm -rf $(GENERATED) && mkdir -p $(GENERATED)/bin $(GENERATED)/share/man/man1 $(GENERATED)/share/bash-completion/completions \
	  $(GENERATED)/share/zsh/site-functions $(GENERATED)/share/fish/vendor_completions.d $(GENERATED)/share/infowin
	cp $(BIN) $(GENERATED)/bin/infowin
	$(BIN) manual --prefix $(PREFIX) > $(GENERATED)/share/man/man1/infowin.1
	$(BIN) completion bash > $(GENERATED)/share/bash-completion/completions/infowin
	$(BIN) completion zsh > $(GENERATED)/share/zsh/site-functions/_infowin
	$(BIN) completion fish > $(GENERATED)/share/fish/vendor_completions.d/infowin.fish
	$(BIN) schema > $(GENERATED)/share/infowin/spec.schema.json
	@cmp -s $(GENERATED)/share/infowin/spec.schema.json spec.schema.json \
	  || { echo "spec.schema.json differs from 'infowin schema': run $(BIN) schema > spec.schema.json"; exit 1; }

install: generated
	@for file in $(INSTALLED_FILES); do \
	  mode=644; [ $$file = bin/infowin ] && mode=755; \
	  install -D -m $$mode $(GENERATED)/$$file "$(DESTDIR)$(PREFIX)/$$file" || exit 1; \
	  echo "installed $(DESTDIR)$(PREFIX)/$$file"; \
	done

uninstall:
	@for file in $(INSTALLED_FILES); do rm -f "$(DESTDIR)$(PREFIX)/$$file"; done
	@rmdir "$(DESTDIR)$(PREFIX)/share/infowin" 2>/dev/null || true
	@echo "removed infowin from $(DESTDIR)$(PREFIX)"

# `infowin serve` (release) on 127.0.0.1 driven by wrk (Debian's) at 1, 8 and 64 connections, each for
# SERVE_LOAD_SECONDS (default 10), POSTing an example spec to /render: throughput and latency. Not part of
# `make test`; it stops the server itself (SIGTERM) and prints the server's status codes from /metrics.
SERVE_LOAD_SECONDS ?= 10
SERVE_LOAD_SPEC ?= Examples/london-title-snippet/spec.json
serve-load-test: build
	$(call install_missing,wrk curl)
	@port=$$(python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])'); \
	$(BIN) serve --listen 127.0.0.1:$$port --queue 256 2>/dev/null & pid=$$!; \
	trap "kill $$pid 2>/dev/null" EXIT; \
	for i in $$(seq 100); do curl -sf http://127.0.0.1:$$port/readyz >/dev/null && break; sleep 0.1; done; \
	for connections in 1 8 64; do \
	  echo "== $$connections connections, $(SERVE_LOAD_SECONDS) s"; \
	  INFOWIN_SPEC=$(SERVE_LOAD_SPEC) timeout $$(( $(SERVE_LOAD_SECONDS) + 30 )) wrk -t$$(( connections < 2 ? 1 : 2 )) -c$$connections -d$(SERVE_LOAD_SECONDS)s --latency \
	    -s Examples/serve/load-test.lua http://127.0.0.1:$$port/render | grep -E 'Requests/sec|Latency|50%|99%|Non-2xx' || exit 1; \
	done; \
	curl -s http://127.0.0.1:$$port/metrics | grep '^infowin_http_requests_total'; \
	kill -TERM $$pid; wait $$pid

# The Debian package: the tree `make install PREFIX=/usr` makes, with Depends from dpkg-shlibdeps, libcurl4,
# libmicrohttpd12, libsqlite3-0, ICU and the fonts (packaging/deb.sh).
DEB_ARCH := $(shell dpkg --print-architecture 2>/dev/null)
DEB = infowin_$(VERSION)_$(DEB_ARCH).deb
DEB_ROOT = .build/deb/root
deb:
	$(call install_missing,dpkg-dev binutils chrpath)
	rm -rf $(DEB_ROOT)
	$(MAKE) install DESTDIR=$(CURDIR)/$(DEB_ROOT) PREFIX=/usr
	packaging/deb.sh $(DEB_ROOT) $(VERSION) $(DEB_ARCH) "$(FONT_PACKAGES)" $(DEB)

# The container image (Containerfile) with the first engine that works here: podman, buildah, docker.
IMAGE = infowin:$(VERSION)
IMAGE_CONTEXT = .build/image-context
IMAGE_BASE ?= debian:bookworm-slim
# buildah's chroot isolation builds where no container runtime can run (inside a container, say).
BUILDAH_ISOLATION ?= chroot
image: deb
	rm -rf $(IMAGE_CONTEXT) && mkdir -p $(IMAGE_CONTEXT) && cp $(DEB) Containerfile $(IMAGE_CONTEXT)/
	@if podman info >/dev/null 2>&1; then engine="podman build"; \
	elif buildah info >/dev/null 2>&1; then engine="buildah bud --isolation $(BUILDAH_ISOLATION)"; \
	elif docker info >/dev/null 2>&1; then engine="docker build"; \
	else echo "make image: no working podman, buildah or docker (make image-test installs buildah)"; exit 1; fi; \
	echo "$$engine -t $(IMAGE) --build-arg BASE=$(IMAGE_BASE) $(IMAGE_CONTEXT)"; \
	$$engine -t $(IMAGE) --build-arg BASE=$(IMAGE_BASE) -f $(IMAGE_CONTEXT)/Containerfile $(IMAGE_CONTEXT)

# A clean Debian 12 (debootstrap --variant=minbase bookworm), made once and kept: the package and image
# tests install infowin on a copy of it.
BASE_ROOT = .build/package/bookworm-minbase
base-root:
	$(call install_missing,debootstrap)
	packaging/base.sh $(BASE_ROOT)

# The .deb installed with apt in a fresh copy of that Debian, every example drawn there byte-identical to
# the source build, and the goldens checked there (takes minutes, needs root: not part of `make test`).
package-test: deb base-root
	packaging/package-test.sh $(DEB) $(BIN) $(BASE_ROOT) .build/package/test "$(GOLDEN_EXAMPLES)" "$(LOCALISED_EXAMPLES)" $(PINNED_FONT_FLAGS)

# The image built on that Debian with buildah (no registry needed), every example drawn inside it
# byte-identical to the source build, and its size printed.
image-test: deb base-root
	$(call install_missing,buildah)
	rm -rf $(IMAGE_CONTEXT) && mkdir -p $(IMAGE_CONTEXT) && cp $(DEB) Containerfile $(IMAGE_CONTEXT)/
	packaging/image-test.sh $(IMAGE) $(IMAGE_CONTEXT) $(BIN) $(BASE_ROOT) .build/package/image "$(GOLDEN_EXAMPLES)" "$(LOCALISED_EXAMPLES)" $(PINNED_FONT_FLAGS)

clean:
	rm -rf .build
