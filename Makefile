# infowin — two commands set a fresh Debian machine up: `make run`, then `make test`.
SWIFT ?= swift
CONFIG ?= release
BIN = .build/$(CONFIG)/infowin
EXAMPLE ?= Examples/london-title-snippet
# The fonts golden images are drawn with, whatever else the machine has (one path a line).
PINNED_FONTS_FILE = Tests/InfoWinKitTests/Fixtures/pinned-fonts.txt
PINNED_FONT_FLAGS = --hermetic-fonts $(addprefix --font ,$(shell cat $(PINNED_FONTS_FILE)))

.PHONY: deps build run test examples goldens bench clean

# Debian packages infowin needs to build and to draw every script (CJK and colour emoji included).
DEB_PACKAGES = pkg-config libcairo2-dev libpango1.0-dev zlib1g-dev libdeflate-dev fonts-dejavu-core fonts-noto-cjk fonts-noto-color-emoji

deps:
	@missing=""; for p in $(DEB_PACKAGES); do \
	  dpkg-query -W -f='$${Status}' $$p 2>/dev/null | grep -q "install ok installed" || missing="$$missing $$p"; \
	done; \
	if [ -n "$$missing" ]; then \
	  if [ "$$(id -u)" = 0 ]; then sudo=""; else sudo="sudo"; echo "Installing with sudo:$$missing"; fi; \
	  $$sudo apt-get update -qq && \
	  DEBIAN_FRONTEND=noninteractive $$sudo apt-get install -y -qq --no-install-recommends $$missing; \
	fi

# The release binary links the Swift runtime statically: it starts about 2 ms sooner.
build: deps
	$(SWIFT) build -c $(CONFIG) $(if $(filter release,$(CONFIG)),--static-swift-stdlib)

run: build
	$(BIN) render $(EXAMPLE)/spec.json -o /tmp/infowin-example.png --layout /tmp/infowin-example.layout.json
	@echo "Rendered $(EXAMPLE)/spec.json to /tmp/infowin-example.png (layout report: /tmp/infowin-example.layout.json)"

test: deps
	$(SWIFT) test

# Re-records every example's image (and layout report) with the pinned fonts: they are the golden images
# the tests compare against, so run this only when a change of pixels is intended, and look at every image.
examples goldens: build
	$(BIN) check Examples --golden Examples --record all $(PINNED_FONT_FLAGS)
	@for spec in Examples/scenario-*/spec.json; do \
	  $(BIN) play $$spec -o $$(dirname $$spec)/frames $(PINNED_FONT_FLAGS) || exit 1; \
	done

# Speed and memory on a fixed workload (not a test): prints and writes bench/results.txt.
bench: build
	python3 bench/bench.py

clean:
	rm -rf .build
