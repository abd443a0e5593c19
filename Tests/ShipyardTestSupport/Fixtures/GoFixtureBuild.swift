import Foundation

/// Builds the Go fixtures (``MachOFixture/goArm64``, ``MachOFixture/goAmd64`` and, with
/// `llvm-lipo`, ``MachOFixture/goUniversal``) once per test process.
///
/// `GOOS=darwin CGO_ENABLED=0 go build -trimpath -ldflags=-buildid=` of a program that uses only
/// `os`: reproducible output (no paths, no build ID) from any Go on any OS. Go keeps its build
/// cache in `$HOME/.cache`; when `HOME` is not writable, the cache and `GOPATH` go in the
/// fixtures' scratch folder (a cold cache costs about a minute of compiling the standard library).
enum GoFixtureBuild {
  /// The built files, or why they could not be built.
  static let shared = Result { () throws -> [MachOFixture: URL] in
    let go = try FixtureTool.go.requirePath()
    let folder = try ScratchFolder()
    let source = folder.file("main.go")
    try Data(program.utf8).write(to: source)
    var built: [MachOFixture: URL] = [:]
    for (fixture, architecture) in [(MachOFixture.goArm64, "arm64"), (.goAmd64, "amd64")] {
      let output = folder.file(fixture.rawValue)
      let settings = ["GOOS=darwin", "GOARCH=\(architecture)"] + environment(scratch: folder)
      try ProcessRunner.check(
        "env",
        settings + [
          go, "build", "-trimpath", "-ldflags=-buildid=", "-o", output.path, source.path,
        ])
      built[fixture] = output
    }
    if let lipo = FixtureTool.lipo.path, let amd64 = built[.goAmd64], let arm64 = built[.goArm64] {
      built[.goUniversal] = try UniversalBinary.create(
        lipo: lipo, slices: [amd64, arm64], output: folder.file("goUniversal"))
    }
    return built
  }

  /// The program: a few bytes of output, no cgo, only the standard library.
  private static let program = """
    package main

    import "os"

    func main() { os.Stdout.WriteString("hello from a Shipyard test fixture\\n") }

    """

  /// The variables every build runs with, beside `GOOS` and `GOARCH`.
  private static func environment(scratch: ScratchFolder) -> [String] {
    let settings = ["CGO_ENABLED=0", "GOFLAGS=", "GOTOOLCHAIN=local"]
    let variables = ProcessInfo.processInfo.environment
    let home = variables["HOME"] ?? ""
    guard variables["GOCACHE"] == nil,
      home.isEmpty || !FileManager.default.isWritableFile(atPath: home)
    else { return settings }
    return settings + ["GOCACHE=\(scratch.path("gocache"))", "GOPATH=\(scratch.path("gopath"))"]
  }
}
