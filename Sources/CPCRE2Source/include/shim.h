#ifndef CPCRE2_SHIM_H
#define CPCRE2_SHIM_H

// PCRE2 compiled from its source by this package (Package.swift, RULECHECK_PCRE2=source): the
// header is the one of the sources that scripts/fetch-pcre2-source.sh placed beside this folder,
// never a system one. The 8-bit (UTF-8) library, as from the system.
#ifndef PCRE2_CODE_UNIT_WIDTH
#define PCRE2_CODE_UNIT_WIDTH 8
#endif
#include "../pcre2/src/pcre2.h"
#include "../../CPCRE2/cpcre2.h"

#endif
