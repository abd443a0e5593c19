import Foundation

/// Where each ``FixtureTool`` was found, looked up once per test process.
enum FixtureToolPaths {
  /// Every tool's path, `nil` for the missing ones.
  static let shared: [FixtureTool: String?] = {
    var paths: [FixtureTool: String?] = [:]
    for tool in FixtureTool.allCases where tool != .linker {
      paths[tool] = find(tool)
    }
    paths[.linker] = paths[.clang].flatMap { $0 }.flatMap(findLinker(clang:))
    return paths
  }()

  /// The folders searched after `PATH`: the Swift toolchain's and Debian's LLVM folders.
  private static var extraFolders: [String] {
    let llvm =
      (try? FileManager.default.contentsOfDirectory(atPath: "/usr/lib"))?
      .filter { $0.hasPrefix("llvm-") }.sorted().reversed().map { "/usr/lib/\($0)/bin" } ?? []
    return ["/opt/swift/usr/bin"] + llvm
  }

  /// Every existing executable file a tool's names resolve to, in the order they are tried.
  static func candidates(_ tool: FixtureTool) -> [String] {
    let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
    let folders = path.split(separator: ":").map(String.init) + extraFolders
    var found: [String] = []
    for name in tool.candidateNames {
      for folder in folders {
        let file = URL(fileURLWithPath: folder).appendingPathComponent(name).path
        if FileManager.default.isExecutableFile(atPath: file), !found.contains(file) {
          found.append(file)
        }
      }
    }
    return found
  }

  /// The first candidate of `tool` that works (for lief: a `python3` that imports it).
  private static func find(_ tool: FixtureTool) -> String? {
    let found = candidates(tool)
    guard tool == .lief else { return found.first }
    return found.first { ProcessRunner.succeeds($0, ["-c", "import lief"]) }
  }

  /// The first `ld64.lld` that links an x86_64 macOS object that `clang` compiles.
  private static func findLinker(clang: String) -> String? {
    guard let folder = try? ScratchFolder() else { return nil }
    defer { folder.remove() }
    let source = folder.file("probe.c")
    let object = folder.path("probe.o")
    guard (try? Data("int probe(void) { return 0; }\n".utf8).write(to: source)) != nil,
      ProcessRunner.succeeds(
        clang, ["-target", "x86_64-apple-macos11", "-c", source.path, "-o", object])
    else { return nil }
    return candidates(.linker).first { linker in
      ProcessRunner.succeeds(
        linker,
        [
          "-arch", "x86_64", "-platform_version", "macos", "11.0", "14.0", "-dylib",
          "-install_name", "/probe", object, "-o", folder.path("probe.dylib"),
        ])
    }
  }
}
