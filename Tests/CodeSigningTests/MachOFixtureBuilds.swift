import Foundation
import ShipyardTestSupport

/// Real Mach-O files for the Mach-O tests, built once per test run into a scratch folder (never
/// committed): Go cross-builds (arm64 comes linker-signed, amd64 unsigned with minos 10.9), a
/// universal binary of the two from `llvm-lipo`, and clang + `ld64.lld` builds against a small
/// `libSystem.tbd` (a dylib, an executable, and one linked with `-headerpad 0` and no linker
/// signature, which leaves no room for `LC_CODE_SIGNATURE`).
struct MachOFixtureBuilds: Sendable {
  /// The tools, found once.
  enum Tools {
    /// `go`, for the Go cross-builds.
    static let go = ProcessRunner.succeeds("go", ["version"])
    /// clang: the Swift toolchain's, else the system's.
    static let clang = firstWorking(["/opt/swift/usr/bin/clang", "clang"], ["--version"])
    /// A Mach-O `ld64.lld` that links for macOS: Debian's `lld` package (the Swift toolchain's
    /// refuses the macOS platform: "This version of lld does not support linking for platform
    /// macOS").
    static let ld64 = firstWorking(
      ["ld64.lld-14", "ld64.lld-15", "ld64.lld-16", "/usr/lib/llvm-14/bin/ld64.lld"], ["--version"])
    /// `llvm-lipo` from Debian's `llvm` package.
    static let lipo = firstWorking(["llvm-lipo-14", "llvm-lipo"], ["-version"])
    /// `llvm-otool` from Debian's `llvm` package.
    static let otool = firstWorking(["llvm-otool-14", "llvm-otool"], ["--version"])
    /// Python's `lief`.
    static let lief = ProcessRunner.succeeds("python3", ["-c", "import lief"])
    /// apple-platform-py.
    static let applePlatform = ProcessRunner.succeeds("python3", ["-c", "import apple_platform"])

    static func firstWorking(_ candidates: [String], _ arguments: [String]) -> String? {
      candidates.first { ProcessRunner.succeeds($0, arguments) }
    }

    /// Whether the apple-platform-py tests run (see ``PeerPolicy``).
    static let runApplePlatform = PeerPolicy.shouldRun(whenAvailable: applePlatform)
    /// Whether the Go tests run.
    static let runGo = PeerPolicy.shouldRun(whenAvailable: go && lief && applePlatform)
    /// Whether the clang + lld tests run.
    static let runLLD = PeerPolicy.shouldRun(
      whenAvailable: clang != nil && ld64 != nil && lief && applePlatform)
    /// Whether the universal tests run.
    static let runUniversal = PeerPolicy.shouldRun(
      whenAvailable: go && lipo != nil && lief && applePlatform)
  }

  /// The folder the fixtures are in.
  let folder: ScratchFolder

  /// A fixture's path: `go-arm64`, `go-amd64`, `go-universal`, `lld-dylib`, `lld-tool`,
  /// `lld-tool-unsigned`, `lld-tool-nopad`.
  func path(_ name: String) -> String { folder.path(name) }

  /// A fixture's bytes.
  func bytes(_ name: String) throws -> [UInt8] {
    Array(try Data(contentsOf: folder.file(name)))
  }

  /// The Go fixtures, built on first use.
  static let go = Result { try buildGo() }
  /// The clang + lld fixtures, built on first use.
  static let lld = Result { try buildLLD() }

  static func buildGo() throws -> MachOFixtureBuilds {
    let folder = try ScratchFolder()
    let source = try folder.write(
      Array("package main\n\nimport \"fmt\"\n\nfunc main() { fmt.Println(\"hello\") }\n".utf8),
      to: "main.go")
    for arch in ["arm64", "amd64"] {
      try ProcessRunner.check(
        "env",
        [
          "GOOS=darwin", "GOARCH=\(arch)", "CGO_ENABLED=0", "GO111MODULE=off", "go", "build",
          "-o", folder.path("go-\(arch)"), source.path,
        ])
    }
    if let lipo = Tools.lipo {
      try ProcessRunner.check(
        lipo,
        [
          "-create", folder.path("go-arm64"), folder.path("go-amd64"), "-output",
          folder.path("go-universal"),
        ])
    }
    return MachOFixtureBuilds(folder: folder)
  }

  /// A text-based stub of libSystem (tbd v4), enough for `ld64.lld` to link `puts` and
  /// `dyld_stub_binder` against.
  static let libSystemTBD = """
    --- !tapi-tbd
    tbd-version:     4
    targets:         [ x86_64-macos, arm64-macos ]
    install-name:    '/usr/lib/libSystem.B.dylib'
    current-version: 1311
    exports:
      - targets:     [ x86_64-macos, arm64-macos ]
        symbols:     [ _puts, dyld_stub_binder ]
    ...

    """

  static func buildLLD() throws -> MachOFixtureBuilds {
    guard let clang = Tools.clang, let ld64 = Tools.ld64 else {
      throw ProcessFailure(command: "clang/ld64.lld", status: -1, errorOutput: "not installed")
    }
    let folder = try ScratchFolder()
    let tbd = try folder.write(Array(libSystemTBD.utf8), to: "libSystem.tbd").path
    try folder.write(Array("int add(int a, int b) { return a + b; }\n".utf8), to: "lib.c")
    try folder.write(
      Array("int puts(const char *);\nint main(void) { puts(\"hi\"); return 0; }\n".utf8),
      to: "tool.c")
    for name in ["lib", "tool"] {
      try ProcessRunner.check(
        clang,
        [
          "-target", "arm64-apple-macos11", "-c", folder.path("\(name).c"), "-o",
          folder.path("\(name).o"),
        ])
    }
    let link = ["-arch", "arm64", "-platform_version", "macos", "11.0", "14.0"]
    try ProcessRunner.check(
      ld64,
      link + [
        "-dylib", "-install_name", "@rpath/libadd.dylib", folder.path("lib.o"), tbd, "-o",
        folder.path("lld-dylib"),
      ])
    try ProcessRunner.check(
      ld64, link + [folder.path("tool.o"), tbd, "-o", folder.path("lld-tool")])
    try ProcessRunner.check(
      ld64,
      link + [
        "-no_adhoc_codesign", folder.path("tool.o"), tbd, "-o", folder.path("lld-tool-unsigned"),
      ])
    try ProcessRunner.check(
      ld64,
      link + [
        "-headerpad", "0", "-no_adhoc_codesign", folder.path("tool.o"), tbd, "-o",
        folder.path("lld-tool-nopad"),
      ])
    return MachOFixtureBuilds(folder: folder)
  }
}
