/// A deflate stream that cannot be inflated as recorded: where, and what is wrong.
package struct InflateError: Error, Equatable, Sendable, CustomStringConvertible {
  /// The offset in the file of the trouble (the stream's start, or the byte zlib stopped at).
  package let offset: Int64
  /// What is wrong, such as `its deflate stream is damaged (zlib status -3)`.
  package let problem: String

  /// The error of `problem` at `offset`.
  package init(at offset: Int64, _ problem: String) {
    self.offset = offset
    self.problem = problem
  }

  /// `<problem> (at byte <offset>)`.
  package var description: String { "\(problem) (at byte \(offset))" }
}
