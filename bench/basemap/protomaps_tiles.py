"""Writes a tileset in the Protomaps basemaps schema (v4 layer and field names) from an OSM XML file.

Reads the made-up city's OSM XML (make_city_osm.py), sorts every element into the schema's layers (`earth`,
`water`, `landuse`, `landcover`, `natural`, `roads`, `buildings`, `places`, `pois`, `boundaries`,
`transit`) with the fields the schema uses (`kind`, `kind_detail`, `name`, `name:xx`, `min_zoom`,
`sort_rank`, `is_bridge`, `addr_housenumber`, …), and encodes each tile with mapbox-vector-tile: features
clipped to their tile and a 64-unit buffer, a layer's features in sort_rank order, gzip with no time stamp.
Only the layer and field names are the schema's; the mapping from tags is ours, kept small for our city.
"""
import gzip
import json
import math
import os
import sqlite3
import xml.etree.ElementTree as ElementTree

import mapbox_vector_tile
from shapely.geometry import LineString, Point, Polygon, box, mapping
from shapely.ops import unary_union

EARTH_RADIUS = 6378137.0
WORLD = 2 * math.pi * EARTH_RADIUS
EXTENT = 4096
BUFFER = 64
LANGUAGES = ("ar", "de", "ja")

ROADS = {  # highway=* → (kind, min_zoom, sort_rank)
    "motorway": ("highway", 6, 400), "motorway_link": ("highway", 11, 390), "primary": ("major_road", 9, 380),
    "secondary": ("major_road", 10, 370), "tertiary": ("major_road", 11, 360), "residential": ("minor_road", 13, 350),
    "unclassified": ("minor_road", 12, 350), "service": ("minor_road", 14, 340), "footway": ("path", 14, 330),
    "track": ("path", 13, 330),
}
LANDUSE = {  # (key, value) → (kind, min_zoom, sort_rank)
    ("landuse", "residential"): ("residential", 11, 190), ("landuse", "commercial"): ("commercial", 11, 191),
    ("landuse", "industrial"): ("industrial", 11, 192), ("landuse", "cemetery"): ("cemetery", 11, 193),
    ("landuse", "grass"): ("grass", 12, 194), ("landuse", "forest"): ("forest", 10, 195),
    ("leisure", "park"): ("park", 10, 196), ("amenity", "hospital"): ("hospital", 12, 197),
    ("amenity", "school"): ("school", 12, 198), ("aeroway", "aerodrome"): ("aerodrome", 10, 199),
}
LABELLED_AREAS = ("park", "hospital", "school", "aerodrome", "cemetery", "forest")
POI_KEYS = ("amenity", "tourism", "shop", "railway", "highway", "leisure")
POI_MIN_ZOOM = {"station": 12, "museum": 13, "townhall": 13, "hospital": 13, "park": 13, "aerodrome": 11}
PLACES = {  # place=* → (kind, min_zoom, population_rank)
    "city": ("locality", 6, 11), "village": ("locality", 11, 4), "suburb": ("neighbourhood", 11, 0),
    "neighbourhood": ("neighbourhood", 13, 0),
}


def mercator(lon, lat):
    """Web Mercator metres."""
    x = math.radians(lon) * EARTH_RADIUS
    y = math.log(math.tan(math.pi / 4 + math.radians(lat) / 2)) * EARTH_RADIUS
    return x, y


def read_osm(path):
    """The OSM file's nodes ({id: (x, y, tags)}), ways ([(points, tags)]) and bounds (lon/lat)."""
    root = ElementTree.parse(path).getroot()
    tags_of = lambda element: {tag.get("k"): tag.get("v") for tag in element.findall("tag")}
    nodes = {}
    for element in root.findall("node"):
        x, y = mercator(float(element.get("lon")), float(element.get("lat")))
        nodes[element.get("id")] = (x, y, tags_of(element))
    ways = [([nodes[nd.get("ref")][:2] for nd in element.findall("nd")], tags_of(element))
            for element in root.findall("way")]
    bounds = root.find("bounds")
    return nodes, ways, tuple(float(bounds.get(key)) for key in ("minlon", "minlat", "maxlon", "maxlat"))


def names(tags):
    result = {}
    if "name" in tags:
        result["name"] = tags["name"]
        for language in LANGUAGES:
            if f"name:{language}" in tags:
                result[f"name:{language}"] = tags[f"name:{language}"]
    return result


