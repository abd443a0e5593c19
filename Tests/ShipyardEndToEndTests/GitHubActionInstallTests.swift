import Foundation
import ShipyardTestSupport
import Testing

/// The action's first step, `scripts/action/install.sh`: the `shipyard` on `PATH`, or one built
/// from the action's checkout by a fake `swift` after fake package managers installed what the
/// README lists.
@Suite struct GitHubActionInstallTests {
  /// The packages of the README's command `command` (`sudo apt-get install`, `brew install`).
  static func readmeList(_ command: String) throws -> [String] {
    let readme = try String(
      contentsOf: PeerPolicy.packageRoot.appendingPathComponent("README.md"), encoding: .utf8)
    let match = try #require(readme.firstMatch(of: try Regex("`\(command) ([^`]+)`")))
    return (match.output[1].substring ?? "").split(whereSeparator: \.isWhitespace).map(String.init)
  }

  /// A harness whose fake `uname` says `system`, and whose fake `swift` records its calls and
  /// makes `<folder>/release/shipyard` when asked to build.
  static func harness(system: String) throws -> ActionHarness {
    let harness = try ActionHarness()
    let release = harness.folder.path("release")
    try harness.fake("uname", "echo \(system)")
    try harness.fake("id", "echo 1000")
    try harness.fake("sudo", recording: [], #"[ "$1" = -n ] && shift; exec "$@""#)
    try harness.fake(
      "swift", recording: ["PWD"],
      """
      case "$*" in
      *--show-bin-path*) echo '\(release)' ;;
      *) mkdir -p '\(release)' && printf '#!/bin/sh\\n' >'\(release)/shipyard' \
        && chmod +x '\(release)/shipyard' ;;
      esac
      """)
    return harness
  }

  /// The environment of Actions' step: its output and path files in the harness's folder.
  static func githubFiles(_ harness: ActionHarness) -> [String] {
    [
      "GITHUB_OUTPUT=\(harness.folder.path("output"))",
      "GITHUB_PATH=\(harness.folder.path("path"))",
    ]
  }

  @Test func theREADMEsDebianListIsPackageSwiftsAndCIs() throws {
    let readme = try Self.readmeList("sudo apt-get install")
    let package = try String(
      contentsOf: PeerPolicy.packageRoot.appendingPathComponent("Package.swift"), encoding: .utf8)
    let providers = package.matches(of: #/\.apt\(\["([^"]+)"\]\)/#).map { String($0.1) }
    #expect(providers.count >= 10)
    #expect(Set(readme) == Set(providers + ["pkg-config"]))
    let ci = try String(
      contentsOf: PeerPolicy.packageRoot.appendingPathComponent(".ci/run"), encoding: .utf8)
    let ciWords = Set(ci.split(whereSeparator: { " \n()=:;\"".contains($0) }).map(String.init))
    #expect(Set(readme).subtracting(ciWords) == [])
  }

  @Test func onLinuxItInstallsTheMissingDebianPackagesThenBuildsInTheCheckout() throws {
    let harness = try Self.harness(system: "Linux")
    defer { harness.remove() }
    try harness.fake("dpkg-query", "exit 1")
    try harness.fake("apt-get", recording: ["DEBIAN_FRONTEND"])
    let run = try harness.run("install.sh", Self.githubFiles(harness))
    #expect(run.status == 0, "\(run.standardError)")
    let packages = try Self.readmeList("sudo apt-get install")
    let install = ["install", "-y", "-qq", "--no-install-recommends"] + packages
    let root = "PWD=\(PeerPolicy.packageRoot.path)"
    let calls = harness.calls.filter { ["sudo", "apt-get", "swift"].contains($0[0]) }
    #expect(
      calls == [
        ["sudo", "-n", "apt-get", "update", "-qq"],
        ["apt-get", "update", "-qq", "DEBIAN_FRONTEND="],
        ["sudo", "-n", "env", "DEBIAN_FRONTEND=noninteractive", "apt-get"] + install,
        ["apt-get"] + install + ["DEBIAN_FRONTEND=noninteractive"],
        ["swift", "build", "-c", "release", "--product", "shipyard", root],
        ["swift", "build", "-c", "release", "--show-bin-path", root],
      ])
    let built = harness.folder.path("release/shipyard")
    #expect(String(decoding: run.standardOutput, as: UTF8.self) == built + "\n")
    #expect(harness.text("output") == "shipyard-path=\(built)\n")
    #expect(harness.text("path") == harness.folder.path("release") + "\n")
  }

  @Test func onLinuxWithEverythingInstalledItOnlyBuilds() throws {
    let harness = try Self.harness(system: "Linux")
    defer { harness.remove() }
    try harness.fake("dpkg-query", "echo 'install ok installed'")
    try harness.fake("apt-get", recording: [])
    let run = try harness.run("install.sh", [])
    #expect(run.status == 0, "\(run.standardError)")
    #expect(harness.calls.filter { ["sudo", "apt-get"].contains($0[0]) } == [])
    #expect(harness.calls.filter { $0[0] == "swift" }.count == 2)
  }

  @Test func onMacOSItInstallsTheREADMEsFormulaeWithBrew() throws {
    let harness = try Self.harness(system: "Darwin")
    defer { harness.remove() }
    try harness.fake("brew", recording: ["HOMEBREW_NO_AUTO_UPDATE"], #"[ "$1" != list ]"#)
    let run = try harness.run("install.sh", Self.githubFiles(harness))
    #expect(run.status == 0, "\(run.standardError)")
    let formulae = try Self.readmeList("brew install")
    #expect(
      harness.calls.filter { $0[0] == "brew" && $0[1] == "install" } == [
        ["brew", "install"] + formulae + ["HOMEBREW_NO_AUTO_UPDATE=1"]
      ])
    #expect(harness.text("output") == "shipyard-path=\(harness.folder.path("release/shipyard"))\n")
  }

  @Test func withoutSwiftItSaysWhatToDo() throws {
    let harness = try ActionHarness()
    defer { harness.remove() }
    let run = try harness.run("install.sh", [], path: "/nonexistent")
    #expect(run.status == 1)
    #expect(run.standardError.contains("no swift on PATH to build shipyard with"))
    #expect(run.standardError.contains("set use-installed: true"))
  }

  @Test func useInstalledRunsTheShipyardOnPath() throws {
    let harness = try Self.harness(system: "Linux")
    defer { harness.remove() }
    let run = try harness.run(
      "install.sh", ["SHIPYARD_ACTION_USE_INSTALLED=true"] + Self.githubFiles(harness),
      path: "/nonexistent")
    #expect(run.status == 1)
    #expect(run.standardError.contains("use-installed is true, but no shipyard is on PATH"))
    try FileManager.default.createSymbolicLink(
      atPath: "\(harness.bin)/shipyard", withDestinationPath: BuiltProducts.shipyard.path)
    let found = try harness.run(
      "install.sh", ["SHIPYARD_ACTION_USE_INSTALLED=true"] + Self.githubFiles(harness))
    #expect(found.status == 0, "\(found.standardError)")
    #expect(harness.text("output") == "shipyard-path=\(harness.bin)/shipyard\n")
    #expect(harness.text("path") == "")
    #expect(harness.calls.filter { $0[0] == "swift" } == [])
    let other = try harness.run("install.sh", ["SHIPYARD_ACTION_USE_INSTALLED=yes"])
    #expect(other.status == 1)
    #expect(other.standardError.contains("use-installed must be true or false, not 'yes'"))
  }
}
