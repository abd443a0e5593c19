/// What a file is, told by its first bytes, so that code that is not Mach-O is named for what
/// it is: a Linux build where a Mac build belongs, a script, a Windows executable.
public enum CodeFileKind: Sendable, Equatable {
  /// Mach-O, thin or universal.
  case machO
  /// ELF (`7F 45 4C 46`): built for Linux or another Unix.
  case elf
  /// A Windows PE executable or DLL (`MZ`).
  case windowsExecutable
  /// A script (`#!`), which only Apple's `codesign` signs, in extended attributes.
  case script
  /// An empty file.
  case empty
  /// Anything else: data, text.
  case other

  /// The kind of a file whose first bytes (at least eight, when it has them) are `prefix`.
  package init(prefix: [UInt8]) {
    switch prefix {
    case _ where MachOFile.isMachO(prefix: prefix): self = .machO
    case _ where prefix.starts(with: [0x7F, 0x45, 0x4C, 0x46]): self = .elf
    case _ where prefix.starts(with: [0x4D, 0x5A]): self = .windowsExecutable
    case _ where prefix.starts(with: [0x23, 0x21]): self = .script
    case []: self = .empty
    default: self = .other
    }
  }

  /// Why a file of this kind is not Mach-O code, in plain words with the likely fix; `nil` for
  /// Mach-O.
  package var notMachOReason: String? {
    switch self {
    case .machO: nil
    case .elf:
      "an ELF binary, built for Linux, not macOS (cross-compile for macOS: GOOS=darwin, "
        + "--target aarch64-apple-darwin or x86_64-apple-darwin)"
    case .windowsExecutable: "a Windows executable (PE), not a macOS one: built for Windows?"
    case .script:
      "a script, not Mach-O code: only Apple's codesign signs scripts, on a Mac (Shipyard signs "
        + "and verifies Mach-O code)"
    case .empty: "an empty file, not Mach-O code"
    case .other: "not Mach-O code (no Mach-O header)"
    }
  }
}
