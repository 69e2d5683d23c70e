// The only file that includes ICU's headers: see icu_bridge.h for why.

#include "icu_bridge.h"

#include <unicode/uloc.h>
#include <unicode/unum.h>
#include <unicode/unumberformatter.h>
#include <unicode/upluralrules.h>
#include <unicode/utypes.h>
#include <unicode/uversion.h>
#include <unicode/icudataver.h>
#include <stdio.h>

_Static_assert(INFOWIN_ICU_SUCCESS == U_ZERO_ERROR, "ICU's success code");
_Static_assert(INFOWIN_ICU_BUFFER_OVERFLOW == U_BUFFER_OVERFLOW_ERROR, "ICU's buffer overflow code");
_Static_assert(sizeof(UChar) == sizeof(uint16_t), "ICU's UChar is a UTF-16 code unit");
_Static_assert(sizeof(UErrorCode) == sizeof(int32_t), "ICU's status fits an int32_t");

// The handles are ICU's own objects under the bridge's names.
#define RULES(p) ((UPluralRules *)(p))
#define FORMATTER(p) ((UNumberFormatter *)(p))
#define RESULT(p) ((UFormattedNumber *)(p))
#define DECIMAL(p) ((UNumberFormat *)(p))
#define STATUS(p) ((UErrorCode *)(p))

const char *infowin_icu_error_name(int32_t status) {
    return u_errorName((UErrorCode)status);
}

int32_t infowin_icu_locale_for_language_tag(const char *tag, char *locale, int32_t capacity, int32_t *status) {
    return uloc_forLanguageTag(tag, locale, capacity, NULL, STATUS(status));
}

infowin_icu_plural_rules *infowin_icu_plural_rules_open(const char *locale, int32_t *status) {
    return (infowin_icu_plural_rules *)uplrules_open(locale, STATUS(status));
}

void infowin_icu_plural_rules_close(infowin_icu_plural_rules *rules) {
    if (rules) uplrules_close(RULES(rules));
}

int32_t infowin_icu_plural_rules_select(
    const infowin_icu_plural_rules *rules, double number, uint16_t *keyword, int32_t capacity, int32_t *status) {
    return uplrules_select((const UPluralRules *)rules, number, (UChar *)keyword, capacity, STATUS(status));
}

int32_t infowin_icu_plural_rules_select_formatted(
    const infowin_icu_plural_rules *rules, const infowin_icu_formatted_number *number,
    uint16_t *keyword, int32_t capacity, int32_t *status) {
    return uplrules_selectFormatted(
        (const UPluralRules *)rules, (const UFormattedNumber *)number, (UChar *)keyword, capacity, STATUS(status));
}

infowin_icu_number_formatter *infowin_icu_number_formatter_open(
    const uint16_t *skeleton, int32_t length, const char *locale, int32_t *status) {
    return (infowin_icu_number_formatter *)unumf_openForSkeletonAndLocale(
        (const UChar *)skeleton, length, locale, STATUS(status));
}

void infowin_icu_number_formatter_close(infowin_icu_number_formatter *formatter) {
    if (formatter) unumf_close(FORMATTER(formatter));
}

infowin_icu_formatted_number *infowin_icu_formatted_number_open(int32_t *status) {
    return (infowin_icu_formatted_number *)unumf_openResult(STATUS(status));
}

void infowin_icu_formatted_number_close(infowin_icu_formatted_number *number) {
    if (number) unumf_closeResult(RESULT(number));
}

void infowin_icu_number_formatter_format(
    const infowin_icu_number_formatter *formatter, double value, infowin_icu_formatted_number *result,
    int32_t *status) {
    unumf_formatDouble((const UNumberFormatter *)formatter, value, RESULT(result), STATUS(status));
}

int32_t infowin_icu_formatted_number_text(
    const infowin_icu_formatted_number *number, uint16_t *text, int32_t capacity, int32_t *status) {
    return unumf_resultToString((const UFormattedNumber *)number, (UChar *)text, capacity, STATUS(status));
}

infowin_icu_decimal_format *infowin_icu_decimal_format_open(const char *locale, int32_t *status) {
    return (infowin_icu_decimal_format *)unum_open(UNUM_DECIMAL, NULL, 0, locale, NULL, STATUS(status));
}

void infowin_icu_decimal_format_close(infowin_icu_decimal_format *format) {
    if (format) unum_close(DECIMAL(format));
}

void infowin_icu_decimal_format_set_fraction_digits(infowin_icu_decimal_format *format, int32_t minimum, int32_t maximum) {
    unum_setAttribute(DECIMAL(format), UNUM_MIN_FRACTION_DIGITS, minimum);
    unum_setAttribute(DECIMAL(format), UNUM_MAX_FRACTION_DIGITS, maximum);
    unum_setAttribute(DECIMAL(format), UNUM_MINIMUM_GROUPING_DIGITS, UNUM_MINIMUM_GROUPING_DIGITS_AUTO);
}

int32_t infowin_icu_decimal_format_double(
    const infowin_icu_decimal_format *format, double number, uint16_t *text, int32_t capacity, int32_t *status) {
    return unum_formatDouble((const UNumberFormat *)format, number, (UChar *)text, capacity, NULL, STATUS(status));
}

void infowin_icu_versions(char *text, int32_t capacity) {
    UVersionInfo library, data;
    char libraryText[U_MAX_VERSION_STRING_LENGTH], dataText[U_MAX_VERSION_STRING_LENGTH];
    UErrorCode status = U_ZERO_ERROR;
    u_getVersion(library);
    u_versionToString(library, libraryText);
    u_getDataVersion(data, &status);
    if (U_FAILURE(status)) {
        snprintf(dataText, sizeof dataText, "unknown");
    } else {
        u_versionToString(data, dataText);
    }
    if (capacity > 0) snprintf(text, (size_t)capacity, "%s data %s", libraryText, dataText);
}
