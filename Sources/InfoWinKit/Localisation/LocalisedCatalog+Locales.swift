extension LocalisedCatalog {
    /// True when the catalog has `locale`, or its language (`de-AT` with `de`): its strings are then
    /// that locale's, not a fallback's.
    package func serves(_ locale: String) -> Bool {
        declaredLocales.contains(locale) || declaredLocales.contains(Self.language(of: locale))
    }
}
