/// What `{{strings.KEY(…)}}` shows (SPEC.md, "Localisation, round two").
extension LocalisedString {
    /// The string in `locale` filled in with `arguments`, as `String.localizedStringWithFormat` fills it:
    /// the plural form of the first numeric argument (CLDR's category in the locale, else `other`), the
    /// `device` form (else `other`), each `%#@name@` by its own argument, numbers in the locale's digits.
    /// A specifier with no argument, an argument of the wrong kind or one left over is an error.
    package func resolved(_ arguments: [FormatArgument], locale: String, device: String = "iphone") throws(LocalisationError) -> String {
        var formatter = ArgumentFormatter(arguments: arguments, substitutions: substitutions, numbers: LocaleNumbers(locale: locale))
        let text = try formatter.text(of: value, device: device)
        let result = try formatter.format(text)
        try formatter.checkEveryArgumentUsed()
        return result
    }
}
