#!/usr/bin/env python3
"""Writes the OpenStreetMap XML of infowin's made-up city, Port Aurel: invented data, nothing downloaded.

A small harbour city of about 8 × 6 km on a bay in the open Atlantic (no real place is there): the sea and
its coastline, the River Sarn with its banks and bridges, a pond, parks, woods and a forest, residential,
commercial and industrial land, a cemetery, a hospital, a school, an airfield with its runway, a street grid
of five classes with names (some with `name:de`, `name:ar` and `name:ja`, so localised labels can be
tested), a diagonal avenue, a seafront road, a motorway with a link, a railway with its station, buildings
(some with house numbers), the city's boundary, its place nodes (city, suburbs, a quarter, a village) and
points of interest.

Everything is laid out in metres around the centre and written in degrees, rounded to 7 decimals, in a
fixed order: the same arguments give the same bytes. `--centre LAT,LON` puts the city elsewhere (the
examples may want it under their own shapes). Standard library only:

    python3 bench/basemap/make_city_osm.py -o city.osm [--centre 34.0,-40.0]
"""
import argparse
import math
import random
from xml.sax.saxutils import quoteattr

DEFAULT_CENTRE = (34.0, -40.0)      # open Atlantic, far from any land
METRES_PER_DEGREE = 111_194.93       # on the sphere of radius 6,371,009 m
HALF_WIDTH, HALF_HEIGHT = 8000, 7000 # the sea and land reach this far (views at low zooms stay filled)

# Names with translations: the localised labels' test data (invented names, our own translations).
TRANSLATIONS = {
    "Port Aurel": ("Aurelhafen", "بورت أوريل", "ポート・オーレル"),
    "Old Harbour": ("Alter Hafen", "الميناء القديم", "旧港"),
    "Northfield": ("Nordfeld", "الحقل الشمالي", "ノースフィールド"),
    "Westbrook": ("Westbach", "ويستبروك", "ウエストブルック"),
    "Eastgate": ("Osttor", "البوابة الشرقية", "イーストゲート"),
    "Linden": ("Linden", "ليندن", "リンデン"),
    "Grand Avenue": ("Große Allee", "الجادة الكبرى", "グランド大通り"),
    "Market Street": ("Marktstraße", "شارع السوق", "マーケット通り"),
    "Harbour Road": ("Hafenstraße", "طريق الميناء", "港通り"),
    "Lantern Avenue": ("Laternenallee", "جادة الفانوس", "ランタン大通り"),
    "Seafront Promenade": ("Strandpromenade", "كورنيش البحر", "海岸プロムナード"),
    "Northern Bypass": ("Nordumgehung", "الطريق الدائري الشمالي", "北バイパス"),
    "Station Road": ("Bahnhofstraße", "طريق المحطة", "駅前通り"),
    "Coast Line": ("Küstenbahn", "خط الساحل", "海岸線"),
    "River Sarn": ("Sarn", "نهر سارن", "サーン川"),
    "Aurel Bay": ("Aurelbucht", "خليج أوريل", "オーレル湾"),
    "Linden Park": ("Lindenpark", "حديقة ليندن", "リンデン公園"),
    "Northwood": ("Nordwald", "الغابة الشمالية", "ノースウッド"),
    "Harbour Museum": ("Hafenmuseum", "متحف الميناء", "港湾博物館"),
    "Port Aurel Central": ("Aurelhafen Hauptbahnhof", "محطة بورت أوريل المركزية", "ポート・オーレル中央駅"),
    "Town Hall": ("Rathaus", "دار البلدية", "市役所"),
    "Lantern Café": ("Café Laterne", "مقهى الفانوس", "ランタン・カフェ"),
    # The streets of the centre, so that a localised map of it is mostly in its language.
    "Fennel Street": ("Fenchelstraße", "شارع الشمر", "フェンネル通り"),
    "Gorse Lane": ("Ginsterweg", "زقاق الجولق", "ゴース小路"),
    "Hazel Street": ("Haselstraße", "شارع البندق", "ヘーゼル通り"),
    "Ivy Lane": ("Efeuweg", "زقاق اللبلاب", "アイビー小路"),
    "Juniper Street": ("Wacholderstraße", "شارع العرعر", "ジュニパー通り"),
    "Kestrel Road": ("Falkenweg", "طريق العوسق", "ケストレル通り"),
    "Maple Walk": ("Ahornpfad", "ممشى القيقب", "メープル遊歩道"),
    "Nettle Lane": ("Nesselweg", "زقاق القراص", "ネトル小路"),
    "Oak Street": ("Eichenstraße", "شارع البلوط", "オーク通り"),
    "Poplar Road": ("Pappelweg", "طريق الحور", "ポプラ通り"),
    "Quince Street": ("Quittenstraße", "شارع السفرجل", "マルメロ通り"),
    "Rowan Lane": ("Ebereschenweg", "زقاق الغبيراء", "ナナカマド小路"),
    "Anchor Street": ("Ankerstraße", "شارع المرساة", "アンカー通り"),
    "Bell Street": ("Glockenstraße", "شارع الجرس", "ベル通り"),
    "Copper Street": ("Kupferstraße", "شارع النحاس", "銅通り"),
    "Ember Street": ("Glutstraße", "شارع الجمر", "エンバー通り"),
    "Flint Road": ("Feuersteinweg", "طريق الصوان", "フリント通り"),
    "Garnet Street": ("Granatstraße", "شارع العقيق", "ガーネット通り"),
    "Iron Lane": ("Eisengasse", "زقاق الحديد", "鉄小路"),
    "Jasper Road": ("Jaspisweg", "طريق اليشب", "ジャスパー通り"),
    "Kiln Street": ("Brennofenstraße", "شارع الفرن", "窯通り"),
    "Loom Street": ("Webstuhlstraße", "شارع النول", "機織り通り"),
    "Linden School": ("Lindenschule", "مدرسة ليندن", "リンデン学校"),
    "St Aurel Hospital": ("Sankt-Aurel-Krankenhaus", "مستشفى القديس أوريل", "聖オーレル病院"),
    "Market Hall": ("Markthalle", "قاعة السوق", "マーケットホール"),
    "Central Library": ("Zentralbibliothek", "المكتبة المركزية", "中央図書館"),
}

