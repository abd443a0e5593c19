import Digests

extension NotaryPreflight.Slice {
  /// What the notary would see of a slice, from the slice and what its signature's check found.
  ///
  /// Signed means a superblob with a code directory (a linker or ad hoc signature counts);
  /// structurally valid means every finding holds but those of the certificates' trust (the
  /// chain and the time-stamp token); timestamped means a token that holds, not one merely
  /// present; the entitlements are the XML blob of slot 5.
  ///
  /// - Parameters:
  ///   - path: The file's path, as the notary's log names it.
  ///   - macho: The slice.
  ///   - signature: What ``MachOSignatureReader`` found of it.
  init(path: String, macho: MachOSlice, signature: MachOSignatureReader.Slice) {
    let directories = signature.codeDirectories
    self.init(
      path: path, architecture: signature.architecture, isSigned: !directories.isEmpty,
      isStructurallyValid: signature.findings.allSatisfy {
        $0.ok || $0.check.isTrust
      },
      isDeveloperID: signature.trust?.isTrusted == true,
      isTimestamped: signature.hasVerifiedTimestamp, isExecutable: macho.fileType == .execute,
      hasHardenedRuntime: directories.first?.hasHardenedRuntime ?? false,
      requestsGetTaskAllow: Self.requestsGetTaskAllow(signature.signature),
      sdkVersion: macho.platformVersion?.sdk,
      isSHA1Only: !directories.isEmpty && directories.allSatisfy { $0.hashType == .sha1 })
  }

  /// The magic of the entitlements XML blob (`CSMAGIC_EMBEDDED_ENTITLEMENTS`).
  static let entitlementsMagic: [UInt8] = [0xFA, 0xDE, 0x71, 0x71]

  /// Whether the XML entitlements in slot 5 ask for `get-task-allow`; `false` without them or
  /// when they cannot be read (their slot's digest check names damage).
  static func requestsGetTaskAllow(_ signature: EmbeddedSignature?) -> Bool {
    guard let blob = signature?.blobs[5], blob.count > 8,
      blob.prefix(4).elementsEqual(entitlementsMagic),
      let entitlements = try? Entitlements(xml: Array(blob.dropFirst(8)))
    else { return false }
    return entitlements.requestsGetTaskAllow
  }
}

extension MachOSignatureReader.Slice {
  /// Whether the CMS carries a time-stamp token that holds (a token that cannot be read or does
  /// not vouch for the signature does not count).
  var hasVerifiedTimestamp: Bool {
    isTimestamped && findings.contains { $0.check == .timestamp && $0.ok }
  }
}
