/// One load command of a Mach-O slice: its type and where it sits.
package struct MachOLoadCommand: Equatable, Sendable {
  /// `LC_SEGMENT` (0x1).
  package static let segment: UInt32 = 0x1
  /// `LC_SEGMENT_64` (0x19).
  package static let segment64: UInt32 = 0x19
  /// `LC_CODE_SIGNATURE` (0x1d), a `linkedit_data_command`.
  package static let codeSignature: UInt32 = 0x1D
  /// `LC_VERSION_MIN_MACOSX` (0x24).
  package static let versionMinMacOS: UInt32 = 0x24
  /// `LC_BUILD_VERSION` (0x32).
  package static let buildVersion: UInt32 = 0x32

  /// The command (`cmd`), such as ``segment64``.
  package let command: UInt32
  /// The command's offset from the start of the slice.
  package let offset: Int
  /// The command's size (`cmdsize`).
  package let size: Int
}

/// `LC_CODE_SIGNATURE`: where the embedded signature lies in the slice.
package struct MachOCodeSignatureCommand: Equatable, Sendable {
  /// The command's offset from the start of the slice (its `dataoff` field is 8 bytes on).
  package let commandOffset: Int
  /// `dataoff`: the signature's offset from the start of the slice.
  package let dataOffset: Int
  /// `datasize`: the bytes reserved for the signature.
  package let dataSize: Int

  /// The end of the signature's reserved bytes.
  package var dataEnd: Int { dataOffset + dataSize }
}

/// `LC_BUILD_VERSION` or `LC_VERSION_MIN_MACOSX`: the platform, the oldest OS the slice runs on
/// and the SDK it was built with, versions as nibbles `xxxx.yy.zz`.
package struct MachOPlatformVersion: Equatable, Sendable {
  /// `PLATFORM_MACOS` (1).
  package static let macOS: UInt32 = 1

  /// The platform (`PLATFORM_*`: 1 macOS, 2 iOS, 6 Mac Catalyst…); ``macOS`` for
  /// `LC_VERSION_MIN_MACOSX`.
  package let platform: UInt32
  /// The minimum OS version (`minos`, or `version` of `LC_VERSION_MIN_MACOSX`).
  package let minimumOS: UInt32
  /// The SDK version (`sdk`).
  package let sdk: UInt32
  /// Whether it came from `LC_BUILD_VERSION` (else `LC_VERSION_MIN_MACOSX`).
  package let isBuildVersion: Bool

  /// A version as text, such as `10.11.4`.
  package static func text(_ version: UInt32) -> String {
    let patch = version & 0xFF
    return "\(version >> 16).\((version >> 8) & 0xFF)" + (patch == 0 ? "" : ".\(patch)")
  }
}
