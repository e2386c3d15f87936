#ifndef CPCRE2_SHIM_H
#define CPCRE2_SHIM_H

// PCRE2 is built for three code-unit widths; RuleCheck uses the 8-bit (UTF-8) library.
#define PCRE2_CODE_UNIT_WIDTH 8
#include <pcre2.h>

// Macros that Swift cannot import, exposed as functions.
static inline PCRE2_SIZE cpcre2_unset(void) { return PCRE2_UNSET; }
static inline PCRE2_SIZE cpcre2_zero_terminated(void) { return PCRE2_ZERO_TERMINATED; }

#endif
