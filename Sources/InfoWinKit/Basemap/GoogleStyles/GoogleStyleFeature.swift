/// Google's feature types (the `feature:` of a map style): a type selects itself and every type under it
/// (`road` selects `road.highway` and `road.local`; `all` selects everything).
package enum GoogleStyleFeature: String, Sendable, Hashable, CaseIterable {
    case all
    case administrative
    case administrativeCountry = "administrative.country"
    case administrativeLandParcel = "administrative.land_parcel"
    case administrativeLocality = "administrative.locality"
    case administrativeNeighborhood = "administrative.neighborhood"
    case administrativeProvince = "administrative.province"
    case landscape
    case landscapeManMade = "landscape.man_made"
    case landscapeNatural = "landscape.natural"
    case landscapeNaturalLandcover = "landscape.natural.landcover"
    case landscapeNaturalTerrain = "landscape.natural.terrain"
    case poi
    case poiAttraction = "poi.attraction"
    case poiBusiness = "poi.business"
    case poiGovernment = "poi.government"
    case poiMedical = "poi.medical"
    case poiPark = "poi.park"
    case poiPlaceOfWorship = "poi.place_of_worship"
    case poiSchool = "poi.school"
    case poiSportsComplex = "poi.sports_complex"
    case road
    case roadArterial = "road.arterial"
    case roadHighway = "road.highway"
    case roadHighwayControlledAccess = "road.highway.controlled_access"
    case roadLocal = "road.local"
    case transit
    case transitLine = "transit.line"
    case transitStation = "transit.station"
    case transitStationAirport = "transit.station.airport"
    case transitStationBus = "transit.station.bus"
    case transitStationRail = "transit.station.rail"
    case water

    /// True when this type selects `other`: it is `other`, or `other` is under it.
    func covers(_ other: GoogleStyleFeature) -> Bool {
        self == .all || other == self || other.rawValue.hasPrefix(rawValue + ".")
    }
}
