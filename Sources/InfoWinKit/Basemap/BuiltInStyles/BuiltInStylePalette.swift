/// The colours of one built-in style: the one place the light and dark looks are written. Every layer of the
/// four built-in documents (two looks × two schemas) takes its colours from here.
///
/// Light is in the spirit of the SDK's default map: pale grey-beige land, light blue water, soft green
/// parks, white streets with thin grey casings, yellowish motorways and arterials, grey labels on white
/// halos. Dark is its night look: navy-grey land, deep blue water, muted roads, light labels on dark halos.
/// The values are our own.
struct BuiltInStylePalette: Sendable {
    var land: String
    var water: String
    var park: String
    var wood: String
    var sand: String
    var ice: String
    var wetland: String
    var residential: String
    var commercial: String
    var industrial: String
    var hospital: String
    var school: String
    var cemetery: String
    var aerodrome: String
    var runway: String
    var building: String
    var buildingOutline: String
    var motorway: String
    var motorwayCasing: String
    var arterial: String
    var arterialCasing: String
    var street: String
    var streetCasing: String
    var path: String
    var rail: String
    var boundary: String
    var text: String
    var halo: String
    var placeText: String
    var roadText: String
    var waterText: String
    var poiText: String
    var poiDot: String

    static let light = BuiltInStylePalette(
        land: "#F2F0EB", water: "#AACBF0", park: "#CDE8C4", wood: "#BCDDB3", sand: "#F4EBD4", ice: "#FAFCFD",
        wetland: "#D3E6D6", residential: "#EDEBE6", commercial: "#F1ECE3", industrial: "#E8E6EA",
        hospital: "#F7E1E1", school: "#F2EADB", cemetery: "#D6E6D0", aerodrome: "#E6E7EC", runway: "#D2D4DA",
        building: "#E4E1DC", buildingOutline: "#D6D2CC", motorway: "#F8D883", motorwayCasing: "#E3B55A",
        arterial: "#FCEFB9", arterialCasing: "#E9D08A", street: "#FFFFFF", streetCasing: "#D9D6D0",
        path: "#C9C3B9", rail: "#B4B2AE", boundary: "#A79FB3", text: "#5E6166", halo: "#FFFFFF",
        placeText: "#3E4247", roadText: "#676A6F", waterText: "#4C79AD", poiText: "#7A6A5A", poiDot: "#9A8E82")

    static let dark = BuiltInStylePalette(
        land: "#212A36", water: "#10213A", park: "#213A35", wood: "#1E3630", sand: "#2E3036", ice: "#2F3944",
        wetland: "#20333A", residential: "#232D3A", commercial: "#262E3B", industrial: "#252B36",
        hospital: "#33272F", school: "#2C2C35", cemetery: "#20362F", aerodrome: "#27303D", runway: "#364050",
        building: "#2B3545", buildingOutline: "#323E50", motorway: "#6A5D49", motorwayCasing: "#2A2721",
        arterial: "#4E5564", arterialCasing: "#1C222C", street: "#3A4453", streetCasing: "#1A202A",
        path: "#48505C", rail: "#4A5260", boundary: "#6C6480", text: "#A9B1BD", halo: "#161D27",
        placeText: "#CDD3DC", roadText: "#98A0AC", waterText: "#5E82AE", poiText: "#B69C7C", poiDot: "#8C7A66")
}
