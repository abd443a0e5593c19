import Foundation

/// Builds the clang and `ld64.lld` fixtures once per test process: for arm64 and x86_64,
/// `libhello.dylib`, an executable linking it, an `MH_BUNDLE`, a framework binary and (x86_64)
/// one linked with `-headerpad 0`; then the universal ones with `llvm-lipo` and the copies with
/// bytes appended after `__LINKEDIT`.
///
/// Objects come from `clang -target <arch>-apple-macos11 -c`; everything links against the
/// ``LibSystemStub`` the build writes, with `-platform_version macos 11.0 14.0`.
enum ClangFixtureBuild {
  /// The built files, or why they could not be built.
  static let shared = Result { () throws -> [MachOFixture: URL] in
    let tools = Tools(
      clang: try FixtureTool.clang.requirePath(), linker: try FixtureTool.linker.requirePath())
    let folder = try ScratchFolder()
    try Data(LibSystemStub.text.utf8).write(to: folder.file(LibSystemStub.fileName))
    try Data(librarySource.utf8).write(to: folder.file("hello.c"))
    try Data(executableSource.utf8).write(to: folder.file("main.c"))
    var built: [MachOFixture: URL] = [:]
    var thin: [String: [URL]] = [:]
    for architecture in ["x86_64", "arm64"] {
      let outputs = try link(architecture, tools: tools, in: folder)
      for (name, url) in outputs { thin[name, default: []].append(url) }
      built.merge(thinFixtures(architecture, outputs)) { first, _ in first }
    }
    if let lipo = FixtureTool.lipo.path {
      let universal: [(MachOFixture, String)] = [
        (.executableUniversal, "executable"), (.dylibUniversal, "dylib"),
        (.bundleUniversal, "bundle"), (.frameworkUniversal, "framework"),
      ]
      for (fixture, name) in universal {
        built[fixture] = try UniversalBinary.create(
          lipo: lipo, slices: thin[name] ?? [], output: folder.file(fixture.rawValue))
      }
    }
    for (fixture, source) in [
      (MachOFixture.appendedDataAmd64, MachOFixture.executableAmd64),
      (.appendedDataArm64, .executableArm64),
    ] {
      built[fixture] = try appendingPayload(to: built[source], as: folder.file(fixture.rawValue))
    }
    return built
  }

  /// The compiler and the linker that accepts macOS objects.
  private struct Tools {
    let clang: String
    let linker: String
  }

  private static let librarySource = """
    int puts(const char *);
    int hello(void) { return puts("hello from a Shipyard test fixture"); }

    """

  private static let executableSource = """
    int hello(void);
    int main(void) { return hello() < 0; }

    """

  /// Compiles and links one architecture's files: `executable`, `dylib`, `bundle`, `framework`
  /// and, for x86_64, `noHeaderPad`.
  private static func link(
    _ architecture: String, tools: Tools, in folder: ScratchFolder
  ) throws -> [String: URL] {
    func compile(_ name: String) throws -> String {
      let object = folder.path("\(name)-\(architecture).o")
      try ProcessRunner.check(
        tools.clang,
        [
          "-target", "\(architecture)-apple-macos11", "-O1", "-c", folder.path("\(name).c"), "-o",
          object,
        ])
      return object
    }
    let library = try compile("hello")
    let main = try compile("main")
    let stub = folder.path(LibSystemStub.fileName)
    var outputs: [String: URL] = [:]
    @discardableResult
    func link(_ name: String, _ arguments: [String]) throws -> String {
      let output = folder.file("\(name)-\(architecture)")
      try ProcessRunner.check(
        tools.linker,
        ["-arch", architecture, "-platform_version", "macos", "11.0", "14.0"] + arguments + [
          stub, "-o", output.path,
        ])
      outputs[name] = output
      return output.path
    }
    let dylib = try link("dylib", ["-dylib", "-install_name", "@rpath/libhello.dylib", library])
    try link("executable", ["-rpath", "@executable_path/../Frameworks", main, dylib])
    try link("bundle", ["-bundle", library])
    try link("framework", ["-dylib", "-install_name", frameworkInstallName, library])
    if architecture == "x86_64" {
      try link("noHeaderPad", ["-headerpad", "0", main, dylib])
    }
    return outputs
  }

  /// The install name of ``MachOFixture/frameworkUniversal``.
  static let frameworkInstallName = "@rpath/Demo Framework.framework/Versions/A/Demo Framework"

  /// The thin fixtures among one architecture's outputs.
  private static func thinFixtures(
    _ architecture: String, _ outputs: [String: URL]
  ) -> [MachOFixture: URL] {
    let names: [String: MachOFixture] =
      architecture == "arm64"
      ? ["executable": .executableArm64, "dylib": .dylibArm64, "bundle": .bundleArm64]
      : ["executable": .executableAmd64, "dylib": .dylibAmd64, "noHeaderPad": .noHeaderPadAmd64]
    var fixtures: [MachOFixture: URL] = [:]
    for (name, fixture) in names { fixtures[fixture] = outputs[name] }
    return fixtures
  }

  /// A copy of `source` with ``MachOFixture/appendedByteCount`` bytes of a payload after it.
  private static func appendingPayload(to source: URL?, as output: URL) throws -> URL {
    guard let source else { throw FixtureToolMissing(tool: .linker) }
    var bytes = try Data(contentsOf: source)
    let marker = Array("SHIPYARD-APPENDED-PAYLOAD-".utf8)
    bytes.append(contentsOf: (0..<MachOFixture.appendedByteCount).map { marker[$0 % marker.count] })
    try bytes.write(to: output)
    try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: output.path)
    return output
  }
}
