#include <stdarg.h>
#include <stdio.h>
#include <tiffio.h>

/* TIFFSetField and TIFFGetField are variadic, which Swift cannot call: typed wrappers. */

static inline int shipyard_tiff_set_u32(TIFF *tiff, uint32_t tag, uint32_t value) {
  return TIFFSetField(tiff, tag, value);
}

static inline int shipyard_tiff_set_u16(TIFF *tiff, uint32_t tag, uint16_t value) {
  return TIFFSetField(tiff, tag, (int)value);
}

static inline int shipyard_tiff_set_float(TIFF *tiff, uint32_t tag, float value) {
  return TIFFSetField(tiff, tag, (double)value);
}

static inline int shipyard_tiff_set_extra_samples(TIFF *tiff, uint16_t count,
                                                  const uint16_t *kinds) {
  return TIFFSetField(tiff, TIFFTAG_EXTRASAMPLES, (int)count, kinds);
}

static inline int shipyard_tiff_get_u32(TIFF *tiff, uint32_t tag, uint32_t *value) {
  return TIFFGetField(tiff, tag, value);
}

static inline int shipyard_tiff_get_u16(TIFF *tiff, uint32_t tag, uint16_t *value) {
  return TIFFGetField(tiff, tag, value);
}

static inline int shipyard_tiff_get_float(TIFF *tiff, uint32_t tag, float *value) {
  return TIFFGetField(tiff, tag, value);
}

/* libtiff reports errors through a printf-style handler: keep the first, print nothing. */

typedef struct {
  char message[512];
} shipyard_tiff_messages;

static inline int shipyard_tiff_keep_error(TIFF *tiff, void *user, const char *module,
                                           const char *format, va_list arguments) {
  shipyard_tiff_messages *messages = (shipyard_tiff_messages *)user;
  if (messages->message[0] == 0) {
    vsnprintf(messages->message, sizeof messages->message, format, arguments);
  }
  return 1;
}

static inline int shipyard_tiff_ignore_warning(TIFF *tiff, void *user, const char *module,
                                               const char *format, va_list arguments) {
  return 1;
}

/// Open options whose handlers keep the first error in `messages` and drop warnings.
static inline TIFFOpenOptions *shipyard_tiff_quiet_options(shipyard_tiff_messages *messages) {
  TIFFOpenOptions *options = TIFFOpenOptionsAlloc();
  TIFFOpenOptionsSetErrorHandlerExtR(options, shipyard_tiff_keep_error, messages);
  TIFFOpenOptionsSetWarningHandlerExtR(options, shipyard_tiff_ignore_warning, 0);
  return options;
}
