#include <cairo.h>
#include <malloc.h>
