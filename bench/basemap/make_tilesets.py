#!/usr/bin/env python3
"""Makes the basemap fixtures from the made-up city (`make basemap-fixtures`; no download but the tools).

    OSM XML (make_city_osm.py) → osmium cat → .osm.pbf → tilemaker with its OpenMapTiles configuration
        → city-openmaptiles.mbtiles → city-openmaptiles.pmtiles
    the same OSM XML → protomaps_tiles.py (mapbox-vector-tile, shapely) → city-protomaps.mbtiles → .pmtiles

tilemaker's configuration is Debian's (/usr/share/doc/tilemaker/examples/), copied into a temporary folder
and adjusted there, never kept: zooms 10 to 14, no shapefile layers (no coastline or Natural Earth data is
downloaded: the city's sea is its own polygon), and names written as `name`, `name:latin` and the city's
`name:ar`, `name:de` and `name:ja`. Runs in the virtual environment the Makefile makes (mapbox-vector-tile,
shapely, pmtiles), then reads every file back and prints its size, zooms, tiles and layers.

    .build/basemap-tools/bin/python bench/basemap/make_tilesets.py [--out Tests/InfoWinKitTests/Fixtures/basemap]
"""
import argparse
import gzip
import json
import os
import sqlite3
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
import make_city_osm  # noqa: E402
import protomaps_tiles  # noqa: E402

import mapbox_vector_tile  # noqa: E402
from pmtiles.reader import MmapSource, Reader, all_tiles  # noqa: E402
from pmtiles.tile import Compression, TileType, zxy_to_tileid  # noqa: E402
from pmtiles.writer import Writer  # noqa: E402

ROOT = os.path.dirname(os.path.dirname(HERE))
DEFAULT_OUT = os.path.join(ROOT, "Tests", "InfoWinKitTests", "Fixtures", "basemap")
TILEMAKER_EXAMPLES = "/usr/share/doc/tilemaker/examples"

# Appended to Debian's process-openmaptiles.lua: Lua keeps the last definition, so this one is used.
NAME_ATTRIBUTES_LUA = """
-- infowin's made-up city: `name` as OpenMapTiles writes it, and the city's translations.
function SetNameAttributes(obj)
\tlocal name = obj:Find("name")
\tobj:Attribute("name", name)
\tobj:Attribute("name:latin", name)
\tfor _, language in ipairs({ "ar", "de", "ja" }) do
\t\tlocal translated = obj:Find("name:" .. language)
\t\tif translated ~= "" then obj:Attribute("name:" .. language, translated) end
\tend
end
"""


def run(*command):
    subprocess.run(command, check=True, stdout=subprocess.DEVNULL)


def openmaptiles(osm_path, work, mbtiles_path):
    """The city through osmium and tilemaker with a copy of Debian's OpenMapTiles configuration."""
    pbf = os.path.join(work, "city.osm.pbf")
    run("osmium", "cat", osm_path, "-o", pbf, "--overwrite")
    with open(os.path.join(TILEMAKER_EXAMPLES, "config-openmaptiles.json")) as f:
        config = json.load(f)
    config["layers"] = {name: layer for name, layer in config["layers"].items() if "source" not in layer}
    config["settings"].update(minzoom=10, maxzoom=14, name="Port Aurel (infowin's made-up city), OpenMapTiles schema",
                              description="infowin's made-up city")
    config["settings"]["filemetadata"] = {"type": "baselayer", "format": "pbf", "attribution": "infowin's made-up city"}
    config_path = os.path.join(work, "config.json")
    with open(config_path, "w") as f:
        json.dump(config, f)
    process_path = os.path.join(work, "process.lua")
    with open(os.path.join(TILEMAKER_EXAMPLES, "process-openmaptiles.lua")) as source, open(process_path, "w") as f:
        f.write(source.read() + NAME_ATTRIBUTES_LUA)
    if os.path.exists(mbtiles_path):
        os.remove(mbtiles_path)
    run("tilemaker", "--input", pbf, "--output", mbtiles_path, "--config", config_path, "--process", process_path,
        "--threads", "1")
    db = sqlite3.connect(mbtiles_path)
    db.execute("VACUUM")
    db.close()


