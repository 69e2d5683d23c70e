// Cairo's FreeType font faces are shared by the whole process: every font map asks cairo for the face of a
// font file and its options, and cairo hands out the one it made before, from a list on the file's
// unscaled font that nothing locks (cairo 1.16, `_cairo_ft_font_face_create`). Two threads laying out text
// at once, each with a font map of its own, could both make the same face (it is linked into the list
// before its reference count is set), or take one from the list that the other is destroying, whose
// memory may then become another font's face. Read in cairo's source rather than seen: the line breaks
// that differed by --jobs came from Pango's metrics (see CPangoMetricsGuard), but with text no longer laid
// out under one lock, nothing else keeps these calls apart.
//
// Pango makes every face it draws with through `cairo_ft_font_face_create_for_pattern`. This executable
// defines that function, so that the loader binds Pango's calls to it rather than to cairo's (a definition
// in the executable comes first); it calls cairo's, found with dlsym(RTLD_NEXT), under one lock, and keeps
// one reference to each face it returns for the life of the process: a face is then never destroyed, and
// no two are made at once. There are a few faces a font file (one for each set of options), a few dozen in
// a process. Everything else cairo does with faces counts references atomically or under its own locks.

#define _GNU_SOURCE
#include "cairo_face_keeper.h"
#include <dlfcn.h>
#include <pthread.h>
#include <stdlib.h>

// Cairo's and fontconfig's types are only passed through: declared here rather than included, so that this
// target needs no headers but libc's.
typedef struct _cairo_font_face cairo_font_face_t;
typedef struct _FcPattern FcPattern;
cairo_font_face_t *cairo_font_face_reference(cairo_font_face_t *face);

static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;
// Under `lock`: cairo's function, and the faces kept (each holds one reference this file owns, never given up).
static cairo_font_face_t *(*make_face)(FcPattern *);
static cairo_font_face_t **kept;
static long kept_count, kept_capacity;

static int is_kept(const cairo_font_face_t *face) {
    for (long index = 0; index < kept_count; index++)
        if (kept[index] == face) return 1;
    return 0;
}

// Cairo's function: the next definition after this one, or libcairo's own where the loader finds none next.
static cairo_font_face_t *(*cairos_own(void))(FcPattern *) {
    void *function = dlsym(RTLD_NEXT, "cairo_ft_font_face_create_for_pattern");
    if (!function) {
        void *cairo = dlopen("libcairo.so.2", RTLD_NOW | RTLD_NOLOAD);
        if (cairo) function = dlsym(cairo, "cairo_ft_font_face_create_for_pattern");
    }
    return (cairo_font_face_t * (*)(FcPattern *)) function;
}

cairo_font_face_t *cairo_ft_font_face_create_for_pattern(FcPattern *pattern) {
    pthread_mutex_lock(&lock);
    if (!make_face) make_face = cairos_own();
    cairo_font_face_t *face = make_face ? make_face(pattern) : NULL;
    if (face && !is_kept(face)) {
        if (kept_count == kept_capacity) {
            long capacity = kept_capacity ? 2 * kept_capacity : 64;
            cairo_font_face_t **grown = realloc(kept, (size_t)capacity * sizeof *kept);
            if (grown) {
                kept = grown;
                kept_capacity = capacity;
            }
        }
        // Without room the face is still returned, only not kept: as cairo alone would have done.
        if (kept_count < kept_capacity) kept[kept_count++] = cairo_font_face_reference(face);
    }
    pthread_mutex_unlock(&lock);
    return face;
}

long infowin_kept_font_faces(void) {
    pthread_mutex_lock(&lock);
    long count = kept_count;
    pthread_mutex_unlock(&lock);
    return count;
}
