// Pango 1.50 works out a font's metrics for a language the first time they are asked for, and then lays
// out a sample text in that font to find its approximate character width, which line breaking uses
// (`safe_distance` in pango-layout.c: three of them). A recursion guard keeps that inner layout from doing
// the same again, but the guard is one static int for the whole process (`in_get_metrics` in
// pangocairo-font.c): while one thread is inside it, a font whose metrics another thread works out at the
// same moment keeps an approximate width of 0 for its life, and its text breaks into other lines. Each
// thread has a font map of its own, so nothing else is shared, and the bytes then depend on --jobs.
//
// The metrics are asked for through the font's class (`PangoFontClass.get_metrics`), which libpango calls
// from within itself (it is linked -Bsymbolic, so no symbol can stand in for it). This replaces that entry
// of each font class it is given with one that holds a recursive lock around the class's own: metrics are
// then worked out one thread at a time, and the inner layout, on the same thread, takes the lock again.
// Once a font's metrics are known, asking for them again is a short look-up under the lock.

#define _GNU_SOURCE
#include "pango_metrics_guard.h"
#include <pango/pango.h>
#include <pthread.h>

// Exported by libpango for its font back ends, in no installed header: empty metrics, for a font whose
// class's own entry cannot be found (which no font a guarded class made has).
PangoFontMetrics *pango_font_metrics_new(void);

typedef PangoFontMetrics *(*GetMetrics)(PangoFont *font, PangoLanguage *language);

enum { MOST_CLASSES = 8 };

// `lock` is held around every guarded metrics call and while a class is guarded; the table under it names
// each guarded class and the entry it had.
static pthread_mutex_t lock = PTHREAD_RECURSIVE_MUTEX_INITIALIZER_NP;
static struct {
    PangoFontClass *class;
    GetMetrics own;
} guarded[MOST_CLASSES];
static int guarded_count;

// The entry `class` had before it was guarded: its own, or its nearest guarded ancestor's for a subclass
// made after (which copied the guarded entry from its parent).
static GetMetrics own_metrics(PangoFontClass *class) {
    for (GTypeClass *type = (GTypeClass *)class; type; type = g_type_class_peek_parent(type))
        for (int index = 0; index < guarded_count; index++)
            if ((GTypeClass *)guarded[index].class == type) return guarded[index].own;
    return NULL;
}

static PangoFontMetrics *guarded_metrics(PangoFont *font, PangoLanguage *language) {
    pthread_mutex_lock(&lock);
    GetMetrics own = own_metrics(PANGO_FONT_GET_CLASS(font));
    PangoFontMetrics *metrics = own ? own(font, language) : pango_font_metrics_new();
    pthread_mutex_unlock(&lock);
    return metrics;
}

static void guard_class(PangoFontClass *class) {
    pthread_mutex_lock(&lock);
    if (class->get_metrics && class->get_metrics != guarded_metrics && guarded_count < MOST_CLASSES) {
        guarded[guarded_count].class = class;
        guarded[guarded_count].own = class->get_metrics;
        guarded_count++;
        class->get_metrics = guarded_metrics;
    }
    pthread_mutex_unlock(&lock);
}

void infowin_guard_font_metrics(void *font) {
    if (font && PANGO_IS_FONT(font)) guard_class(PANGO_FONT_GET_CLASS(font));
}

int infowin_guard_font_metrics_named(const char *type_name) {
    GType type = g_type_from_name(type_name);
    if (!type || !g_type_is_a(type, PANGO_TYPE_FONT)) return 0;
    // A reference never given back: the class stays as guarded for the process's life.
    guard_class(g_type_class_ref(type));
    return 1;
}

int infowin_guarded_font_classes(void) {
    pthread_mutex_lock(&lock);
    int count = guarded_count;
    pthread_mutex_unlock(&lock);
    return count;
}
