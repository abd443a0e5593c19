import Foundation
import ShipyardTestSupport

/// The GitHub Action's scripts (`scripts/action/`), run as its steps run them: by bash, with
/// their inputs in a clean environment, and fake tools first on `PATH` that record their calls.
struct ActionHarness {
  // MARK: - Properties

  /// The folder of the fakes (`bin/`), their record (`calls.log`) and the scripts' outputs.
  let folder: ScratchFolder

  /// The folder holding the fake tools, first on `PATH`.
  var bin: String { folder.path("bin") }

  /// The scripts' folder in the repository.
  static let scripts = PeerPolicy.packageRoot.appendingPathComponent("scripts/action")

  // MARK: - Lifecycle

  /// Makes an empty folder of fakes.
  init() throws {
    folder = try ScratchFolder()
    try FileManager.default.createDirectory(
      atPath: bin, withIntermediateDirectories: true)
  }

  // MARK: - API

  /// Adds a fake `name`: a bash script that records its name, its arguments and the variables
  /// `recording` (as `NAME=value`) in `calls.log`, on one line, tab-separated, then runs `body`.
  func fake(_ name: String, recording: [String] = [], _ body: String = "") throws {
    let variables = recording.map { " \"\($0)=${\($0)-}\"" }.joined()
    let script = """
      #!/bin/bash
      (IFS=$'\\t'; printf '%s\\t' \(name) "$*"\(variables); echo) >>'\(folder.path("calls.log"))'
      \(body)

      """
    let path = "\(bin)/\(name)"
    try Data(script.utf8).write(to: URL(fileURLWithPath: path))
    try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: path)
  }

  /// Every recorded call: the tool's name, its arguments, then the recorded variables; empty
  /// fields are left out.
  var calls: [[String]] {
    let text = (try? String(contentsOfFile: folder.path("calls.log"), encoding: .utf8)) ?? ""
    return text.split(separator: "\n").map { line in
      line.split(separator: "\t").map(String.init)
    }
  }

  /// Runs the script `name` (`install.sh`, `run.sh`) with bash in `directory` (by default the
  /// harness's folder), its environment `PATH=<bin>:<path>`, `HOME` and `environment` only
  /// (`NAME=value`), traced by `bash -x` when `traced`.
  func run(
    _ name: String, _ environment: [String], in directory: String? = nil,
    path: String = "/usr/bin:/bin", traced: Bool = false
  ) throws -> ProcessRunner.Output {
    try ProcessRunner.run(
      "env",
      ["-i", "-C", directory ?? folder.url.path, "PATH=\(bin):\(path)", "HOME=\(folder.url.path)"]
        + environment
        + ["/bin/bash"] + (traced ? ["-x"] : [])
        + [Self.scripts.appendingPathComponent(name).path])
  }

  /// The text of a file the scripts wrote in the folder, or "" if there is none.
  func text(_ name: String) -> String {
    (try? String(contentsOfFile: folder.path(name), encoding: .utf8)) ?? ""
  }

  /// Removes the folder.
  func remove() { folder.remove() }
}
