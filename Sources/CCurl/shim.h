#include <curl/curl.h>
#include <dlfcn.h>

// libcurl is opened on first use, not linked: it and the thirty libraries it needs (TLS, Kerberos, LDAP,
// SSH...) cost every infowin process about 8 ms to load and relocate, and only specs with HTTP tiles use
// them. The headers still come from libcurl4-openssl-dev; `make` installs the library.
//
// Each wrapper looks its function up in the library. The first open is RTLD_NODELETE, so the library is
// never unloaded and the later open/close pairs only count references: no state is kept here, so nothing
// can race. When libcurl cannot be opened, every call fails the way libcurl reports failures.

#define INFOWIN_LIBCURL "libcurl.so.4"

static inline void *infowin_curl_symbol(const char *name) {
    void *library = dlopen(INFOWIN_LIBCURL, RTLD_NOW | RTLD_LOCAL | RTLD_NODELETE);
    if (library == NULL) return NULL;
    void *symbol = dlsym(library, name);
    dlclose(library);
    return symbol;
}

#define INFOWIN_CURL_FUNCTION(type, name) ((type)infowin_curl_symbol(#name))

static inline int infowin_curl_available(void) {
    return infowin_curl_symbol("curl_global_init") != NULL;
}

// libcurl's version ("8.5.0"), or NULL when it cannot be opened.
static inline const char *infowin_curl_version(void) {
    curl_version_info_data *(*function)(CURLversion) = INFOWIN_CURL_FUNCTION(curl_version_info_data *(*)(CURLversion), curl_version_info);
    curl_version_info_data *info = function ? function(CURLVERSION_NOW) : NULL;
    return info ? info->version : NULL;
}

static inline CURLcode infowin_curl_global_init(long flags) {
    CURLcode (*function)(long) = INFOWIN_CURL_FUNCTION(CURLcode (*)(long), curl_global_init);
    return function ? function(flags) : CURLE_FAILED_INIT;
}

static inline CURL *infowin_curl_easy_init(void) {
    CURL *(*function)(void) = INFOWIN_CURL_FUNCTION(CURL *(*)(void), curl_easy_init);
    return function ? function() : NULL;
}

static inline void infowin_curl_easy_cleanup(CURL *handle) {
    void (*function)(CURL *) = INFOWIN_CURL_FUNCTION(void (*)(CURL *), curl_easy_cleanup);
    if (function) function(handle);
}

static inline const char *infowin_curl_easy_strerror(CURLcode code) {
    const char *(*function)(CURLcode) = INFOWIN_CURL_FUNCTION(const char *(*)(CURLcode), curl_easy_strerror);
    return function ? function(code) : "libcurl (" INFOWIN_LIBCURL ") cannot be opened";
}

static inline void infowin_curl_free(void *pointer) {
    void (*function)(void *) = INFOWIN_CURL_FUNCTION(void (*)(void *), curl_free);
    if (function) function(pointer);
}

static inline CURLM *infowin_curl_multi_init(void) {
    CURLM *(*function)(void) = INFOWIN_CURL_FUNCTION(CURLM *(*)(void), curl_multi_init);
    return function ? function() : NULL;
}

static inline CURLMcode infowin_curl_multi_cleanup(CURLM *multi) {
    CURLMcode (*function)(CURLM *) = INFOWIN_CURL_FUNCTION(CURLMcode (*)(CURLM *), curl_multi_cleanup);
    return function ? function(multi) : CURLM_INTERNAL_ERROR;
}

static inline CURLMcode infowin_curl_multi_add_handle(CURLM *multi, CURL *handle) {
    CURLMcode (*function)(CURLM *, CURL *) = INFOWIN_CURL_FUNCTION(CURLMcode (*)(CURLM *, CURL *), curl_multi_add_handle);
    return function ? function(multi, handle) : CURLM_INTERNAL_ERROR;
}

static inline CURLMcode infowin_curl_multi_remove_handle(CURLM *multi, CURL *handle) {
    CURLMcode (*function)(CURLM *, CURL *) = INFOWIN_CURL_FUNCTION(CURLMcode (*)(CURLM *, CURL *), curl_multi_remove_handle);
    return function ? function(multi, handle) : CURLM_INTERNAL_ERROR;
}

static inline CURLMcode infowin_curl_multi_perform(CURLM *multi, int *running) {
    CURLMcode (*function)(CURLM *, int *) = INFOWIN_CURL_FUNCTION(CURLMcode (*)(CURLM *, int *), curl_multi_perform);
    return function ? function(multi, running) : CURLM_INTERNAL_ERROR;
}

static inline CURLMsg *infowin_curl_multi_info_read(CURLM *multi, int *left) {
    CURLMsg *(*function)(CURLM *, int *) = INFOWIN_CURL_FUNCTION(CURLMsg *(*)(CURLM *, int *), curl_multi_info_read);
    return function ? function(multi, left) : NULL;
}

static inline CURLMcode infowin_curl_multi_poll(CURLM *multi, struct curl_waitfd *extra, unsigned int count,
                                                int milliseconds, int *ready) {
    CURLMcode (*function)(CURLM *, struct curl_waitfd *, unsigned int, int, int *) =
        INFOWIN_CURL_FUNCTION(CURLMcode (*)(CURLM *, struct curl_waitfd *, unsigned int, int, int *), curl_multi_poll);
    return function ? function(multi, extra, count, milliseconds, ready) : CURLM_INTERNAL_ERROR;
}

