#ifndef INFOWIN_ICU_BRIDGE_H
#define INFOWIN_ICU_BRIDGE_H

// infowin's door to ICU (plural rules, number formats, locale IDs), in plain C types only.
//
// Swift never sees an ICU header: Foundation on Linux carries its own copy of ICU (_FoundationICU), and a
// Swift module that loads both Debian's ICU headers and Foundation's fails to build ("'UErrorCode' has
// different definitions in different modules"). So the ICU types stay in icu_bridge.c, and this header names
// only opaque handles, int32_t status codes (ICU's UErrorCode values: 0 success, negative warnings, positive
// errors) and uint16_t UTF-16 code units.
//
// The handles are owned by the caller: each *_open returns one that its *_close frees (NULL is allowed).
// ICU also renames every function after its version (uplrules_open is uplrules_open_72), with macros Swift
// cannot import; calling through this file names no ICU version. ICU is opened on first use (see icu_bridge.c).

#include <stdint.h>

/// ICU's U_ZERO_ERROR, U_BUFFER_OVERFLOW_ERROR and U_FILE_ACCESS_ERROR, the status every call gives when
/// ICU's library cannot be opened (checked against ICU's own values in icu_bridge.c).
#define INFOWIN_ICU_SUCCESS 0
#define INFOWIN_ICU_BUFFER_OVERFLOW 15
#define INFOWIN_ICU_UNAVAILABLE 4

/// Opens ICU's library (once, from any thread; later calls return at once): 1 when it and every function
/// the bridge calls were found, else 0 (every call then fails with INFOWIN_ICU_UNAVAILABLE).
int32_t infowin_icu_load(void);

/// The file name of the library it opens (`libicui18n.so.72`); a static string, never freed.
const char *infowin_icu_library_name(void);

typedef struct infowin_icu_plural_rules infowin_icu_plural_rules;
typedef struct infowin_icu_number_formatter infowin_icu_number_formatter;
typedef struct infowin_icu_formatted_number infowin_icu_formatted_number;
typedef struct infowin_icu_decimal_format infowin_icu_decimal_format;

/// ICU's version (`72.1`) and its data's (CLDR's plural rules and number formats), as `72.1 data 72.1`,
/// written NUL-terminated into `text` (at most `capacity` bytes, cut if longer).
void infowin_icu_versions(char *text, int32_t capacity);

/// ICU's name for a status code (`U_ILLEGAL_ARGUMENT_ERROR`); a static string, never freed.
const char *infowin_icu_error_name(int32_t status);

/// ICU's locale ID for a BCP 47 tag (`pt-BR` → `pt_BR`) written to `locale`; its length (which may exceed
/// `capacity`, with INFOWIN_ICU_BUFFER_OVERFLOW).
int32_t infowin_icu_locale_for_language_tag(const char *tag, char *locale, int32_t capacity, int32_t *status);

// Plural rules (uplrules): the cardinal rules of a locale ID.
infowin_icu_plural_rules *infowin_icu_plural_rules_open(const char *locale, int32_t *status);
void infowin_icu_plural_rules_close(infowin_icu_plural_rules *rules);
/// The category keyword of a plain double, written as UTF-16; its length.
int32_t infowin_icu_plural_rules_select(
    const infowin_icu_plural_rules *rules, double number, uint16_t *keyword, int32_t capacity, int32_t *status);
/// The category keyword of a number as it was formatted (its visible fraction digits count); its length.
int32_t infowin_icu_plural_rules_select_formatted(
    const infowin_icu_plural_rules *rules, const infowin_icu_formatted_number *number,
    uint16_t *keyword, int32_t capacity, int32_t *status);

// Number formatters (unumberformatter): a locale and an ICU number skeleton (UTF-16).
infowin_icu_number_formatter *infowin_icu_number_formatter_open(
    const uint16_t *skeleton, int32_t length, const char *locale, int32_t *status);
void infowin_icu_number_formatter_close(infowin_icu_number_formatter *formatter);
/// A result for infowin_icu_number_formatter_format to fill.
infowin_icu_formatted_number *infowin_icu_formatted_number_open(int32_t *status);
void infowin_icu_formatted_number_close(infowin_icu_formatted_number *number);
void infowin_icu_number_formatter_format(
    const infowin_icu_number_formatter *formatter, double value, infowin_icu_formatted_number *result,
    int32_t *status);
/// The formatted number's text, written as UTF-16; its length.
int32_t infowin_icu_formatted_number_text(
    const infowin_icu_formatted_number *number, uint16_t *text, int32_t capacity, int32_t *status);

// ICU's older unum decimal format, a second opinion on unumberformatter for the tests.
infowin_icu_decimal_format *infowin_icu_decimal_format_open(const char *locale, int32_t *status);
void infowin_icu_decimal_format_close(infowin_icu_decimal_format *format);
/// Exactly `minimum`…`maximum` fraction digits, grouping as the locale's data asks (CLDR's
/// minimumGroupingDigits: Polish 1234, 12 345), as unumberformatter groups by default.
void infowin_icu_decimal_format_set_fraction_digits(infowin_icu_decimal_format *format, int32_t minimum, int32_t maximum);
int32_t infowin_icu_decimal_format_double(
    const infowin_icu_decimal_format *format, double number, uint16_t *text, int32_t capacity, int32_t *status);

#endif
