public import Foundation
public import Testing

/// A real Mach-O file made at test time, by Go or by clang and `ld64.lld`, and what it is.
///
/// Each fixture is built at most once per test process (all of a builder's fixtures together,
/// thread-safely, the way ``TestPKI`` is made) into a scratch folder that lives as long as the
/// process. ``url`` is that shared file: never change it; ``copy(to:)`` gives a test its own.
///
/// ```swift
/// @Test(.enabled(if: MachOFixture.shouldRun([.goUniversal]), MachOFixture.skipReason([.goUniversal])))
/// func signsGoUniversal() throws {
///   let folder = try ScratchFolder()
///   defer { folder.remove() }
///   let binary = try MachOFixture.goUniversal.copy(to: folder.file("hello"))
///   …
/// }
/// ```
///
/// The properties below state what each file is; `MachOFixtureTests` checks every claim with
/// lief, `llvm-lipo -info` and `llvm-otool -l`.
///
/// Case names use Go's `Amd64` for x86_64 slices (Swift's lint wants lower camel case).
public enum MachOFixture: String, CaseIterable, Sendable, CustomStringConvertible {
  /// Go, `GOARCH=arm64`: an executable the Go linker signed ad hoc (identifier `a.out`),
  /// minos and sdk 11.0, with a `__DWARF` segment (vmsize 0) before `__LINKEDIT`.
  case goArm64
  /// Go, `GOARCH=amd64`: an unsigned executable, minos and sdk 10.9.
  case goAmd64
  /// ``goAmd64`` and ``goArm64`` joined by `llvm-lipo -create` (x86_64 first, as lipo orders).
  case goUniversal
  /// clang and `ld64.lld`, arm64: an executable that links `@rpath/libhello.dylib` and
  /// `/usr/lib/libSystem.B.dylib`; lld signs arm64 output ad hoc.
  case executableArm64
  /// As ``executableArm64`` for x86_64: unsigned.
  case executableAmd64
  /// ``executableAmd64`` and ``executableArm64`` joined by lipo.
  case executableUniversal
  /// `libhello.dylib`, arm64 (`-dylib -install_name @rpath/libhello.dylib`), lld-signed.
  case dylibArm64
  /// `libhello.dylib`, x86_64, unsigned.
  case dylibAmd64
  /// The two `libhello.dylib` slices joined by lipo.
  case dylibUniversal
  /// An `MH_BUNDLE` (`-bundle`, what a `.node` module or a plug-in's executable is), arm64.
  case bundleArm64
  /// An `MH_BUNDLE` with x86_64 and arm64 slices.
  case bundleUniversal
  /// A framework binary: a dylib whose install name is
  /// `@rpath/Demo Framework.framework/Versions/A/Demo Framework`, x86_64 and arm64.
  case frameworkUniversal
  /// An x86_64 executable linked with `-headerpad 0`: unsigned, and fewer than 16 bytes between
  /// the load commands and the first section, so `LC_CODE_SIGNATURE` cannot be added.
  case noHeaderPadAmd64
  /// ``executableAmd64`` with ``appendedByteCount`` bytes glued on after `__LINKEDIT`.
  case appendedDataAmd64
  /// ``executableArm64`` (lld-signed) with ``appendedByteCount`` bytes after its signature.
  case appendedDataArm64

  // MARK: - What each fixture is

  /// How many bytes the `appendedData` fixtures carry after `__LINKEDIT`.
  public static let appendedByteCount = 64

  /// The slices' architectures in file order, as lipo and lief name them.
  public var architectures: [String] {
    switch self {
    case .goArm64, .executableArm64, .dylibArm64, .bundleArm64, .appendedDataArm64: ["arm64"]
    case .goAmd64, .executableAmd64, .dylibAmd64, .noHeaderPadAmd64, .appendedDataAmd64:
      ["x86_64"]
    case .goUniversal, .executableUniversal, .dylibUniversal, .bundleUniversal,
      .frameworkUniversal:
      ["x86_64", "arm64"]
    }
  }

