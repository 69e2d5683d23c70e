/* Where a cold render's time goes, from inside the process (bench/results-history.txt, "This round"): preloaded with
   LD_PRELOAD, it notes the milliseconds since its own constructor (or since COLD_MARKS_T0, a CLOCK_MONOTONIC
   time in ms given by the caller) at main, fontconfig's FcInit and its return, each image surface made, each
   Pango layout drawn, Cairo's PNG writer and the rename of the output, and prints them on standard error at
   exit. Written for measuring; not part of infowin.

     cc -O2 -shared -fPIC bench/cold_marks.c -o cold_marks.so -ldl
     LD_PRELOAD=./cold_marks.so infowin render spec.json -o out.png */
#define _GNU_SOURCE
#include <dlfcn.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>
#include <unistd.h>

static double start;
static char marks[4096];
static int used;

static double now(void) {
    struct timespec time;
    clock_gettime(CLOCK_MONOTONIC, &time);
    return time.tv_sec * 1e3 + time.tv_nsec / 1e6;
}

static void mark(const char *what) {
    if (used < (int)sizeof marks - 64) used += snprintf(marks + used, sizeof marks - used, "%s:%.2f ", what, now() - start);
}

static void print_marks(void) {
    mark("exit");
    marks[used++] = '\n';
    (void)!write(2, marks, used);
}

__attribute__((constructor)) static void begin(void) {
    const char *given = getenv("COLD_MARKS_T0");
    start = given ? atof(given) : now();
    mark("constructor");
    atexit(print_marks);
}

/* `real`: the next definition of the function `name` (the library's own), looked up once. */
#define NEXT(name) static __typeof__(name) *real; if (!real) real = (__typeof__(name) *)dlsym(RTLD_NEXT, #name)

static int (*program_main)(int, char **, char **);

static int marked_main(int argc, char **argv, char **environment) {
    mark("main");
    return program_main(argc, argv, environment);
}

int __libc_start_main(int (*main)(int, char **, char **), int argc, char **argv, void (*init)(void), void (*fini)(void),
                      void (*rtld_fini)(void), void *stack_end) {
    NEXT(__libc_start_main);
    program_main = main;
    return real(marked_main, argc, argv, init, fini, rtld_fini, stack_end);
}

int FcInit(void) {
    NEXT(FcInit);
    mark("FcInit");
    int result = real();
    mark("FcInit-done");
    return result;
}

void *cairo_image_surface_create(int format, int width, int height) {
    NEXT(cairo_image_surface_create);
    mark("surface");
    return real(format, width, height);
}

void pango_cairo_show_layout(void *cairo, void *layout) {
    NEXT(pango_cairo_show_layout);
    mark("text");
    real(cairo, layout);
}

int cairo_surface_write_to_png(void *surface, const char *file) {
    NEXT(cairo_surface_write_to_png);
    mark("png");
    int result = real(surface, file);
    mark("png-done");
    return result;
}

int renameat(int from_folder, const char *from, int to_folder, const char *to) {
    NEXT(renameat);
    mark("rename");
    return real(from_folder, from, to_folder, to);
}
