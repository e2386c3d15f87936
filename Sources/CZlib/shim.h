#ifndef CZLIB_SHIM_H
#define CZLIB_SHIM_H

#include <zlib.h>

// inflateInit2 and deflateInit2 are macros (they pass ZLIB_VERSION and sizeof(z_stream)), which
// Swift cannot call. 15 + 16: a 32 KiB window, gzip format (a header and a CRC-32 trailer per
// member). RuleCheck only inflates; the tests deflate, to make the gzip files they read.
static inline int czlib_inflate_init_gzip(z_streamp stream) { return inflateInit2(stream, 15 + 16); }
// -15: raw deflate, as a ZIP archive's entries hold it (an .xlsx workbook's parts).
static inline int czlib_inflate_init_raw(z_streamp stream) { return inflateInit2(stream, -15); }
static inline int czlib_deflate_init_gzip(z_streamp stream, int level) {
    return deflateInit2(stream, level, Z_DEFLATED, 15 + 16, 8, Z_DEFAULT_STRATEGY);
}

#endif