  /// Whether the file is a universal (fat) binary.
  public var isUniversal: Bool { architectures.count > 1 }

  /// The Mach-O file type of every slice: `EXECUTE`, `DYLIB` or `BUNDLE` (lief's names).
  public var fileType: String {
    switch self {
    case .goArm64, .goAmd64, .goUniversal, .executableArm64, .executableAmd64,
      .executableUniversal, .noHeaderPadAmd64, .appendedDataAmd64, .appendedDataArm64:
      "EXECUTE"
    case .dylibArm64, .dylibAmd64, .dylibUniversal, .frameworkUniversal: "DYLIB"
    case .bundleArm64, .bundleUniversal: "BUNDLE"
    }
  }

  /// Whether the slice of `architecture` carries the linker's ad hoc signature: every arm64
  /// slice does (Go's linker and lld sign arm64 output), no x86_64 slice does.
  public func isLinkerSigned(_ architecture: String) -> Bool { architecture == "arm64" }

  /// The minimum macOS and SDK versions of the slice of `architecture` (`LC_BUILD_VERSION`).
  public func buildVersion(_ architecture: String) -> (minos: String, sdk: String) {
    switch (isGo, architecture) {
    case (true, "x86_64"): ("10.9.0", "10.9.0")
    case (true, _): ("11.0.0", "11.0.0")
    case (false, _): ("11.0.0", "14.0.0")
    }
  }

  /// Whether Go built the file (otherwise clang and `ld64.lld`).
  public var isGo: Bool { [.goArm64, .goAmd64, .goUniversal].contains(self) }

  /// The fixture's name, for test output.
  public var description: String { rawValue }

  // MARK: - Files

  /// The shared, built file (do not change it; see ``copy(to:)``).
  ///
  /// - Throws: ``FixtureToolMissing`` naming the tool that is not installed, or the
  ///   ``ProcessFailure`` of the build step that failed.
  public var url: URL {
    get throws {
      let built = try isGo ? GoFixtureBuild.shared.get() : ClangFixtureBuild.shared.get()
      guard let url = built[self] else {
        throw FixtureToolMissing(tool: Self.missingTools([self]).first ?? .lipo)
      }
      return url
    }
  }

  /// Copies the built file to `destination` (its folder must exist) and returns `destination`.
  @discardableResult
  public func copy(to destination: URL) throws -> URL {
    try FileManager.default.copyItem(at: try url, to: destination)
    return destination
  }

  /// The bytes of the built file.
  public func bytes() throws -> [UInt8] { Array(try Data(contentsOf: try url)) }

  // MARK: - When tests run

  /// The tools that building the fixture needs.
  public var requiredTools: [FixtureTool] {
    (isGo ? [.go] : [.clang, .linker]) + (isUniversal ? [.lipo] : [])
  }

  /// The tools that `fixtures` and the `peers` that check them need and this machine lacks.
  public static func missingTools(
    _ fixtures: [MachOFixture], peers: [FixtureTool] = []
  ) -> [FixtureTool] {
    let needed = Set(fixtures.flatMap(\.requiredTools) + peers)
    return FixtureTool.allCases.filter { needed.contains($0) && !$0.isAvailable }
  }

  /// Whether a test of `fixtures` (and of the `peers` that check them) runs: when every tool is
  /// installed, and always under `CI=true` (see ``PeerPolicy``).
  public static func shouldRun(_ fixtures: [MachOFixture], peers: [FixtureTool] = []) -> Bool {
    PeerPolicy.shouldRun(whenAvailable: missingTools(fixtures, peers: peers).isEmpty)
  }

  /// Why a test of `fixtures` was skipped: the missing tools and what installs them.
  public static func skipReason(_ fixtures: [MachOFixture], peers: [FixtureTool] = []) -> Comment {
    let missing = missingTools(fixtures, peers: peers).map(\.description)
    return Comment(rawValue: "needs " + missing.joined(separator: ", "))
  }
}