NORTH_SOUTH_NAMES = ["Alder Street", "Birch Lane", "Cedar Street", "Damson Way", "Elm Row", "Fennel Street",
                     "Gorse Lane", "Hazel Street", "Ivy Lane", "Juniper Street", "Kestrel Road", "Larch Street",
                     "Maple Walk", "Nettle Lane", "Oak Street", "Poplar Road", "Quince Street", "Rowan Lane",
                     "Sorrel Street", "Thistle Road", "Umber Lane", "Violet Street", "Willow Road"]
EAST_WEST_NAMES = ["Anchor Street", "Bell Street", "Copper Street", "Dock Lane", "Ember Street", "Flint Road",
                   "Garnet Street", "Heron Street", "Iron Lane", "Jasper Road", "Kiln Street", "Loom Street",
                   "Mill Road", "Nail Street", "Ore Lane", "Pewter Street", "Quarry Road", "Rope Walk"]


def shore_y(x):
    """The coastline's northing at easting x: a wavy shore with a bay east of the centre."""
    return -1750 + 220 * math.sin(x / 850) - 300 * math.exp(-((x - 2600) / 900) ** 2)


def river_x(y):
    """The River Sarn's centreline easting at northing y: it meanders south into the bay."""
    return -650 + 260 * math.sin(y / 1100) + 80 * math.sin(y / 390)


RIVER_HALF_WIDTH = 40
GRID_X = [-2750 + 250 * i for i in range(23)]   # north–south streets
GRID_Y = [-1250 + 250 * i for i in range(18)]   # east–west streets
MOTORWAY = [(-HALF_WIDTH, 3400), (-4000, 3250), (-1500, 3050), (0, 3000), (1800, 3080), (4000, 3300),
            (HALF_WIDTH, 3500)]
RAILWAY_Y = 1875


