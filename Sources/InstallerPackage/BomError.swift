/// Why a bill of materials could not be made of a list of paths.
package enum BomError: Error, Equatable, Sendable, CustomStringConvertible {
  /// The list does not start with the root folder `.`.
  case noRoot
  /// A path comes twice.
  case repeatedPath(String)
  /// A path comes before its folder, or its folder is not one.
  case missingFolder(String)
  /// More paths than a Bom's 32-bit offsets can hold.
  case tooLarge(Int)

  /// The problem, naming the path.
  package var description: String {
    switch self {
    case .noRoot: "Bom: the list of paths does not start with the root folder ."
    case .repeatedPath(let path): "Bom: \(path) is listed twice"
    case .missingFolder(let path): "Bom: \(path) comes before its folder, or its folder is a file"
    case .tooLarge(let count): "Bom: \(count) paths are more than a Bom can hold"
    }
  }
}
