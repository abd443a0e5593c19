/// Why Mach-O files cannot be joined into one universal binary.
package enum UniversalMachOError: Error, Equatable, Sendable, CustomStringConvertible {
  /// Two slices have the same architecture: a universal binary holds one of each (lipo: "have
  /// the same architectures … and can't be in the same fat output file").
  case duplicateArchitecture(String, firstPath: String, secondPath: String)

  /// A sentence naming the architecture and the files.
  package var description: String {
    switch self {
    case .duplicateArchitecture(let architecture, let first, let second) where first == second:
      "\(first) has two \(architecture) slices: a universal binary holds one of each architecture"
    case .duplicateArchitecture(let architecture, let first, let second):
      "\(first) and \(second) both have an \(architecture) slice: a universal binary holds one "
        + "of each architecture"
    }
  }
}
