#ifndef CPCRE2_SHIM_H
#define CPCRE2_SHIM_H

// PCRE2 from the system (pkg-config's libpcre2-8). PCRE2 is built for three code-unit widths;
// RuleCheck uses the 8-bit (UTF-8) library.
#define PCRE2_CODE_UNIT_WIDTH 8
#include <pcre2.h>
#include "cpcre2.h"

#endif
