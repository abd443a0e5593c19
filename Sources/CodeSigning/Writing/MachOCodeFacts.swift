/// What a Mach-O slice's layout says about its code, for the code directory that signs it.
///
/// The Mach-O layer reads these from the slice's load commands once it has placed the signature
/// (``codeLimit`` is the signature's aligned file offset); the signature layer turns them into
/// code-directory fields.
package struct MachOCodeFacts: Sendable, Equatable {
  /// The bytes the code slots cover: `[0, codeLimit)`, the signature's aligned offset.
  package var codeLimit: Int
  /// The executable segment's file offset (`__TEXT.fileoff`, 0).
  package var executableSegmentBase: UInt64
  /// The executable segment's size (`__TEXT.filesize`).
  package var executableSegmentLimit: UInt64
  /// Whether the slice is a main executable (`MH_EXECUTE`): execSegFlags 0x1, DER entitlements.
  package var isMainExecutable: Bool
  /// The SDK version of `LC_BUILD_VERSION` (else `LC_VERSION_MIN_MACOSX`), nibbles `xxxx.yy.zz`;
  /// `nil` when the slice has no version command.
  package var sdkVersion: UInt32?
  /// Whether the slice's minimum macOS is below 10.11.4 or unknown, so that a SHA-1 code
  /// directory must come first (the SHA-256 one then goes in slot 0x1000).
  package var needsSHA1: Bool
  /// The code page size, 4096 or 16384.
  package var pageSize: Int

  /// Makes the facts of one slice.
  package init(
    codeLimit: Int, executableSegmentBase: UInt64, executableSegmentLimit: UInt64,
    isMainExecutable: Bool, sdkVersion: UInt32?, needsSHA1: Bool, pageSize: Int = 4096
  ) {
    self.codeLimit = codeLimit
    self.executableSegmentBase = executableSegmentBase
    self.executableSegmentLimit = executableSegmentLimit
    self.isMainExecutable = isMainExecutable
    self.sdkVersion = sdkVersion
    self.needsSHA1 = needsSHA1
    self.pageSize = pageSize
  }
}
