#include <unicode/uloc.h>
#include <unicode/unum.h>
#include <unicode/unumberformatter.h>
#include <unicode/upluralrules.h>
#include <unicode/utypes.h>

// ICU renames every C function after its version (uplrules_open is uplrules_open_72 in ICU 72) with
// macros that Swift does not import, so Swift would have to name one ICU version. These wrappers name the
// functions as ICU's headers do, whatever the version installed.

static inline UPluralRules *infowin_uplrules_open(const char *locale, UErrorCode *status) {
    return uplrules_open(locale, status);
}

static inline void infowin_uplrules_close(UPluralRules *rules) {
    uplrules_close(rules);
}

static inline int32_t infowin_uplrules_selectFormatted(
    const UPluralRules *rules, const UFormattedNumber *number, UChar *keyword, int32_t capacity, UErrorCode *status) {
    return uplrules_selectFormatted(rules, number, keyword, capacity, status);
}

static inline UNumberFormatter *infowin_unumf_openForSkeletonAndLocale(
    const UChar *skeleton, int32_t length, const char *locale, UErrorCode *status) {
    return unumf_openForSkeletonAndLocale(skeleton, length, locale, status);
}

static inline void infowin_unumf_close(UNumberFormatter *formatter) {
    unumf_close(formatter);
}

static inline UFormattedNumber *infowin_unumf_openResult(UErrorCode *status) {
    return unumf_openResult(status);
}

static inline void infowin_unumf_closeResult(UFormattedNumber *result) {
    unumf_closeResult(result);
}

static inline void infowin_unumf_formatDouble(
    const UNumberFormatter *formatter, double value, UFormattedNumber *result, UErrorCode *status) {
    unumf_formatDouble(formatter, value, result, status);
}

static inline int32_t infowin_unumf_resultToString(
    const UFormattedNumber *result, UChar *buffer, int32_t capacity, UErrorCode *status) {
    return unumf_resultToString(result, buffer, capacity, status);
}

static inline int32_t infowin_uloc_forLanguageTag(
    const char *tag, char *locale, int32_t capacity, int32_t *parsedLength, UErrorCode *status) {
    return uloc_forLanguageTag(tag, locale, capacity, parsedLength, status);
}

static inline const char *infowin_u_errorName(UErrorCode code) {
    return u_errorName(code);
}

static inline int32_t infowin_uplrules_select(
    const UPluralRules *rules, double number, UChar *keyword, int32_t capacity, UErrorCode *status) {
    return uplrules_select(rules, number, keyword, capacity, status);
}

// unum: ICU's older number format API, a second opinion on what unumberformatter gives.

static inline UNumberFormat *infowin_unum_openDecimal(const char *locale, UErrorCode *status) {
    return unum_open(UNUM_DECIMAL, NULL, 0, locale, NULL, status);
}

static inline void infowin_unum_close(UNumberFormat *format) {
    unum_close(format);
}

// Grouping as the locale's data asks (CLDR's minimumGroupingDigits: Polish 1234, 12 345), as
// unumberformatter groups by default; unum's own default groups every number of four digits or more.
static inline void infowin_unum_setFractionDigits(UNumberFormat *format, int32_t minimum, int32_t maximum) {
    unum_setAttribute(format, UNUM_MIN_FRACTION_DIGITS, minimum);
    unum_setAttribute(format, UNUM_MAX_FRACTION_DIGITS, maximum);
    unum_setAttribute(format, UNUM_MINIMUM_GROUPING_DIGITS, UNUM_MINIMUM_GROUPING_DIGITS_AUTO);
}

static inline int32_t infowin_unum_formatDouble(
    const UNumberFormat *format, double number, UChar *result, int32_t capacity, UErrorCode *status) {
    return unum_formatDouble(format, number, result, capacity, NULL, status);
}
