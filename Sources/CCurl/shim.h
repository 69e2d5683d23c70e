#include <curl/curl.h>

// curl_easy_setopt, curl_multi_setopt and curl_easy_getinfo are variadic, and Swift cannot call C variadic
// functions: these wrappers give each argument type infowin uses a fixed signature. Callbacks get typed
// wrappers rather than one taking a generic function pointer, so a wrong signature fails to compile.

static inline CURLcode infowin_easy_setopt_long(CURL *handle, CURLoption option, long value) {
    return curl_easy_setopt(handle, option, value);
}

static inline CURLcode infowin_easy_setopt_off(CURL *handle, CURLoption option, curl_off_t value) {
    return curl_easy_setopt(handle, option, value);
}

static inline CURLcode infowin_easy_setopt_ptr(CURL *handle, CURLoption option, void *value) {
    return curl_easy_setopt(handle, option, value);
}

// libcurl copies string options, so the caller's string need only live for the call.
static inline CURLcode infowin_easy_setopt_str(CURL *handle, CURLoption option, const char *value) {
    return curl_easy_setopt(handle, option, value);
}

static inline CURLcode infowin_easy_setopt_write_function(CURL *handle, curl_write_callback callback) {
    return curl_easy_setopt(handle, CURLOPT_WRITEFUNCTION, callback);
}

static inline CURLcode infowin_easy_setopt_opensocket_function(CURL *handle, curl_opensocket_callback callback) {
    return curl_easy_setopt(handle, CURLOPT_OPENSOCKETFUNCTION, callback);
}

static inline CURLMcode infowin_multi_setopt_long(CURLM *multi, CURLMoption option, long value) {
    return curl_multi_setopt(multi, option, value);
}

static inline CURLcode infowin_easy_getinfo_long(CURL *handle, CURLINFO info, long *value) {
    return curl_easy_getinfo(handle, info, value);
}

static inline CURLcode infowin_easy_getinfo_string(CURL *handle, CURLINFO info, char **value) {
    return curl_easy_getinfo(handle, info, value);
}

// The address curl is about to connect to. It lies past the end of `struct sockaddr` for IPv6 (curl
// allocates room for the whole address), so Swift must read it through this pointer, never a copy.
static inline const struct sockaddr *infowin_sockaddr_address(const struct curl_sockaddr *address) {
    return &address->addr;
}
