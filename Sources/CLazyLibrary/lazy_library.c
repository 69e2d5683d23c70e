#include "lazy_library.h"

#include <dlfcn.h>
#include <stddef.h>

int infowin_lazy_library_open(const char *file, const char *const names[], void *functions[], int count) {
    void *library = dlopen(file, RTLD_NOW | RTLD_LOCAL | RTLD_NODELETE);
    if (library == NULL) return 0;
    int found = 1;
    for (int index = 0; index < count; index++) {
        functions[index] = dlsym(library, names[index]);
        found = found && functions[index] != NULL;
    }
    return found;
}
