import Foundation
import SystemSupport

/// How the Finder compares the names in a `.DS_Store`: decomposed, and ASCII case folded.
enum HFSNameForm {
  /// The name decomposed as a Mac stores it on HFS+ (and so as the Finder records it).
  static func decomposed(_ name: String) -> String {
    String(decoding: MacDecomposition.utf16(of: name), as: UTF16.self)
  }

  /// The name composed (NFC), as people type names.
  static func precomposed(_ name: String) -> String { name.precomposedStringWithCanonicalMapping }

  /// A UTF-16 unit with ASCII letters folded to lower case.
  static func fold(_ unit: UInt16) -> UInt16 {
    (0x41...0x5A).contains(unit) ? unit + 0x20 : unit
  }
}