static inline CURLU *infowin_curl_url(void) {
    CURLU *(*function)(void) = INFOWIN_CURL_FUNCTION(CURLU *(*)(void), curl_url);
    return function ? function() : NULL;
}

static inline void infowin_curl_url_cleanup(CURLU *url) {
    void (*function)(CURLU *) = INFOWIN_CURL_FUNCTION(void (*)(CURLU *), curl_url_cleanup);
    if (function) function(url);
}

static inline CURLUcode infowin_curl_url_set(CURLU *url, CURLUPart part, const char *text, unsigned int flags) {
    CURLUcode (*function)(CURLU *, CURLUPart, const char *, unsigned int) =
        INFOWIN_CURL_FUNCTION(CURLUcode (*)(CURLU *, CURLUPart, const char *, unsigned int), curl_url_set);
    return function ? function(url, part, text, flags) : CURLUE_OUT_OF_MEMORY;
}

static inline CURLUcode infowin_curl_url_get(const CURLU *url, CURLUPart part, char **text, unsigned int flags) {
    CURLUcode (*function)(const CURLU *, CURLUPart, char **, unsigned int) =
        INFOWIN_CURL_FUNCTION(CURLUcode (*)(const CURLU *, CURLUPart, char **, unsigned int), curl_url_get);
    return function ? function(url, part, text, flags) : CURLUE_OUT_OF_MEMORY;
}

// curl_easy_setopt, curl_multi_setopt and curl_easy_getinfo are variadic, and Swift cannot call C variadic
// functions: these wrappers give each argument type infowin uses a fixed signature. Callbacks get typed
// wrappers rather than one taking a generic function pointer, so a wrong signature fails to compile.

typedef CURLcode (*infowin_easy_setopt_function)(CURL *, CURLoption, ...);
typedef CURLcode (*infowin_easy_getinfo_function)(CURL *, CURLINFO, ...);

static inline CURLcode infowin_easy_setopt_long(CURL *handle, CURLoption option, long value) {
    infowin_easy_setopt_function function = INFOWIN_CURL_FUNCTION(infowin_easy_setopt_function, curl_easy_setopt);
    return function ? function(handle, option, value) : CURLE_FAILED_INIT;
}

static inline CURLcode infowin_easy_setopt_off(CURL *handle, CURLoption option, curl_off_t value) {
    infowin_easy_setopt_function function = INFOWIN_CURL_FUNCTION(infowin_easy_setopt_function, curl_easy_setopt);
    return function ? function(handle, option, value) : CURLE_FAILED_INIT;
}

static inline CURLcode infowin_easy_setopt_ptr(CURL *handle, CURLoption option, void *value) {
    infowin_easy_setopt_function function = INFOWIN_CURL_FUNCTION(infowin_easy_setopt_function, curl_easy_setopt);
    return function ? function(handle, option, value) : CURLE_FAILED_INIT;
}

// libcurl copies string options, so the caller's string need only live for the call.
static inline CURLcode infowin_easy_setopt_str(CURL *handle, CURLoption option, const char *value) {
    infowin_easy_setopt_function function = INFOWIN_CURL_FUNCTION(infowin_easy_setopt_function, curl_easy_setopt);
    return function ? function(handle, option, value) : CURLE_FAILED_INIT;
}

static inline CURLcode infowin_easy_setopt_write_function(CURL *handle, curl_write_callback callback) {
    infowin_easy_setopt_function function = INFOWIN_CURL_FUNCTION(infowin_easy_setopt_function, curl_easy_setopt);
    return function ? function(handle, CURLOPT_WRITEFUNCTION, callback) : CURLE_FAILED_INIT;
}

static inline CURLcode infowin_easy_setopt_opensocket_function(CURL *handle, curl_opensocket_callback callback) {
    infowin_easy_setopt_function function = INFOWIN_CURL_FUNCTION(infowin_easy_setopt_function, curl_easy_setopt);
    return function ? function(handle, CURLOPT_OPENSOCKETFUNCTION, callback) : CURLE_FAILED_INIT;
}

static inline CURLMcode infowin_multi_setopt_long(CURLM *multi, CURLMoption option, long value) {
    CURLMcode (*function)(CURLM *, CURLMoption, ...) =
        INFOWIN_CURL_FUNCTION(CURLMcode (*)(CURLM *, CURLMoption, ...), curl_multi_setopt);
    return function ? function(multi, option, value) : CURLM_INTERNAL_ERROR;
}

static inline CURLcode infowin_easy_getinfo_long(CURL *handle, CURLINFO info, long *value) {
    infowin_easy_getinfo_function function = INFOWIN_CURL_FUNCTION(infowin_easy_getinfo_function, curl_easy_getinfo);
    return function ? function(handle, info, value) : CURLE_FAILED_INIT;
}

static inline CURLcode infowin_easy_getinfo_string(CURL *handle, CURLINFO info, char **value) {
    infowin_easy_getinfo_function function = INFOWIN_CURL_FUNCTION(infowin_easy_getinfo_function, curl_easy_getinfo);
    return function ? function(handle, info, value) : CURLE_FAILED_INIT;
}

// The address curl is about to connect to. It lies past the end of `struct sockaddr` for IPv6 (curl
// allocates room for the whole address), so Swift must read it through this pointer, never a copy.
static inline const struct sockaddr *infowin_sockaddr_address(const struct curl_sockaddr *address) {
    return &address->addr;
}
