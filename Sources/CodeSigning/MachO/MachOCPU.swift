/// A Mach-O CPU type and subtype (`cputype`, `cpusubtype` of `mach_header` and `fat_arch`), and
/// the architecture name Apple's tools give them.
package struct MachOCPU: Equatable, Hashable, Sendable, CustomStringConvertible {
  /// `cputype` (`CPU_TYPE_*`; bit 24, `CPU_ARCH_ABI64`, marks 64-bit types).
  package let type: UInt32
  /// `cpusubtype` (`CPU_SUBTYPE_*`; the top byte holds capability bits such as pointer
  /// authentication's ABI version).
  package let subtype: UInt32

  /// `CPU_TYPE_X86` (7).
  package static let x86: UInt32 = 7
  /// `CPU_TYPE_X86_64` (`CPU_TYPE_X86 | CPU_ARCH_ABI64`).
  package static let x64: UInt32 = 0x0100_0007
  /// `CPU_TYPE_ARM` (12).
  package static let arm: UInt32 = 12
  /// `CPU_TYPE_ARM64` (`CPU_TYPE_ARM | CPU_ARCH_ABI64`).
  package static let arm64: UInt32 = 0x0100_000C
  /// `CPU_TYPE_ARM64_32` (`CPU_TYPE_ARM | CPU_ARCH_ABI64_32`).
  package static let arm64With32BitPointers: UInt32 = 0x0200_000C
  /// `CPU_TYPE_POWERPC` (18).
  package static let powerPC: UInt32 = 18
  /// `CPU_TYPE_POWERPC64`.
  package static let powerPC64: UInt32 = 0x0100_0012

  /// Names a CPU type and subtype.
  package init(type: UInt32, subtype: UInt32) {
    self.type = type
    self.subtype = subtype
  }

  /// Whether the CPU is an ARM one (arm, arm64, arm64e, arm64_32): its slices align to 16 KiB
  /// pages in a universal binary.
  package var isARM: Bool { type & 0xFF == Self.arm }

  /// The architecture name, as `lipo` and the notary print it: `arm64`, `arm64e`, `x86_64`,
  /// `x86_64h`, `i386`, `armv7`, `ppc`…; `cputype-<n>` for a type no tool names.
  package var name: String {
    // The low 24 bits are the subtype proper; the top byte holds capability bits.
    let plain = subtype & 0x00FF_FFFF
    switch type {
    case Self.arm64: return plain == 2 ? "arm64e" : "arm64"  // CPU_SUBTYPE_ARM64E
    case Self.arm64With32BitPointers: return "arm64_32"
    case Self.x64: return plain == 8 ? "x86_64h" : "x86_64"  // CPU_SUBTYPE_X86_64_H
    case Self.x86: return "i386"
    case Self.powerPC: return "ppc"
    case Self.powerPC64: return "ppc64"
    case Self.arm:
      let names: [UInt32: String] = [
        5: "armv4t", 6: "armv6", 7: "armv5", 9: "armv7", 10: "armv7f", 11: "armv7s", 12: "armv7k",
        14: "armv6m", 15: "armv7m", 16: "armv7em",
      ]
      return names[plain] ?? "arm"
    default: return "cputype-\(type)"
    }
  }

  /// The architecture name.
  package var description: String { name }
}
