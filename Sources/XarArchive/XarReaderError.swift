/// A xar archive that cannot be read as it says: the part, where it starts, and what is wrong.
package struct XarReaderError: Error, Equatable, Sendable, CustomStringConvertible {
  /// The part being read: `header`, `table of contents`, or `file <path>`.
  package let part: String
  /// Where the part, or the trouble in it, starts in the file.
  package let offset: Int64
  /// What is wrong.
  package let problem: String

  /// The error of `problem` in `part` at `offset`.
  package init(_ part: String, at offset: Int64, _ problem: String) {
    self.part = part
    self.offset = offset
    self.problem = problem
  }

  /// `xar <part> (at byte <offset>): <problem>`.
  package var description: String { "xar \(part) (at byte \(offset)): \(problem)" }
}
