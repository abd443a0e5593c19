import SystemSupport

/// The size of the terminal a file descriptor writes to.
package enum TerminalSize {
  /// The number of columns of the terminal `descriptor` is, or `nil` when it is not a terminal or
  /// the terminal does not say.
  ///
  /// Asks with `ioctl(TIOCGWINSZ)`, as `stty size` does.
  ///
  /// - Parameter descriptor: A file descriptor, such as 1 for standard output.
  /// - Returns: The columns, or `nil`.
  package static func columns(of descriptor: Int32) -> Int? {
    guard isatty(descriptor) == 1 else { return nil }
    var size = winsize()
    let status = withUnsafeMutablePointer(to: &size) { ioctl(descriptor, UInt(TIOCGWINSZ), $0) }
    guard status == 0, size.ws_col > 0 else { return nil }
    return Int(size.ws_col)
  }
}