class OSMWriter:
    """Collects nodes and ways with increasing ids and writes them as OSM XML 0.6. `shift` (metres) moves
    what is drawn next: copies of the city side by side make a large region."""

    def __init__(self, centre):
        self.centre = centre
        self.shift = (0, 0)
        self.nodes, self.ways = [], []

    def degrees(self, x, y):
        x, y = x + self.shift[0], y + self.shift[1]
        lat = self.centre[0] + y / METRES_PER_DEGREE
        lon = self.centre[1] + x / (METRES_PER_DEGREE * math.cos(math.radians(self.centre[0])))
        return round(lat, 7), round(lon, 7)

    def node(self, x, y, tags=None):
        self.nodes.append((len(self.nodes) + 1, self.degrees(x, y), tags or {}))
        return len(self.nodes)

    def way(self, points, tags, closed=False):
        refs = [self.node(x, y) for x, y in points]
        if closed:
            refs.append(refs[0])
        self.ways.append((len(self.ways) + 1, refs, tags))
        return len(self.ways)

    def area(self, points, tags):
        return self.way(points, tags, closed=True)

    def xml(self, bounds):
        """The document; `bounds` (south, west, north, east in degrees) goes into its header."""
        south, west, north, east = bounds
        lines = ['<?xml version="1.0" encoding="UTF-8"?>',
                 '<osm version="0.6" generator="infowin make_city_osm.py">',
                 f'  <bounds minlat="{south}" minlon="{west}" maxlat="{north}" maxlon="{east}"/>']
        tag_lines = lambda tags: [f'    <tag k={quoteattr(k)} v={quoteattr(str(v))}/>' for k, v in tags.items()]
        for ident, (lat, lon), tags in self.nodes:
            if tags:
                lines += [f'  <node id="{ident}" version="1" lat="{lat}" lon="{lon}">', *tag_lines(tags), '  </node>']
            else:
                lines.append(f'  <node id="{ident}" version="1" lat="{lat}" lon="{lon}"/>')
        for ident, refs, tags in self.ways:
            lines.append(f'  <way id="{ident}" version="1">')
            lines += [f'    <nd ref="{ref}"/>' for ref in refs] + tag_lines(tags) + ['  </way>']
        lines.append('</osm>')
        return "\n".join(lines) + "\n"


def named(name, **tags):
    """Tags with a name and, when the name has translations, its name:de, name:ar and name:ja."""
    tags["name"] = name
    if name in TRANSLATIONS:
        for language, translated in zip(("de", "ar", "ja"), TRANSLATIONS[name]):
            tags[f"name:{language}"] = translated
    return tags


def rectangle(x0, y0, x1, y1):
    return [(x0, y0), (x1, y0), (x1, y1), (x0, y1)]


def intervals(start, end, is_open, step=10):
    """The sub-intervals of [start, end] (sampled every step metres) where is_open holds."""
    runs, run_start, previous = [], None, None
    count = int(round((end - start) / step))
    for index in range(count + 1):
        value = start + index * step
        if is_open(value):
            run_start = value if run_start is None else run_start
            previous = value
        elif run_start is not None:
            runs.append((run_start, previous))
            run_start = None
    if run_start is not None:
        runs.append((run_start, previous))
    return [(a, b) for a, b in runs if b - a >= 60]


def on_land(x, y, margin=90):
    return y > shore_y(x) + margin


PARKS = [(800, -450, 1780, 480), (-2450, 1020, -2020, 1480)]  # Linden Park, Harbour Green: streets stop at them


def outside_parks(x, y, margin=20):
    return not any(x0 - margin < x < x1 + margin and y0 - margin < y < y1 + margin for x0, y0, x1, y1 in PARKS)


def clear_of_river(x, y, margin=RIVER_HALF_WIDTH + 25):
    return abs(x - river_x(y)) > margin


def sea_and_coast(osm):
    xs = [-HALF_WIDTH + 200 * i for i in range(int(2 * HALF_WIDTH / 200) + 1)]
    coast = [(x, shore_y(x)) for x in xs]
    osm.way(list(reversed(coast)), {"natural": "coastline"})
    osm.area(coast + [(HALF_WIDTH, -HALF_HEIGHT), (-HALF_WIDTH, -HALF_HEIGHT)], named("Aurel Bay", natural="bay"))
    osm.node(2600, -3600, named("Aurel Bay", natural="bay"))


def river(osm):
    ys = [HALF_HEIGHT - 100 * i for i in range(int((HALF_HEIGHT + 2400) / 100))]
    ys = [y for y in ys if y > shore_y(river_x(y)) - 150]
    centre = [(river_x(y), y) for y in ys]
    osm.way(centre, named("River Sarn", waterway="river"))
    west = [(river_x(y) - RIVER_HALF_WIDTH, y) for y in ys]
    east = [(river_x(y) + RIVER_HALF_WIDTH, y) for y in reversed(ys)]
    osm.area(west + east, {"natural": "water", "water": "river", "waterway": "riverbank"})


