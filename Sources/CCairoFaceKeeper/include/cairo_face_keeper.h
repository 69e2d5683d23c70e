#ifndef INFOWIN_CAIRO_FACE_KEEPER_H
#define INFOWIN_CAIRO_FACE_KEEPER_H

/// How many cairo font faces Pango has had made in this process so far, each made under one lock and kept
/// for the process's life (see cairo_face_keeper.c); 0 when Pango's calls do not come through here.
long infowin_kept_font_faces(void);

#endif
