#include <cairo.h>
#include <cairo-pdf.h>
#include <cairo-svg.h>
#include <malloc.h>
#include <png.h>