class Feature:
    """One feature of the schema: its layer, geometry (Mercator metres), properties and the first zoom it shows."""

    def __init__(self, layer, geometry, min_zoom, sort_rank, **properties):
        self.layer, self.geometry, self.min_zoom = layer, geometry, min_zoom
        self.properties = dict(properties, min_zoom=min_zoom, sort_rank=sort_rank)


def way_features(points, tags):
    closed = len(points) > 3 and points[0] == points[-1]
    area = Polygon(points) if closed else None
    line = LineString(points)
    label = names(tags)
    if tags.get("natural") == "bay" and closed:
        yield Feature("water", area, 0, 100, kind="ocean")
    elif tags.get("natural") == "water" and closed:
        river = tags.get("water") == "river"
        yield Feature("water", area, 10 if river else 11, 101, kind="water" if river else "lake",
                      kind_detail="river" if river else "lake", **label)
        if label:
            yield Feature("water", area.representative_point(), 14, 101, kind="lake", **label)
    elif tags.get("waterway") == "river":
        yield Feature("water", line, 10, 102, kind="river", kind_detail="river", **label)
    elif tags.get("natural") == "wood" and closed:
        yield Feature("natural", area, 10, 180, kind="wood", **label)
        yield Feature("landcover", area, 0, 10, kind="forest")
    elif tags.get("highway") in ROADS:
        kind, min_zoom, rank = ROADS[tags["highway"]]
        properties = dict(kind=kind, kind_detail=tags["highway"], **label)
        if tags["highway"].endswith("_link"):
            properties["is_link"] = True
        if tags.get("bridge") == "yes":
            properties["is_bridge"] = True
        if "ref" in tags:
            properties["ref"] = tags["ref"]
        if tags.get("oneway") == "yes":
            properties["oneway"] = "yes"
        yield Feature("roads", line, min_zoom, rank + (10 if "is_bridge" in properties else 0), **properties)
    elif tags.get("railway") == "rail":
        properties = dict(kind="rail", kind_detail="rail", **label)
        if tags.get("bridge") == "yes":
            properties["is_bridge"] = True
        yield Feature("roads", line, 11, 300, **properties)
        yield Feature("transit", line, 11, 300, kind_detail="rail", route="train", **label)
    elif tags.get("aeroway") == "runway":
        yield Feature("roads", line, 12, 310, kind="aeroway", kind_detail="runway", ref=tags.get("ref", ""))
    elif tags.get("boundary") == "administrative":
        yield Feature("boundaries", line, 8, 500, kind="locality", kind_detail=int(tags.get("admin_level", 8)))
    elif "building" in tags and closed:
        yield Feature("buildings", area, 14, 400, kind="building", height=6)
        if "addr:housenumber" in tags:
            yield Feature("buildings", area.representative_point(), 15, 401, kind="address",
                          addr_housenumber=tags["addr:housenumber"])
        if label:
            yield Feature("pois", area.representative_point(), 15, 600, kind="building", **label)
    if closed:
        for (key, value), (kind, min_zoom, rank) in LANDUSE.items():
            if tags.get(key) == value:
                yield Feature("landuse", area, min_zoom, rank, kind=kind, **label)
                if label and kind in LABELLED_AREAS:
                    yield Feature("pois", area.representative_point(), POI_MIN_ZOOM.get(kind, 14), 600, kind=kind, **label)
        if tags.get("landuse") == "residential":
            yield Feature("landcover", area, 0, 11, kind="urban_area")


def node_features(x, y, tags):
    point = Point(x, y)
    label = names(tags)
    if tags.get("place") in PLACES:
        kind, min_zoom, rank = PLACES[tags["place"]]
        properties = dict(kind=kind, kind_detail=tags["place"], population_rank=rank, **label)
        if "population" in tags:
            properties["population"] = int(tags["population"])
        yield Feature("places", point, min_zoom, 200 - rank, **properties)
    elif tags.get("natural") == "bay":
        yield Feature("water", point, 10, 103, kind="ocean", **label)
    elif "addr:housenumber" in tags:
        yield Feature("buildings", point, 15, 401, kind="address", addr_housenumber=tags["addr:housenumber"])
    else:
        for key in POI_KEYS:
            if key in tags:
                kind = tags[key]
                yield Feature("pois", point, POI_MIN_ZOOM.get(kind, 14), 600, kind=kind, **label)
                break


def earth(features, bounds_mercator):
    sea = unary_union([f.geometry for f in features if f.layer == "water" and f.properties["kind"] == "ocean"
                       and f.geometry.geom_type == "Polygon"])
    return Feature("earth", box(*bounds_mercator).difference(sea), 0, 0, kind="earth")


