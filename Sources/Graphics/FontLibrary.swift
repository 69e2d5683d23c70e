import CCairo
import CPango

/// One Pango font map and context for one `FontSetup`, used by one thread only (a Pango font map
/// shared between threads crashes: see FIELD-NOTES). Owns the map and context and frees them in `deinit`.
package final class FontLibrary {
    let fontMap: UnsafeMutablePointer<PangoFontMap>
    let context: OpaquePointer
    /// The same as `context` with right-to-left as every paragraph's base direction (right-to-left
    /// locales). A context of its own: changing a shared context's direction would lay out again every
    /// layout made from it.
    let rightToLeftContext: OpaquePointer
    /// The setup this library was made from.
    package let setup: FontSetup
    /// fontconfig's configuration files and the drawing libraries' environment, as input hash lines
    /// (`readConfigurationLines`).
    package private(set) lazy var configurationLines: [String] = readConfigurationLines()

    /// Loads the fonts of `setup`; throws when a font file cannot be read as a font. Made and freed under
    /// `TextLayout.pangoLock`, as fontconfig's and cairo's shared caches are touched.
    package init(setup: FontSetup) throws(GraphicsError) {
        self.setup = setup
        MachineFontConfiguration.waitUntilLoaded()
        fontMap = try TextLayout.pangoLock.withLock { () throws(GraphicsError) in
            let map = pango_cairo_font_map_new_for_font_type(CAIRO_FONT_TYPE_FT)!
            if setup != .system {
                do throws(GraphicsError) {
                    let config = try FontLibrary.makeConfig(for: setup)
                    pango_fc_font_map_set_config(OpaquePointer(map), config)
                    FcConfigDestroy(config)
                } catch {
                    g_object_unref(map)
                    throw error
                }
            }
            return UnsafeMutablePointer(OpaquePointer(map))
        }
        context = pango_font_map_create_context(fontMap)
        FontLibrary.configure(context: context)
        rightToLeftContext = pango_font_map_create_context(fontMap)
        FontLibrary.configure(context: rightToLeftContext)
        pango_context_set_base_dir(rightToLeftContext, PANGO_DIRECTION_RTL)
    }

    deinit {
        TextLayout.pangoLock.withLock {
            g_object_unref(UnsafeMutableRawPointer(context))
            g_object_unref(UnsafeMutableRawPointer(rightToLeftContext))
            g_object_unref(fontMap)
        }
    }

    private static func makeConfig(for setup: FontSetup) throws(GraphicsError) -> OpaquePointer {
        let config: OpaquePointer
        if setup.hermetic {
            config = FcConfigCreate()
            _ = HermeticFontRules.xml.withCString { rules in
                rules.withMemoryRebound(to: FcChar8.self, capacity: HermeticFontRules.xml.utf8.count) {
                    FcConfigParseAndLoadFromMemory(config, $0, FcTrue)
                }
            }
        } else {
            config = FcInitLoadConfigAndFonts()
        }
        for file in setup.files {
            let added = file.withCString { path in
                path.withMemoryRebound(to: FcChar8.self, capacity: file.utf8.count + 1) {
                    FcConfigAppFontAddFile(config, $0)
                }
            }
            if added == FcFalse {
                FcConfigDestroy(config)
                throw .unreadableFont(file)
            }
        }
        return config
    }

    private static func configure(context: OpaquePointer) {
        // 72 dpi: one spec point is one Pango unit before the scale is applied (Pango assumes 96).
        pango_cairo_context_set_resolution(context, 72)
        let options = cairo_font_options_create()
        // No hinting: text lays out the same at every scale, so @1x and @2x agree.
        cairo_font_options_set_hint_style(options, CAIRO_HINT_STYLE_NONE)
        cairo_font_options_set_hint_metrics(options, CAIRO_HINT_METRICS_OFF)
        cairo_font_options_set_antialias(options, CAIRO_ANTIALIAS_GRAY)
        pango_cairo_context_set_font_options(context, options)
        cairo_font_options_destroy(options)
        // A fixed language keeps font choice independent of the machine's locale.
        pango_context_set_language(context, pango_language_from_string("en"))
    }
}
