/// What a Mach-O slice is: an executable, a library, a bundle (`filetype` of `mach_header`).
package struct MachOFileType: RawRepresentable, Equatable, Hashable, Sendable,
  CustomStringConvertible
{
  /// The `filetype` field.
  package let rawValue: UInt32

  /// Names a file type.
  package init(rawValue: UInt32) { self.rawValue = rawValue }

  /// A relocatable object file (`MH_OBJECT`, 0x1).
  package static let object = Self(rawValue: 0x1)
  /// A main executable (`MH_EXECUTE`, 0x2).
  package static let execute = Self(rawValue: 0x2)
  /// A dynamic library (`MH_DYLIB`, 0x6).
  package static let dylib = Self(rawValue: 0x6)
  /// The dynamic linker (`MH_DYLINKER`, 0x7).
  package static let dylinker = Self(rawValue: 0x7)
  /// A loadable bundle or plug-in (`MH_BUNDLE`, 0x8).
  package static let bundle = Self(rawValue: 0x8)
  /// Debug symbols only (`MH_DSYM`, 0xa).
  package static let dsym = Self(rawValue: 0xA)
  /// A kernel extension (`MH_KEXT_BUNDLE`, 0xb).
  package static let kextBundle = Self(rawValue: 0xB)

  /// The constant's name, such as `MH_EXECUTE`.
  package var description: String {
    let names: [UInt32: String] = [
      0x1: "MH_OBJECT", 0x2: "MH_EXECUTE", 0x3: "MH_FVMLIB", 0x4: "MH_CORE", 0x5: "MH_PRELOAD",
      0x6: "MH_DYLIB", 0x7: "MH_DYLINKER", 0x8: "MH_BUNDLE", 0x9: "MH_DYLIB_STUB", 0xA: "MH_DSYM",
      0xB: "MH_KEXT_BUNDLE", 0xC: "MH_FILESET",
    ]
    return names[rawValue] ?? "filetype 0x\(String(rawValue, radix: 16))"
  }
}
