// The only file that includes ICU's headers: see icu_bridge.h for why.
//
// ICU is opened on first use, not linked: with the C++ runtime it needs it costs every process about
// 2.5 ms to load and relocate, and only catalog plurals and number formats use it (a render opens it only
// when its spec has a catalog, whose input hash names ICU's versions). Its functions are found
// by their versioned names (`uplrules_open_72`), which ICU's own headers spell through
// U_ICU_ENTRY_POINT_RENAME, in the library of the version the headers are (`libicui18n.so.72`; it brings
// libicuuc and libicudata). Loading happens once (pthread_once); the library is never closed.

#include "icu_bridge.h"

#include <unicode/uloc.h>
#include <unicode/unum.h>
#include <unicode/unumberformatter.h>
#include <unicode/upluralrules.h>
#include <unicode/utypes.h>
#include <unicode/uversion.h>
#include <unicode/icudataver.h>
#include <lazy_library.h>
#include <pthread.h>
#include <stdio.h>

_Static_assert(INFOWIN_ICU_SUCCESS == U_ZERO_ERROR, "ICU's success code");
_Static_assert(INFOWIN_ICU_BUFFER_OVERFLOW == U_BUFFER_OVERFLOW_ERROR, "ICU's buffer overflow code");
_Static_assert(INFOWIN_ICU_UNAVAILABLE == U_FILE_ACCESS_ERROR, "ICU's file access error code");
_Static_assert(sizeof(UChar) == sizeof(uint16_t), "ICU's UChar is a UTF-16 code unit");
_Static_assert(sizeof(UErrorCode) == sizeof(int32_t), "ICU's status fits an int32_t");

#define INFOWIN_ICU_LIBRARY "libicui18n.so." U_ICU_VERSION_SHORT

// The handles are ICU's own objects under the bridge's names.
#define RULES(p) ((UPluralRules *)(p))
#define FORMATTER(p) ((UNumberFormatter *)(p))
#define RESULT(p) ((UFormattedNumber *)(p))
#define DECIMAL(p) ((UNumberFormat *)(p))
#define STATUS(p) ((UErrorCode *)(p))

// Every ICU function the bridge calls: X(name), a pointer of the function's own type in `icu`.
#define INFOWIN_ICU_FUNCTIONS(X) \
    X(u_errorName) X(uloc_forLanguageTag) X(u_getVersion) X(u_versionToString) X(u_getDataVersion) \
    X(uplrules_open) X(uplrules_close) X(uplrules_select) X(uplrules_selectFormatted) \
    X(unumf_openForSkeletonAndLocale) X(unumf_close) X(unumf_openResult) X(unumf_closeResult) \
    X(unumf_formatDouble) X(unumf_resultToString) \
    X(unum_open) X(unum_close) X(unum_setAttribute) X(unum_formatDouble)

static INFOWIN_LAZY_TABLE(INFOWIN_ICU_FUNCTIONS) icu;

// Looked up by the names ICU's renaming macro gives them: "uplrules_open_72".
static void infowin_icu_load_once(void) {
    INFOWIN_LAZY_OPEN(icu, INFOWIN_ICU_LIBRARY, INFOWIN_ICU_FUNCTIONS);
}

int32_t infowin_icu_load(void) {
    static pthread_once_t once = PTHREAD_ONCE_INIT;
    pthread_once(&once, infowin_icu_load_once);
    return icu.loaded;
}

const char *infowin_icu_library_name(void) {
    return INFOWIN_ICU_LIBRARY;
}

// Returns `failed` from the calling wrapper, with INFOWIN_ICU_UNAVAILABLE in `status`, when ICU cannot be opened.
#define INFOWIN_ICU_REQUIRE(status, failed) \
    do { \
        if (!infowin_icu_load()) { \
            *(status) = INFOWIN_ICU_UNAVAILABLE; \
            return failed; \
        } \
    } while (0)

const char *infowin_icu_error_name(int32_t status) {
    if (!infowin_icu_load()) return "U_FILE_ACCESS_ERROR (ICU, " INFOWIN_ICU_LIBRARY ", cannot be opened)";
    return icu.u_errorName((UErrorCode)status);
}

int32_t infowin_icu_locale_for_language_tag(const char *tag, char *locale, int32_t capacity, int32_t *status) {
    INFOWIN_ICU_REQUIRE(status, 0);
    return icu.uloc_forLanguageTag(tag, locale, capacity, NULL, STATUS(status));
}

infowin_icu_plural_rules *infowin_icu_plural_rules_open(const char *locale, int32_t *status) {
    INFOWIN_ICU_REQUIRE(status, NULL);
    return (infowin_icu_plural_rules *)icu.uplrules_open(locale, STATUS(status));
}

void infowin_icu_plural_rules_close(infowin_icu_plural_rules *rules) {
    if (infowin_icu_load() && rules) icu.uplrules_close(RULES(rules));
}

