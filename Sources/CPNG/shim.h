#include <png.h>

/// The simplified API's RGBA output format (a macro of macros, which Swift does not import).
static const png_uint_32 shipyard_png_format_rgba = PNG_FORMAT_RGBA;
