extension MachOSlice {
  /// macOS 10.11.4 as nibbles: the first release that reads SHA-256 code directories (§4 of the
  /// reference; older systems need a SHA-1 directory first).
  static let firstSHA256MacOS: UInt32 = 0x000A_0B04

  /// Whether the slice's signature must lead with a SHA-1 code directory: its minimum macOS is
  /// below 10.11.4, or it has no version command at all.
  ///
  /// A version command for another platform (iOS, Mac Catalyst…) counts as new enough: those
  /// binaries are never signed for systems older than SHA-256 signatures.
  package var needsSHA1: Bool {
    guard let version = platformVersion else { return true }
    guard version.platform == MachOPlatformVersion.macOS else { return false }
    return version.minimumOS < Self.firstSHA256MacOS
  }

  /// What the signature layer needs to know of this slice, once its signature is placed at
  /// `codeLimit`.
  ///
  /// The executable segment is `__TEXT` (base its file offset, limit its file size), `MH_EXECUTE`
  /// makes it a main executable, and the SDK comes from ``platformVersion``.
  package func facts(codeLimit: Int) -> MachOCodeFacts {
    let text = segment(named: MachOSegment.textName)
    return MachOCodeFacts(
      codeLimit: codeLimit, executableSegmentBase: UInt64(text?.fileOffset ?? 0),
      executableSegmentLimit: UInt64(text?.fileSize ?? 0), isMainExecutable: fileType == .execute,
      sdkVersion: platformVersion?.sdk, needsSHA1: needsSHA1)
  }
}
