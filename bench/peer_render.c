/* The C program `make bench` compares a cold `infowin render` with (issue 29): the same picture drawn the
   way a C program with Cairo and Pango would, in a fresh process: a 390 x 300 pt map at scale 2, its
   markers' pins, and the selected marker's window (a rounded white body with a soft shadow and a tail, the
   title in bold (up to three lines) and the snippet wrapped and cut with an ellipsis after five lines), written with Cairo's
   own PNG writer. Written for this benchmark; not a renderer infowin uses.

   peer_render OUT.png TITLE SNIPPET X Y [X Y]…   (the selected pin first, in points from the top left) */
#include <cairo.h>
#include <pango/pangocairo.h>
#include <stdio.h>
#include <stdlib.h>

static const double scale = 2, width = 390, height = 300;

static void pin(cairo_t *cr, double x, double y) {
    cairo_save(cr);
    cairo_translate(cr, x, y);
    cairo_move_to(cr, 0, 0);
    cairo_curve_to(cr, -4, -12, -13, -19, -13, -29);
    cairo_arc(cr, 0, -29, 13, G_PI, 0);
    cairo_curve_to(cr, 13, -19, 4, -12, 0, 0);
    cairo_close_path(cr);
    cairo_set_source_rgb(cr, 0.92, 0.26, 0.21);
    cairo_fill_preserve(cr);
    cairo_set_source_rgb(cr, 0.65, 0.14, 0.12);
    cairo_set_line_width(cr, 1);
    cairo_stroke(cr);
    cairo_arc(cr, 0, -29, 4.5, 0, 2 * G_PI);
    cairo_set_source_rgb(cr, 0.45, 0.07, 0.06);
    cairo_fill(cr);
    cairo_restore(cr);
}

static void rounded(cairo_t *cr, double x, double y, double w, double h, double r) {
    cairo_new_sub_path(cr);
    cairo_arc(cr, x + w - r, y + r, r, -G_PI / 2, 0);
    cairo_arc(cr, x + w - r, y + h - r, r, 0, G_PI / 2);
    cairo_arc(cr, x + r, y + h - r, r, G_PI / 2, G_PI);
    cairo_arc(cr, x + r, y + r, r, G_PI, 3 * G_PI / 2);
    cairo_close_path(cr);
}

static PangoLayout *text(cairo_t *cr, const char *content, const char *font, double max_width, int lines) {
    PangoLayout *layout = pango_cairo_create_layout(cr);
    PangoFontDescription *description = pango_font_description_from_string(font);
    pango_layout_set_font_description(layout, description);
    pango_font_description_free(description);
    pango_layout_set_width(layout, (int)(max_width * PANGO_SCALE));
    pango_layout_set_wrap(layout, PANGO_WRAP_WORD_CHAR);
    pango_layout_set_ellipsize(layout, PANGO_ELLIPSIZE_END);
    pango_layout_set_height(layout, -lines);
    pango_layout_set_text(layout, content, -1);
    return layout;
}

int main(int argc, char **argv) {
    if (argc < 6 || (argc - 4) % 2 != 0) {
        fprintf(stderr, "usage: peer_render OUT.png TITLE SNIPPET X Y [X Y]...\n");
        return 2;
    }
    cairo_surface_t *surface = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, (int)(width * scale), (int)(height * scale));
    cairo_t *cr = cairo_create(surface);
    cairo_scale(cr, scale, scale);
    cairo_set_source_rgb(cr, 0.91, 0.90, 0.87);
    cairo_paint(cr);
    for (int index = argc - 2; index >= 4; index -= 2) pin(cr, atof(argv[index]), atof(argv[index + 1]));

    double x = atof(argv[4]), y = atof(argv[5]) - 42;
    PangoLayout *title = text(cr, argv[2], "Inter Bold 15px", 240, 3);
    PangoLayout *snippet = text(cr, argv[3], "Inter 13px", 240, 5);
    int title_width, title_height, snippet_width, snippet_height;
    pango_layout_get_pixel_size(title, &title_width, &title_height);
    pango_layout_get_pixel_size(snippet, &snippet_width, &snippet_height);
    double body_width = (title_width > snippet_width ? title_width : snippet_width) + 24;
    double body_height = title_height + snippet_height + 20, left = x - body_width / 2, top = y - 10 - body_height;
    for (int ring = 6; ring >= 1; ring--) {  /* the shadow: rings of faint grey, widest first */
        rounded(cr, left - ring, top - ring + 2, body_width + 2 * ring, body_height + 2 * ring, 3 + ring);
        cairo_set_source_rgba(cr, 0, 0, 0, 0.025);
        cairo_fill(cr);
    }
    rounded(cr, left, top, body_width, body_height, 3);
    cairo_move_to(cr, x - 9, top + body_height);
    cairo_line_to(cr, x, y);
    cairo_line_to(cr, x + 9, top + body_height);
    cairo_set_source_rgb(cr, 1, 1, 1);
    cairo_fill(cr);
    cairo_set_source_rgb(cr, 0.13, 0.13, 0.13);
    cairo_move_to(cr, left + 12, top + 10);
    pango_cairo_show_layout(cr, title);
    cairo_set_source_rgb(cr, 0.37, 0.39, 0.41);
    cairo_move_to(cr, left + 12, top + 10 + title_height);
    pango_cairo_show_layout(cr, snippet);
    g_object_unref(title);
    g_object_unref(snippet);

    cairo_status_t status = cairo_surface_write_to_png(surface, argv[1]);
    cairo_destroy(cr);
    cairo_surface_destroy(surface);
    if (status != CAIRO_STATUS_SUCCESS) {
        fprintf(stderr, "cannot write %s: %s\n", argv[1], cairo_status_to_string(status));
        return 1;
    }
    return 0;
}
