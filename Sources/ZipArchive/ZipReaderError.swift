/// A zip archive that cannot be read: which structure, at which byte of the file, and what is
/// wrong with it.
///
/// ```
/// central directory header 3 (at byte 1204): its name runs past the central directory
/// ```
package struct ZipReaderError: Error, Equatable, Sendable, CustomStringConvertible {
  /// The structure being read, such as `end of central directory record` or
  /// `central directory header 3`.
  package let structure: String
  /// Where the structure starts in the file.
  package let offset: Int64
  /// What is wrong.
  package let problem: String

  /// Makes an error about `structure` at `offset`.
  package init(_ structure: String, at offset: Int64, _ problem: String) {
    self.structure = structure
    self.offset = offset
    self.problem = problem
  }

  /// "`structure` (at byte `offset`): `problem`".
  package var description: String { "\(structure) (at byte \(offset)): \(problem)" }
}
