/* Cairo's own PNG writer on the same pictures, for `make bench`'s size comparison: reads each PNG given,
   writes it again with cairo_surface_write_to_png (libpng, zlib level 6, adaptive filters, the writer
   C programs drawing with Cairo use) and prints the mean size in bytes. */
#include <cairo.h>
#include <stdio.h>

static cairo_status_t count_bytes(void *closure, const unsigned char *data, unsigned int length) {
    (void)data;
    *(long *)closure += length;
    return CAIRO_STATUS_SUCCESS;
}

int main(int argc, char **argv) {
    long total = 0;
    for (int index = 1; index < argc; index++) {
        cairo_surface_t *image = cairo_image_surface_create_from_png(argv[index]);
        if (cairo_surface_status(image) != CAIRO_STATUS_SUCCESS) {
            fprintf(stderr, "cannot read %s\n", argv[index]);
            return 1;
        }
        cairo_surface_write_to_png_stream(image, count_bytes, &total);
        cairo_surface_destroy(image);
    }
    printf("%ld\n", argc > 1 ? total / (argc - 1) : 0);
    return 0;
}
