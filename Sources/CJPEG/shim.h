#include <setjmp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <jpeglib.h>

/* libjpeg ends a failed decode by calling error_exit, which by default exits the process. This
   glue makes it return instead (setjmp/longjmp must stay in C) and keeps the message. */

typedef struct {
  struct jpeg_error_mgr manager;
  jmp_buf jump;
  char message[JMSG_LENGTH_MAX];
} shipyard_jpeg_error;

static inline void shipyard_jpeg_error_exit(j_common_ptr info) {
  shipyard_jpeg_error *error = (shipyard_jpeg_error *)info->err;
  (*info->err->format_message)(info, error->message);
  longjmp(error->jump, 1);
}

static inline void shipyard_jpeg_ignore_message(j_common_ptr info, int level) {}

/// Decodes a JPEG to 8-bit RGBA (alpha 255): returns a malloc'd buffer of width × height × 4
/// bytes (free it with free), or NULL with the library's message in `message`.
static inline unsigned char *shipyard_jpeg_decode_rgba(const unsigned char *data,
                                                       unsigned long size, unsigned int *width,
                                                       unsigned int *height,
                                                       char message[JMSG_LENGTH_MAX]) {
  struct jpeg_decompress_struct info;
  shipyard_jpeg_error error;
  unsigned char *volatile pixels = NULL;
  unsigned char *volatile row = NULL;
  info.err = jpeg_std_error(&error.manager);
  error.manager.error_exit = shipyard_jpeg_error_exit;
  error.manager.emit_message = shipyard_jpeg_ignore_message;
  error.message[0] = 0;
  if (setjmp(error.jump)) {
    strncpy(message, error.message, JMSG_LENGTH_MAX);
    jpeg_destroy_decompress(&info);
    free(pixels);
    free(row);
    return NULL;
  }
  jpeg_create_decompress(&info);
  jpeg_mem_src(&info, data, size);
  jpeg_read_header(&info, TRUE);
  info.out_color_space = JCS_RGB;
  jpeg_start_decompress(&info);
  *width = info.output_width;
  *height = info.output_height;
  pixels = malloc((size_t)info.output_width * info.output_height * 4);
  row = malloc((size_t)info.output_width * 3);
  if (pixels == NULL || row == NULL) {
    strncpy(message, "out of memory", JMSG_LENGTH_MAX);
    jpeg_destroy_decompress(&info);
    free(pixels);
    free(row);
    return NULL;
  }
  while (info.output_scanline < info.output_height) {
    unsigned char *target = pixels + (size_t)info.output_scanline * info.output_width * 4;
    JSAMPROW rows[1] = {row};
    jpeg_read_scanlines(&info, rows, 1);
    for (unsigned int x = 0; x < info.output_width; x++) {
      target[4 * x] = row[3 * x];
      target[4 * x + 1] = row[3 * x + 1];
      target[4 * x + 2] = row[3 * x + 2];
      target[4 * x + 3] = 255;
    }
  }
  jpeg_finish_decompress(&info);
  jpeg_destroy_decompress(&info);
  free(row);
  return pixels;
}
