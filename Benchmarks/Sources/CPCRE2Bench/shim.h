#ifndef CPCRE2BENCH_SHIM_H
#define CPCRE2BENCH_SHIM_H

// The 8-bit (UTF-8) PCRE2 library, as the root package's CPCRE2 uses it.
#define PCRE2_CODE_UNIT_WIDTH 8
#include <pcre2.h>

#endif
