// The one place that knows which C library this platform has.
#if canImport(Glibc)
@_exported import Glibc
#elseif canImport(Musl)
@_exported import Musl
#elseif canImport(Darwin)
@_exported import Darwin
#else
#error("Shipyard needs a POSIX C library")
#endif

/// Platform facts that differ between the systems Shipyard runs on.
package enum Platform {
  /// The current value of `errno`, read right after a failing call.
  package static var lastErrorNumber: Int32 { errno }

  /// A readable description of a C error number, such as "No such file or directory".
  package static func describe(errorNumber: Int32) -> String {
    String(cString: strerror(errorNumber))
  }
}