def tiles_covering(bounds_mercator, zoom):
    size = WORLD / (1 << zoom)
    minx, miny, maxx, maxy = bounds_mercator
    column = lambda x: int((x + WORLD / 2) // size)
    row = lambda y: int((WORLD / 2 - y) // size)
    for x in range(column(minx), column(maxx) + 1):
        for y in range(row(maxy), row(miny) + 1):
            yield x, y


def encode_tile(features, zoom, x, y):
    """The tile's MVT bytes (None when it has no feature), gzip-compressed."""
    size = WORLD / (1 << zoom)
    left, top = x * size - WORLD / 2, WORLD / 2 - y * size
    tile_box = (left, top - size, left + size, top)
    margin = size * BUFFER / EXTENT
    clip = box(tile_box[0] - margin, tile_box[1] - margin, tile_box[2] + margin, tile_box[3] + margin)
    layers = {}
    for feature in features:
        if zoom < feature.min_zoom or not feature.geometry.intersects(clip):
            continue
        geometry = feature.geometry if feature.geometry.geom_type == "Point" else feature.geometry.intersection(clip)
        if geometry.is_empty:
            continue
        if feature.geometry.geom_type == "Point" and not box(*tile_box).intersects(geometry):
            continue
        layers.setdefault(feature.layer, []).append({"geometry": geometry, "properties": feature.properties})
    if not layers:
        return None
    encoded = mapbox_vector_tile.encode(
        [{"name": name, "features": sorted(items, key=lambda item: item["properties"]["sort_rank"])}
         for name, items in layers.items()],
        default_options={"quantize_bounds": tile_box, "extents": EXTENT})
    return gzip.compress(encoded, mtime=0)


LAYER_ORDER = ("earth", "landcover", "natural", "landuse", "water", "roads", "transit", "buildings", "boundaries",
               "pois", "places")


def write_mbtiles(osm_path, mbtiles_path, min_zoom=10, max_zoom=15):
    """Writes the Protomaps-schema MBTiles file (TMS rows, gzip tiles, metadata with vector_layers)."""
    nodes, ways, bounds = read_osm(osm_path)
    features = [f for points, tags in ways for f in way_features(points, tags)]
    features += [f for x, y, tags in nodes.values() if tags for f in node_features(x, y, tags)]
    bounds_mercator = (*mercator(bounds[0], bounds[1]), *mercator(bounds[2], bounds[3]))
    features.insert(0, earth(features, bounds_mercator))
    features.sort(key=lambda f: LAYER_ORDER.index(f.layer))
    if os.path.exists(mbtiles_path):  # a fresh file: SQLite's header counts the changes made to it
        os.remove(mbtiles_path)
    db = sqlite3.connect(mbtiles_path)
    db.executescript("CREATE TABLE metadata (name TEXT, value TEXT);"
                     "CREATE TABLE tiles (zoom_level INTEGER, tile_column INTEGER, tile_row INTEGER, tile_data BLOB);"
                     "CREATE UNIQUE INDEX tile_index ON tiles (zoom_level, tile_column, tile_row);")
    for zoom in range(min_zoom, max_zoom + 1):
        for x, y in tiles_covering(bounds_mercator, zoom):
            data = encode_tile(features, zoom, x, y)
            if data:
                db.execute("INSERT INTO tiles VALUES (?, ?, ?, ?)", (zoom, x, (1 << zoom) - 1 - y, data))
    fields = {}
    for feature in features:
        for key, value in feature.properties.items():
            fields.setdefault(feature.layer, {})[key] = "Number" if isinstance(value, (int, float)) and \
                not isinstance(value, bool) else "Boolean" if isinstance(value, bool) else "String"
    vector_layers = [{"id": layer, "fields": dict(sorted(fields.get(layer, {}).items())), "minzoom": min_zoom,
                      "maxzoom": max_zoom} for layer in LAYER_ORDER]
    centre_lon, centre_lat = (bounds[0] + bounds[2]) / 2, (bounds[1] + bounds[3]) / 2
    metadata = {"name": "Port Aurel (infowin's made-up city), Protomaps basemaps schema", "format": "pbf",
                "type": "baselayer", "version": "4", "minzoom": str(min_zoom), "maxzoom": str(max_zoom),
                "bounds": ",".join(f"{v:.6f}" for v in bounds), "center": f"{centre_lon:.6f},{centre_lat:.6f},13",
                "attribution": "infowin's made-up city", "json": json.dumps({"vector_layers": vector_layers})}
    db.executemany("INSERT INTO metadata VALUES (?, ?)", sorted(metadata.items()))
    db.commit()
    db.execute("VACUUM")
    db.close()
