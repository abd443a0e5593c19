import Foundation
import ShipyardTestSupport
import Testing

/// `action.yml` read by PyYAML: its steps run scripts alone, the inputs reaching them through
/// `env:` under the names the scripts read.
@Suite(
  .enabled(
    if: PeerPolicy.shouldRun(
      whenAvailable: ProcessRunner.succeeds("python3", ["-c", "import yaml"])),
    "needs python3 with PyYAML"))
struct GitHubActionManifestTests {
  /// The repository's `action.yml`.
  static func manifest() throws -> ActionManifest {
    try ActionManifest(
      yaml: String(
        contentsOf: PeerPolicy.packageRoot.appendingPathComponent("action.yml"), encoding: .utf8))
  }

  @Test func everyStepRunsAScriptWithItsInputsInTheEnvironment() throws {
    let manifest = try Self.manifest()
    #expect(manifest.problems == [])
    #expect(manifest.scripts == ["install": "install.sh", "run": "run.sh"])
    for script in manifest.scripts.values {
      #expect(
        FileManager.default.fileExists(
          atPath: ActionHarness.scripts.appendingPathComponent(script).path))
    }
    #expect(
      manifest.environment(of: "install") == [
        "SHIPYARD_ACTION_USE_INSTALLED": "${{ inputs.use-installed }}"
      ])
    #expect(
      manifest.environment(of: "run") == [
        "SHIPYARD_ACTION_ARGS": "${{ inputs.args }}",
        "SHIPYARD_ACTION_EXECUTABLE": "${{ steps.install.outputs.shipyard-path }}",
        "SHIPYARD_P12_BASE64": "${{ inputs.p12-base64 }}",
        "SHIPYARD_P12_PASSWORD": "${{ inputs.p12-password }}",
        "SHIPYARD_API_KEY_BASE64": "${{ inputs.api-key-base64 }}",
        "SHIPYARD_API_KEY_ID": "${{ inputs.api-key-id }}",
        "SHIPYARD_API_ISSUER": "${{ inputs.api-issuer }}",
      ])
  }

  @Test func anInputInARunLineOrAnExpressionInTheEnvironmentIsCaught() throws {
    let yaml = try String(
      contentsOf: PeerPolicy.packageRoot.appendingPathComponent("action.yml"), encoding: .utf8)
    let pasted = try ActionManifest(
      yaml: yaml.replacingOccurrences(
        of: #"run: bash "$GITHUB_ACTION_PATH/scripts/action/run.sh""#,
        with: #"run: shipyard ${{ inputs.args }}"#))
    #expect(
      pasted.problems == [#"step run runs "shipyard ${{ inputs.args }}", not a script alone"#])
    let computed = try ActionManifest(
      yaml: yaml.replacingOccurrences(
        of: "${{ inputs.use-installed }}", with: "${{ inputs.use-installed && inputs.args }}"))
    #expect(
      computed.problems == [
        #"step install: env SHIPYARD_ACTION_USE_INSTALLED is "${{ inputs.use-installed && inputs.args }}""#,
        "input use-installed reaches no step",
      ])
  }
}