int32_t infowin_icu_plural_rules_select(
    const infowin_icu_plural_rules *rules, double number, uint16_t *keyword, int32_t capacity, int32_t *status) {
    INFOWIN_ICU_REQUIRE(status, 0);
    return icu.uplrules_select((const UPluralRules *)rules, number, (UChar *)keyword, capacity, STATUS(status));
}

int32_t infowin_icu_plural_rules_select_formatted(
    const infowin_icu_plural_rules *rules, const infowin_icu_formatted_number *number,
    uint16_t *keyword, int32_t capacity, int32_t *status) {
    INFOWIN_ICU_REQUIRE(status, 0);
    return icu.uplrules_selectFormatted(
        (const UPluralRules *)rules, (const UFormattedNumber *)number, (UChar *)keyword, capacity, STATUS(status));
}

infowin_icu_number_formatter *infowin_icu_number_formatter_open(
    const uint16_t *skeleton, int32_t length, const char *locale, int32_t *status) {
    INFOWIN_ICU_REQUIRE(status, NULL);
    return (infowin_icu_number_formatter *)icu.unumf_openForSkeletonAndLocale(
        (const UChar *)skeleton, length, locale, STATUS(status));
}

void infowin_icu_number_formatter_close(infowin_icu_number_formatter *formatter) {
    if (infowin_icu_load() && formatter) icu.unumf_close(FORMATTER(formatter));
}

infowin_icu_formatted_number *infowin_icu_formatted_number_open(int32_t *status) {
    INFOWIN_ICU_REQUIRE(status, NULL);
    return (infowin_icu_formatted_number *)icu.unumf_openResult(STATUS(status));
}

void infowin_icu_formatted_number_close(infowin_icu_formatted_number *number) {
    if (infowin_icu_load() && number) icu.unumf_closeResult(RESULT(number));
}

void infowin_icu_number_formatter_format(
    const infowin_icu_number_formatter *formatter, double value, infowin_icu_formatted_number *result,
    int32_t *status) {
    INFOWIN_ICU_REQUIRE(status, );
    icu.unumf_formatDouble((const UNumberFormatter *)formatter, value, RESULT(result), STATUS(status));
}

int32_t infowin_icu_formatted_number_text(
    const infowin_icu_formatted_number *number, uint16_t *text, int32_t capacity, int32_t *status) {
    INFOWIN_ICU_REQUIRE(status, 0);
    return icu.unumf_resultToString((const UFormattedNumber *)number, (UChar *)text, capacity, STATUS(status));
}

infowin_icu_decimal_format *infowin_icu_decimal_format_open(const char *locale, int32_t *status) {
    INFOWIN_ICU_REQUIRE(status, NULL);
    return (infowin_icu_decimal_format *)icu.unum_open(UNUM_DECIMAL, NULL, 0, locale, NULL, STATUS(status));
}

void infowin_icu_decimal_format_close(infowin_icu_decimal_format *format) {
    if (infowin_icu_load() && format) icu.unum_close(DECIMAL(format));
}

void infowin_icu_decimal_format_set_fraction_digits(infowin_icu_decimal_format *format, int32_t minimum, int32_t maximum) {
    if (!infowin_icu_load() || format == NULL) return;
    icu.unum_setAttribute(DECIMAL(format), UNUM_MIN_FRACTION_DIGITS, minimum);
    icu.unum_setAttribute(DECIMAL(format), UNUM_MAX_FRACTION_DIGITS, maximum);
    icu.unum_setAttribute(DECIMAL(format), UNUM_MINIMUM_GROUPING_DIGITS, UNUM_MINIMUM_GROUPING_DIGITS_AUTO);
}

int32_t infowin_icu_decimal_format_double(
    const infowin_icu_decimal_format *format, double number, uint16_t *text, int32_t capacity, int32_t *status) {
    INFOWIN_ICU_REQUIRE(status, 0);
    return icu.unum_formatDouble((const UNumberFormat *)format, number, (UChar *)text, capacity, NULL, STATUS(status));
}

void infowin_icu_versions(char *text, int32_t capacity) {
    UVersionInfo library, data;
    char libraryText[U_MAX_VERSION_STRING_LENGTH], dataText[U_MAX_VERSION_STRING_LENGTH];
    UErrorCode status = U_ZERO_ERROR;
    if (!infowin_icu_load()) {
        if (capacity > 0) snprintf(text, (size_t)capacity, "unavailable (" INFOWIN_ICU_LIBRARY " cannot be opened)");
        return;
    }
    icu.u_getVersion(library);
    icu.u_versionToString(library, libraryText);
    icu.u_getDataVersion(data, &status);
    if (U_FAILURE(status)) {
        snprintf(dataText, sizeof dataText, "unknown");
    } else {
        icu.u_versionToString(data, dataText);
    }
    if (capacity > 0) snprintf(text, (size_t)capacity, "%s data %s", libraryText, dataText);
}
