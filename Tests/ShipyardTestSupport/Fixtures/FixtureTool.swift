/// A program the Mach-O fixtures are made or checked with, found once per test process.
///
/// Debian names LLVM's tools with their version (`llvm-lipo-14`), the Swift toolchain without
/// one, and either may be missing: each tool tries its names on `PATH`, then in
/// `/opt/swift/usr/bin` and `/usr/lib/llvm-*/bin`. The linker is the one tool that is also
/// tried: the Swift toolchain's `ld64.lld` refuses object files built for macOS ("This version
/// of lld does not support linking for platform macOS"), so a candidate counts only once it has
/// linked a macOS object.
public enum FixtureTool: String, CaseIterable, Sendable, CustomStringConvertible {
  /// Go, for the `GOOS=darwin` cross-builds (Debian `golang-go`).
  case go
  /// `llvm-lipo`, for universal binaries (Debian `llvm`).
  case lipo = "llvm-lipo"
  /// `llvm-otool`, a peer that prints load commands (Debian `llvm`).
  case otool = "llvm-otool"
  /// `llvm-objdump`, which prints one slice's load commands of a universal binary (llvm-otool
  /// 14 ignores `-arch` and prints the host's slice only).
  case objdump = "llvm-objdump"
  /// `clang`, for Mach-O object files (the Swift toolchain's, or Debian `clang`).
  case clang
  /// `ld64.lld`, the Mach-O linker that accepts macOS objects (Debian `lld`).
  case linker = "ld64.lld"
  /// Python's `lief`, a peer that reads Mach-O headers, segments and load commands (PyPI).
  case lief

  // MARK: - API

  /// The tool's path, or `nil` when it is not installed (for ``lief``, the `python3` that
  /// imports it).
  public var path: String? { FixtureToolPaths.shared[self] ?? nil }

  /// Whether the tool is installed.
  public var isAvailable: Bool { path != nil }

  /// The tool's path, or an error that names the tool and where it comes from.
  public func requirePath() throws -> String {
    guard let path else { throw FixtureToolMissing(tool: self) }
    return path
  }

  /// What installs the tool on Debian (what `.ci/run` does).
  public var installHint: String {
    switch self {
    case .go: "apt-get install golang-go"
    case .lipo, .otool, .objdump: "apt-get install llvm"
    case .clang: "apt-get install clang (or the Swift toolchain's /opt/swift/usr/bin/clang)"
    case .linker: "apt-get install lld (the Swift toolchain's ld64.lld refuses macOS objects)"
    case .lief: "python3 -m pip install lief"
    }
  }

  /// The tool's name and how to install it, for skip reasons and errors.
  public var description: String { "\(rawValue) (\(installHint))" }

  /// The names tried for the tool, most specific first.
  var candidateNames: [String] {
    switch self {
    case .go: ["go"]
    case .clang: ["clang"] + Self.versions.map { "clang-\($0)" }
    case .lipo, .otool, .objdump, .linker: [rawValue] + Self.versions.map { "\(rawValue)-\($0)" }
    case .lief: ["python3"]
    }
  }

  /// The LLVM versions Debian and the Swift toolchains have shipped, newest first.
  private static let versions = (14...21).reversed().map(String.init)
}

/// A fixture tool that is not installed.
public struct FixtureToolMissing: Error, CustomStringConvertible {
  /// The missing tool.
  public let tool: FixtureTool

  /// A sentence naming the tool and how to install it.
  public var description: String { "the Mach-O fixtures need \(tool)" }
}
