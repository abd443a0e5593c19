import CodeSigning

/// Paths the rules are matched against, as a seal check asks of an app's files.
private let paths = [
  "Info.plist", "Resources/en.lproj/MainMenu.nib", "Resources/app.asar", "MacOS/Helper",
  "Frameworks/Electron Framework.framework", "Resources/.DS_Store", "_CodeSignature/CodeResources",
]

/// The libFuzzer entry point over a bundle's `_CodeSignature/CodeResources`: the property list
/// (XML or binary), its `files`, `files2`, `rules` and `rules2`, the rule matcher compiled from
/// its rules (regular expressions from the file), and the seal written back and read again.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOneInput(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
  let bytes = Array(UnsafeBufferPointer(start: data, count: size))
  guard let seal = try? CodeResources(plist: bytes, path: "fuzz") else { return 0 }
  for rules in [seal.rules.rules, seal.rules.rules2] {
    guard let matcher = try? ResourceRuleMatcher(rules, source: "fuzz") else { continue }
    for path in paths { _ = matcher.rule(for: path) }
  }
  _ = try? CodeResources(plist: seal.xml, path: "fuzz")
  return 0
}