def mbtiles_to_pmtiles(mbtiles_path, pmtiles_path):
    """A PMTiles v3 copy of an MBTiles file: tiles in tile-id order, metadata's `json` spread to the top."""
    db = sqlite3.connect(mbtiles_path)
    metadata = dict(db.execute("SELECT name, value FROM metadata"))
    tiles = sorted((zxy_to_tileid(z, x, (1 << z) - 1 - row), data)
                   for z, x, row, data in db.execute("SELECT zoom_level, tile_column, tile_row, tile_data FROM tiles"))
    db.close()
    west, south, east, north = (float(v) for v in metadata["bounds"].split(","))
    centre = [float(v) for v in metadata["center"].split(",")]
    header = {"tile_type": TileType.MVT, "tile_compression": Compression.GZIP,
              "min_zoom": int(metadata["minzoom"]), "max_zoom": int(metadata["maxzoom"]),
              "min_lon_e7": int(west * 1e7), "min_lat_e7": int(south * 1e7),
              "max_lon_e7": int(east * 1e7), "max_lat_e7": int(north * 1e7),
              "center_zoom": int(centre[2]), "center_lon_e7": int(centre[0] * 1e7), "center_lat_e7": int(centre[1] * 1e7)}
    top = {key: value for key, value in metadata.items() if key not in ("json", "bounds", "center", "minzoom", "maxzoom")}
    top.update(json.loads(metadata.get("json", "{}")))
    with open(pmtiles_path, "wb") as f:
        writer = Writer(f)
        for tile_id, data in tiles:
            writer.write_tile(tile_id, data)
        writer.finalize(header, top)


def describe(path):
    """One line about a written file, read back: size, zooms, tiles, layers of its largest tile."""
    if path.endswith(".pmtiles"):
        with open(path, "rb") as f:
            reader = Reader(MmapSource(f))
            header, metadata = reader.header(), reader.metadata()
            tiles = list(all_tiles(reader.get_bytes))
        zooms = f"{header['min_zoom']}-{header['max_zoom']}"
        layers_listed = [layer["id"] for layer in metadata["vector_layers"]]
    else:
        db = sqlite3.connect(path)
        metadata = dict(db.execute("SELECT name, value FROM metadata"))
        tiles = [((z, x, y), data) for z, x, y, data in db.execute("SELECT zoom_level, tile_column, tile_row, tile_data FROM tiles")]
        db.close()
        zooms = f"{metadata['minzoom']}-{metadata['maxzoom']}"
        layers_listed = [layer["id"] for layer in json.loads(metadata["json"])["vector_layers"]]
    largest = max(tiles, key=lambda tile: len(tile[1]))[1]
    decoded = mapbox_vector_tile.decode(gzip.decompress(largest))
    return (f"{os.path.basename(path)}: {os.path.getsize(path):,} bytes, zooms {zooms}, {len(tiles)} tiles; "
            f"vector_layers {', '.join(layers_listed)}; largest tile {len(largest):,} bytes gzip, "
            f"{sum(len(layer['features']) for layer in decoded.values())} features")


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--out", default=DEFAULT_OUT, help="the folder to write into (default: %(default)s)")
    parser.add_argument("--centre", default=None, help="LAT,LON of the city's centre (make_city_osm.py's default)")
    parser.add_argument("--copies", type=int, default=1,
                        help="COPIES × COPIES cities side by side, written only as city-region-openmaptiles.mbtiles "
                             "(25 make about 50 MB: the bench's memory run)")
    arguments = parser.parse_args()
    os.makedirs(arguments.out, exist_ok=True)
    centre = make_city_osm.DEFAULT_CENTRE if arguments.centre is None else \
        tuple(float(part) for part in arguments.centre.split(","))
    with tempfile.TemporaryDirectory(prefix="infowin-city-") as work:
        osm_path = os.path.join(work, "city.osm")
        with open(osm_path, "w", encoding="utf-8") as f:
            f.write(make_city_osm.make_city(centre, arguments.copies))
        if arguments.copies > 1:
            region = os.path.join(arguments.out, "city-region-openmaptiles.mbtiles")
            openmaptiles(osm_path, work, region)
            print(describe(region))
            return
        written = []
        for schema in ("openmaptiles", "protomaps"):
            mbtiles = os.path.join(arguments.out, f"city-{schema}.mbtiles")
            if schema == "openmaptiles":
                openmaptiles(osm_path, work, mbtiles)
            else:
                protomaps_tiles.write_mbtiles(osm_path, mbtiles)
            pmtiles = mbtiles[:-len(".mbtiles")] + ".pmtiles"
            mbtiles_to_pmtiles(mbtiles, pmtiles)
            written += [mbtiles, pmtiles]
    for path in written:
        print(describe(path))


if __name__ == "__main__":
    main()
