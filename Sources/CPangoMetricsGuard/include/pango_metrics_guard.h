#ifndef INFOWIN_PANGO_METRICS_GUARD_H
#define INFOWIN_PANGO_METRICS_GUARD_H

/// Makes the fonts of `font`'s class (a PangoFont) work out their metrics one thread at a time, from now on
/// (see pango_metrics_guard.c); a class already guarded is left as it is.
void infowin_guard_font_metrics(void *font);

/// The same for the font class registered as `type_name` (a GType name, as "PangoCairoFcFont"); 0 when no
/// such class is registered yet, else 1.
int infowin_guard_font_metrics_named(const char *type_name);

/// How many font classes are guarded so far: 1 once a font map has loaded a font.
int infowin_guarded_font_classes(void);

#endif
