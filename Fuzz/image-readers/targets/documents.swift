import InstallerPackage

/// The libFuzzer entry point over a package's XML documents, as `pkg inspect` reads them: the
/// bytes read as a `PackageInfo` (its attributes, counts, nested bundles, scripts) and as a
/// `Distribution` (its options, allowed OS versions, choices and `pkg-ref`s gathered by `id`,
/// each place decoded to a component's name).
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOneInput(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
  let bytes = Array(UnsafeBufferPointer(start: data, count: size))
  if let info = try? PackageInfo(xml: bytes) {
    _ = (info.identifier, info.bundles, info.scripts, info.xml)
  }
  if let distribution = try? DistributionDocument(xml: bytes) {
    for choice in distribution.choices {
      _ = choice.packageReferences.map { distribution.packageReference($0)?.componentName }
    }
  }
  return 0
}
