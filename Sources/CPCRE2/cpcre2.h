#ifndef CPCRE2_CPCRE2_H
#define CPCRE2_CPCRE2_H

// What both ways of building PCRE2 (Package.swift) add to its header, included after pcre2.h by
// Sources/CPCRE2/shim.h (the system library) and Sources/CPCRE2Source/include/shim.h (the source).

// Macros that Swift cannot import, exposed as functions.
static inline PCRE2_SIZE cpcre2_unset(void) { return PCRE2_UNSET; }
static inline PCRE2_SIZE cpcre2_zero_terminated(void) { return PCRE2_ZERO_TERMINATED; }

#endif