def green_and_landuse(osm):
    osm.area(rectangle(-2600, -1000, 2600, 1700), {"landuse": "residential"})
    osm.area(rectangle(-700 + 150, -900, 700, 600), {"landuse": "commercial"})
    osm.area(rectangle(1900, 1950, 3600, 2700), {"landuse": "residential"})
    osm.area(rectangle(-3900, -1300, -2700, 1200), {"landuse": "residential"})
    osm.area(rectangle(2700, -1450, 4600, -150), named("Harbour Works", landuse="industrial"))
    osm.area(rectangle(*PARKS[0]), named("Linden Park", leisure="park"))
    osm.area([(1050, -250), (1400, -300), (1500, -80), (1300, 60), (1080, 0)], named("Swan Pond", natural="water"))
    osm.area(rectangle(*PARKS[1]), named("Harbour Green", leisure="park"))
    osm.area([(-4800, 2300), (-2600, 2250), (-2300, 2900), (-3000, 4300), (-4700, 4100)],
             named("Northwood", natural="wood"))
    osm.area(rectangle(2400, 3700, 4700, 5200), named("Eastern Forest", landuse="forest"))
    osm.area(rectangle(-2450, 2100, -1700, 2650), named("Old Cemetery", landuse="cemetery"))
    osm.area(rectangle(1520, 1000, 1980, 1400), named("St Aurel Hospital", amenity="hospital"))
    osm.area(rectangle(-1480, 1020, -1270, 1230), named("Linden School", amenity="school"))
    osm.area(rectangle(-1000, 2100, 900, 2750), {"landuse": "grass"})
    osm.area(rectangle(3400, 900, 5200, 2300), named("Port Aurel Airfield", aeroway="aerodrome", iata="PAX"))
    osm.way([(3600, 1250), (5000, 1950)], {"aeroway": "runway", "ref": "09/27"})
    # The city's boundary: a wobbly ring around the centre, open towards the sea.
    ring = [(4600 * math.cos(a) * (1 + 0.06 * math.sin(5 * a)), 1300 + 2900 * math.sin(a) * (1 + 0.05 * math.cos(7 * a)))
            for a in (math.radians(degrees) for degrees in range(-20, 201, 10))]
    osm.way([(round(x), round(y)) for x, y in ring], named("Port Aurel", boundary="administrative", admin_level="8"))


def street_class(index, count_major, major_every):
    if index == count_major:
        return "primary"
    if (index - count_major) % major_every == 0:
        return "secondary"
    if (index - count_major) % 2 == 0:
        return "tertiary"
    return "residential"


def grid_streets(osm):
    """The grid: north–south and east–west streets, cut at the shore; the river is bridged by the main ones."""
    for index, x in enumerate(GRID_X):
        kind = street_class(index, 11, 4)
        name = "Grand Avenue" if kind == "primary" else NORTH_SOUTH_NAMES[index]
        y_end = 2750 if abs(x) < 2000 else 1700
        y_start = max(GRID_Y[0], shore_y(x) + 110)
        crosses_river = kind in ("primary", "secondary")
        for a, b in intervals(y_start, y_end, lambda y: outside_parks(x, y) and (crosses_river or clear_of_river(x, y))):
            bridged(osm, [(x, a), (x, b)], named(name, highway=kind))
    for index, y in enumerate(GRID_Y):
        kind = street_class(index, 7, 4)
        name = {7: "Market Street", 3: "Harbour Road", 12: "Station Road"}.get(index, EAST_WEST_NAMES[index])
        if name == "Station Road":
            kind = "secondary"
        crosses_river = kind in ("primary", "secondary", "tertiary")
        for a, b in intervals(GRID_X[0], GRID_X[-1], lambda x: on_land(x, y, 110) and outside_parks(x, y) and (crosses_river or clear_of_river(x, y))):
            bridged(osm, [(a, y), (b, y)], named(name, highway=kind))


