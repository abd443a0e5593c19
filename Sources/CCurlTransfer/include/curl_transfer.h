#ifndef SHIPYARD_CURL_TRANSFER_H
#define SHIPYARD_CURL_TRANSFER_H

// Typed entry points for the few libcurl options Shipyard sets: Swift cannot call
// curl_easy_setopt and curl_easy_getinfo, which take variadic arguments.

#include <curl/curl.h>

/// A read, write or header callback (`CURLOPT_READFUNCTION` and the like).
typedef size_t (*shipyard_curl_data_callback)(char *buffer, size_t size, size_t count,
                                              void *context);

/// A progress callback (`CURLOPT_XFERINFOFUNCTION`); a non-zero result aborts the transfer.
typedef int (*shipyard_curl_progress_callback)(void *context, curl_off_t download_total,
                                               curl_off_t downloaded, curl_off_t upload_total,
                                               curl_off_t uploaded);

/// Initializes libcurl once for the process (`curl_global_init`), from any thread.
void shipyard_curl_initialize(void);

/// libcurl's version, such as "7.88.1".
const char *shipyard_curl_version(void);

/// A seek callback (`CURLOPT_SEEKFUNCTION`): returns `CURL_SEEKFUNC_OK`, `_FAIL` or `_CANTSEEK`.
typedef int (*shipyard_curl_seek_callback)(void *context, curl_off_t offset, int origin);

/// Sets an option that takes a `long`.
CURLcode shipyard_curl_set_long(CURL *handle, CURLoption option, long value);

/// Sets an option that takes a `curl_off_t`.
CURLcode shipyard_curl_set_offset(CURL *handle, CURLoption option, curl_off_t value);

/// Sets an option that takes a pointer: a string, a `curl_slist`, a callback's context, or the
/// error buffer.
CURLcode shipyard_curl_set_pointer(CURL *handle, CURLoption option, void *value);

/// Sets `CURLOPT_READFUNCTION`, `CURLOPT_WRITEFUNCTION` or `CURLOPT_HEADERFUNCTION`.
CURLcode shipyard_curl_set_data_callback(CURL *handle, CURLoption option,
                                         shipyard_curl_data_callback callback);

/// Sets `CURLOPT_XFERINFOFUNCTION`.
CURLcode shipyard_curl_set_progress_callback(CURL *handle,
                                             shipyard_curl_progress_callback callback);

/// Sets `CURLOPT_SEEKFUNCTION`.
CURLcode shipyard_curl_set_seek_callback(CURL *handle, shipyard_curl_seek_callback callback);

/// The last response's status code (`CURLINFO_RESPONSE_CODE`), or 0.
long shipyard_curl_response_code(CURL *handle);

#endif
