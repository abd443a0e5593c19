#if canImport(CCurlTransfer)
import CCurlTransfer

/// Sets options on one libcurl easy handle, keeping the first failure.
struct CurlOptions {
  let handle: UnsafeMutableRawPointer
  /// `CURLE_OK`, or the first option libcurl refused.
  private(set) var result = CURLE_OK

  mutating func set(_ option: CURLoption, _ value: Int) {
    keep(shipyard_curl_set_long(handle, option, value))
  }

  mutating func set(_ option: CURLoption, offset: Int64) {
    keep(shipyard_curl_set_offset(handle, option, curl_off_t(offset)))
  }

  /// Sets a string option; libcurl keeps its own copy.
  mutating func set(_ option: CURLoption, string: String) {
    string.withCString {
      keep(shipyard_curl_set_pointer(handle, option, UnsafeMutableRawPointer(mutating: $0)))
    }
  }

  mutating func set(_ option: CURLoption, pointer: UnsafeMutableRawPointer?) {
    keep(shipyard_curl_set_pointer(handle, option, pointer))
  }

  mutating func set(_ option: CURLoption, callback: shipyard_curl_data_callback) {
    keep(shipyard_curl_set_data_callback(handle, option, callback))
  }

  mutating func set(seek callback: shipyard_curl_seek_callback) {
    keep(shipyard_curl_set_seek_callback(handle, callback))
  }

  mutating func set(progress callback: shipyard_curl_progress_callback) {
    keep(shipyard_curl_set_progress_callback(handle, callback))
  }

  private mutating func keep(_ code: CURLcode) {
    if result == CURLE_OK { result = code }
  }
}
#endif
