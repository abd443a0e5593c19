import Foundation

/// How the Finder compares the names in a `.DS_Store`: decomposed, and ASCII case folded.
enum HFSNameForm {
  /// The name decomposed (NFD), as HFS+ stores names.
  static func decomposed(_ name: String) -> String { name.decomposedStringWithCanonicalMapping }

  /// The name composed (NFC), as people type names.
  static func precomposed(_ name: String) -> String { name.precomposedStringWithCanonicalMapping }

  /// A UTF-16 unit with ASCII letters folded to lower case.
  static func fold(_ unit: UInt16) -> UInt16 {
    (0x41...0x5A).contains(unit) ? unit + 0x20 : unit
  }
}
