#include "curl_transfer.h"

#include <pthread.h>

static pthread_once_t initialized = PTHREAD_ONCE_INIT;

static void initialize(void) { curl_global_init(CURL_GLOBAL_ALL); }

void shipyard_curl_initialize(void) { pthread_once(&initialized, initialize); }

const char *shipyard_curl_version(void) {
  const curl_version_info_data *info = curl_version_info(CURLVERSION_NOW);
  return info && info->version ? info->version : "unknown";
}

CURLcode shipyard_curl_set_long(CURL *handle, CURLoption option, long value) {
  return curl_easy_setopt(handle, option, value);
}

CURLcode shipyard_curl_set_offset(CURL *handle, CURLoption option, curl_off_t value) {
  return curl_easy_setopt(handle, option, value);
}

CURLcode shipyard_curl_set_pointer(CURL *handle, CURLoption option, void *value) {
  return curl_easy_setopt(handle, option, value);
}

CURLcode shipyard_curl_set_data_callback(CURL *handle, CURLoption option,
                                         shipyard_curl_data_callback callback) {
  return curl_easy_setopt(handle, option, callback);
}

CURLcode shipyard_curl_set_progress_callback(CURL *handle,
                                             shipyard_curl_progress_callback callback) {
  return curl_easy_setopt(handle, CURLOPT_XFERINFOFUNCTION, callback);
}

CURLcode shipyard_curl_set_seek_callback(CURL *handle, shipyard_curl_seek_callback callback) {
  return curl_easy_setopt(handle, CURLOPT_SEEKFUNCTION, callback);
}

long shipyard_curl_response_code(CURL *handle) {
  long code = 0;
  if (curl_easy_getinfo(handle, CURLINFO_RESPONSE_CODE, &code) != CURLE_OK) return 0;
  return code;
}