def bridged(osm, points, tags):
    """A road or railway along points, split where it crosses the river: the crossing is a bridge (layer 1)."""
    samples = []  # (x, y, is_vertex), every 10 m
    for (x0, y0), (x1, y1) in zip(points, points[1:]):
        count = max(1, int(math.hypot(x1 - x0, y1 - y0) // 10))
        samples += [(x0 + (x1 - x0) * i / count, y0 + (y1 - y0) * i / count, i == 0) for i in range(count)]
    samples.append((*points[-1], True))
    runs = []  # (is_bridge, samples)
    for sample in samples:
        is_bridge = not clear_of_river(sample[0], sample[1], RIVER_HALF_WIDTH + 20)
        if runs and runs[-1][0] == is_bridge:
            runs[-1][1].append(sample)
        else:
            start = [runs[-1][1][-1]] if runs else []
            runs.append((is_bridge, start + [sample]))
    for is_bridge, run in runs:
        kept = [(round(x, 1), round(y, 1)) for index, (x, y, is_vertex) in enumerate(run)
                if is_vertex or index in (0, len(run) - 1)]
        if len(kept) >= 2:
            osm.way(kept, dict(tags, bridge="yes", layer="1") if is_bridge else tags)


def other_roads(osm):
    bridged(osm, [(-2500, -860), (2450, 2300)], named("Lantern Avenue", highway="tertiary"))
    bridged(osm, [(x, shore_y(x) + 130) for x in range(-3800, 2401, 100)], named("Seafront Promenade", highway="secondary"))
    bridged(osm, MOTORWAY, named("Northern Bypass", highway="motorway", ref="A 1"))
    osm.way([(0, 2750), (60, 2880), (0, 3000)], {"highway": "motorway_link", "oneway": "yes"})
    osm.way([(2500, -1350), (2500, -400), (3400, -400)], {"highway": "service"})
    osm.way([(850, -400), (1100, -120), (1500, 220), (1750, 440)], {"highway": "footway"})
    osm.way([(850, 440), (1200, 250), (1700, -420)], {"highway": "footway"})
    osm.way([(-4600, 3000), (-3800, 3600), (-3000, 3500)], {"highway": "track"})
    osm.way([(-4200, -900), (-3300, -700), (-2750, -750)], named("Kellby Lane", highway="unclassified"))


def railway(osm):
    bridged(osm, [(-HALF_WIDTH, RAILWAY_Y), (2000, RAILWAY_Y), (3200, 2500), (HALF_WIDTH, 4200)],
            named("Coast Line", railway="rail"))
    osm.node(400, RAILWAY_Y, named("Port Aurel Central", railway="station", public_transport="station"))


def buildings(osm):
    """A few buildings in each block of the centre: the same every time (a seeded generator)."""
    rng = random.Random(50)
    park = PARKS[0]
    numbered = {"Market Street", "Grand Avenue", "Harbour Road"}
    for column in range(len(GRID_X) - 1):
        for row in range(len(GRID_Y) - 1):
            x0, x1, y0, y1 = GRID_X[column], GRID_X[column + 1], GRID_Y[row], GRID_Y[row + 1]
            if abs((x0 + x1) / 2) > 2300 or y1 > 1700:
                continue
            if x1 > park[0] and x0 < park[2] and y1 > park[1] and y0 < park[3]:
                continue
            for corner in range(4):
                cx = x0 + 30 + (corner % 2) * 120 + rng.uniform(0, 15)
                cy = y0 + 30 + (corner // 2) * 120 + rng.uniform(0, 15)
                w, h = rng.uniform(50, 85), rng.uniform(45, 85)
                if not (on_land(cx, cy, 60) and on_land(cx + w, cy, 60)) or \
                   not all(clear_of_river(px, py, RIVER_HALF_WIDTH + 30) for px, py in rectangle(cx, cy, cx + w, cy + h)):
                    continue
                if abs(RAILWAY_Y - cy) < 120:
                    continue
                tags = {"building": rng.choice(["yes", "yes", "residential", "apartments", "commercial"])}
                street = "Market Street" if row in (6, 7) else "Grand Avenue" if column in (10, 11) else \
                         "Harbour Road" if row in (2, 3) else None
                osm.area(rectangle(round(cx, 1), round(cy, 1), round(cx + w, 1), round(cy + h, 1)), tags)
                if street in numbered:
                    # An address node inside the building (tilemaker orders the centroids of ways by chance).
                    osm.node(round(cx + w / 2, 1), round(cy + h / 2, 1),
                             {"addr:housenumber": str(2 * column + corner + 1 + row * 40), "addr:street": street})
    osm.area(rectangle(120, RAILWAY_Y + 30, 700, RAILWAY_Y + 90), named("Port Aurel Central", building="train_station"))


def places_and_pois(osm):
    osm.node(150, 250, named("Port Aurel", place="city", population="184000"))
    for name, x, y in (("Old Harbour", 2100, -1000), ("Northfield", -400, 2450), ("Westbrook", -3100, 300),
                       ("Eastgate", 2950, 1150), ("Linden", 1250, 800)):
        osm.node(x, y, named(name, place="suburb"))
    osm.node(-1650, -900, named("Fishmarket", place="neighbourhood"))
    osm.node(-4300, -500, named("Kellby", place="village", population="1200"))
    pois = [
        ("Harbour Museum", 1700, -1150, {"tourism": "museum"}),
        ("Town Hall", 120, 560, {"amenity": "townhall"}),
        ("Lantern Café", 260, 390, {"amenity": "cafe"}),
        ("Blue Gull", 1950, -1080, {"amenity": "restaurant", "cuisine": "seafood"}),
        ("Ropewalk Kitchen", -380, -560, {"amenity": "restaurant"}),
        ("Central Library", -260, 120, {"amenity": "library"}),
        ("Grand Hotel Aurel", 380, -260, {"tourism": "hotel"}),
        ("Market Hall", -120, 780, {"shop": "supermarket"}),
        ("Corner Pharmacy", 640, 1030, {"amenity": "pharmacy"}),
        ("Seaside Bank", 620, -620, {"amenity": "bank"}),
        ("Tide Theatre", -1120, 360, {"amenity": "theatre"}),
        ("Harbour Police", 2300, -700, {"amenity": "police"}),
        ("Post Office", -380, 1120, {"amenity": "post_office"}),
        ("Northfield Fuel", 380, 2620, {"amenity": "fuel"}),
        ("Bakery Sol", -1880, -380, {"shop": "bakery"}),
        ("Lighthouse", 3650, -1500, {"man_made": "lighthouse", "tourism": "attraction"}),
        ("Grand Avenue", 40, -120, {"highway": "bus_stop"}),
        ("Linden Park", 1400, 620, {"highway": "bus_stop"}),
    ]
    for name, x, y, tags in pois:
        osm.node(x, y, named(name, **tags))
    for number, (x, y) in enumerate([(-2560, 1600), (-2560, 1530), (-2560, 1460)], start=11):
        osm.node(x, y, {"addr:housenumber": str(number), "addr:street": "Rope Walk"})


def make_city(centre, copies=1):
    """The city's OSM XML; with copies > 1, copies × copies cities side by side (a large region, for
    measuring memory over a large tileset), each HALF_WIDTH × HALF_HEIGHT box beside the next."""
    osm = OSMWriter(centre)
    offsets = [(index - (copies - 1) / 2) for index in range(copies)]
    for column in offsets:
        for row in offsets:
            osm.shift = (column * 2 * HALF_WIDTH, row * 2 * HALF_HEIGHT)
            sea_and_coast(osm)
            river(osm)
            green_and_landuse(osm)
            grid_streets(osm)
            other_roads(osm)
            railway(osm)
            buildings(osm)
            places_and_pois(osm)
    osm.shift = (offsets[0] * 2 * HALF_WIDTH, offsets[0] * 2 * HALF_HEIGHT)
    south, west = osm.degrees(-HALF_WIDTH, -HALF_HEIGHT)
    osm.shift = (offsets[-1] * 2 * HALF_WIDTH, offsets[-1] * 2 * HALF_HEIGHT)
    north, east = osm.degrees(HALF_WIDTH, HALF_HEIGHT)
    return osm.xml((south, west, north, east))


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("-o", "--output", required=True, help="the OSM XML file to write")
    parser.add_argument("--centre", default=f"{DEFAULT_CENTRE[0]},{DEFAULT_CENTRE[1]}",
                        help="LAT,LON of the city's centre (default: %(default)s)")
    parser.add_argument("--copies", type=int, default=1, help="COPIES × COPIES cities side by side (default: 1)")
    arguments = parser.parse_args()
    lat, lon = (float(part) for part in arguments.centre.split(","))
    with open(arguments.output, "w", encoding="utf-8") as f:
        f.write(make_city((lat, lon), arguments.copies))


if __name__ == "__main__":
    main()
