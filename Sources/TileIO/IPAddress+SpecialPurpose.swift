/// Which addresses a tile fetch refuses unless `--allow-private-network`: every block of IANA's IPv4
/// and IPv6 special-purpose address registries that reaches inside a network rather than across the
/// internet (loopback, private, link-local, shared, documentation, benchmarking, multicast, reserved,
/// translation and tunnel prefixes), every IPv6 address outside global unicast (2000::/3), and this
/// host's own addresses.
extension IPAddress {
    /// True when a fetch must not connect to the address without `--allow-private-network`.
    var isSpecialPurpose: Bool { specialPurpose != nil }

    /// The kind of network the address lies in ("loopback", "private", …), or nil for a package address.
    /// Forms that carry an IPv4 address (IPv4-mapped, NAT64 `64:ff9b::/96`, 6to4 `2002::/16`) are judged
    /// by the address they carry.
    package var specialPurpose: String? { specialPurpose(hostAddresses: LocalAddresses.current()) }

    /// The kind, given the host's own addresses.
    func specialPurpose(hostAddresses: Set<IPAddress>) -> String? {
        if let kind = specialPurposeBlock { return kind }
        let own = hostAddresses.contains(self) || carriedIPv4.map(hostAddresses.contains) == true
        return own ? "this host's own address" : nil
    }

    private var specialPurposeBlock: String? {
        if bytes.count == 4 {
            return Self.specialIPv4.first { $0.contains(bytes) }?.kind
        }
        if let carried = carriedIPv4, let kind = carried.specialPurposeBlock {
            return "\(kind), carried in \(carrierKind ?? "IPv6")"
        }
        if carriedIPv4 != nil { return nil }
        if let kind = Self.specialIPv6.first(where: { $0.contains(bytes) })?.kind { return kind }
        return Self.globalUnicast.contains(bytes) ? nil : "not global unicast (outside 2000::/3)"
    }

    /// The IPv4 address an IPv6 address stands for: IPv4-mapped (`::ffff:a.b.c.d`), NAT64's well-known
    /// prefix (`64:ff9b::a.b.c.d`) and 6to4 (`2002:aabb:ccdd::/48`).
    var carriedIPv4: IPAddress? {
        guard bytes.count == 16 else { return nil }
        if Self.mapped.contains(bytes) || Self.translated.contains(bytes) {
            return IPAddress(unchecked: Array(bytes[12..<16]))
        }
        if Self.sixToFour.contains(bytes) { return IPAddress(unchecked: Array(bytes[2..<6])) }
        return nil
    }

    private var carrierKind: String? {
        [Self.mapped, Self.translated, Self.sixToFour].first { $0.contains(bytes) }?.kind
    }

    private static let mapped = AddressRange("::ffff:0:0/96", "an IPv4-mapped address")
    private static let translated = AddressRange("64:ff9b::/96", "a NAT64 address")
    private static let sixToFour = AddressRange("2002::/16", "a 6to4 address")
    private static let globalUnicast = AddressRange("2000::/3", "global unicast")

    // The whole of 0.0.0.0/8 rather than 0.0.0.0 alone: Linux connects 0.x.y.z to the local host too.
    private static let specialIPv4: [AddressRange] = [
        AddressRange("0.0.0.0/8", "unspecified"),
        AddressRange("10.0.0.0/8", "private"),
        AddressRange("100.64.0.0/10", "carrier-grade NAT"),
        AddressRange("127.0.0.0/8", "loopback"),
        AddressRange("169.254.0.0/16", "link-local"),
        AddressRange("172.16.0.0/12", "private"),
        AddressRange("192.0.0.0/24", "IETF protocol assignments"),
        AddressRange("192.0.2.0/24", "documentation"),
        AddressRange("192.88.99.0/24", "6to4 relay anycast"),
        AddressRange("192.168.0.0/16", "private"),
        AddressRange("198.18.0.0/15", "benchmarking"),
        AddressRange("198.51.100.0/24", "documentation"),
        AddressRange("203.0.113.0/24", "documentation"),
        AddressRange("224.0.0.0/4", "multicast"),
        AddressRange("255.255.255.255/32", "broadcast"),
        AddressRange("240.0.0.0/4", "reserved"),
        // Not in IANA's registry, but on every Azure machine it is the host's own service address.
        AddressRange("168.63.129.16/32", "cloud host service"),
    ]

    private static let specialIPv6: [AddressRange] = [
        AddressRange("::/128", "unspecified"),
        AddressRange("::1/128", "loopback"),
        AddressRange("64:ff9b:1::/48", "local-use NAT64"),
        AddressRange("100::/64", "discard-only"),
        AddressRange("2001::/23", "IETF protocol assignments (Teredo and others)"),
        AddressRange("2001:db8::/32", "documentation"),
        AddressRange("3fff::/20", "documentation"),
        AddressRange("fc00::/7", "private"),
        AddressRange("fe80::/10", "link-local"),
        AddressRange("ff00::/8", "multicast"),
    ]
}
