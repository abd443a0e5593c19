import Foundation
import ShipyardTestSupport

/// `action.yml` as PyYAML reads it, and the rules its steps keep: each runs a script of
/// `scripts/action/` and nothing else, its inputs reaching it through `env:` only.
///
/// An input interpolated into `run:` (`run: shipyard ${{ inputs.args }}`) is pasted into the
/// shell's text before bash reads it: an input holding `"; curl …` would run. Passed through
/// `env:`, it stays a variable's value.
struct ActionManifest {
  // MARK: - Properties

  /// The manifest, as JSON objects.
  let root: [String: Any]

  /// The command line a step may run: bash and one of the action's scripts.
  static var runPattern: Regex<(Substring, Substring)> {
    #/bash "\$GITHUB_ACTION_PATH/scripts/action/([a-z-]+\.sh)"\n?/#
  }
  /// An input, the only value an `env:` entry may have besides an earlier step's output.
  static var inputPattern: Regex<(Substring, Substring)> { #/\$\{\{ inputs\.([a-z0-9-]+) \}\}/# }
  /// An earlier step's output.
  static var outputPattern: Regex<(Substring, Substring, Substring)> {
    #/\$\{\{ steps\.([a-z-]+)\.outputs\.([a-z-]+) \}\}/#
  }

  // MARK: - Lifecycle

  /// Reads `action.yml`'s text with PyYAML, through JSON.
  init(yaml: String) throws {
    let scratch = try ScratchFolder()
    defer { scratch.remove() }
    let file = try scratch.write(Array(yaml.utf8), to: "action.yml")
    let json = try ProcessRunner.check(
      "python3",
      [
        "-c", "import json, sys, yaml; print(json.dumps(yaml.safe_load(open(sys.argv[1]))))",
        file.path,
      ])
    root = try JSONSerialization.jsonObject(with: json) as? [String: Any] ?? [:]
  }

  // MARK: - API

  /// The inputs' names.
  var inputs: Set<String> { Set((root["inputs"] as? [String: Any] ?? [:]).keys) }

  /// The steps, in order.
  var steps: [[String: Any]] {
    (root["runs"] as? [String: Any])?["steps"] as? [[String: Any]] ?? []
  }

  /// The script each step runs, by step ID.
  var scripts: [String: String] {
    var scripts: [String: String] = [:]
    for step in steps {
      if let id = step["id"] as? String, let run = step["run"] as? String,
        let match = run.wholeMatch(of: Self.runPattern)
      {
        scripts[id] = String(match.1)
      }
    }
    return scripts
  }

  /// A step's `env:`, by step ID.
  func environment(of id: String) -> [String: String] {
    steps.first { $0["id"] as? String == id }?["env"] as? [String: String] ?? [:]
  }

  /// What breaks the rules, in words; empty when nothing does.
  var problems: [String] {
    var problems: [String] = []
    let runs = root["runs"] as? [String: Any] ?? [:]
    if runs["using"] as? String != "composite" { problems.append("runs.using is not composite") }
    var earlier: Set<String> = []
    var used: Set<String> = []
    for (index, step) in steps.enumerated() {
      let id = step["id"] as? String ?? "#\(index)"
      let extra = Set(step.keys).subtracting(["id", "shell", "env", "run"])
      if !extra.isEmpty { problems.append("step \(id) has \(extra.sorted())") }
      if step["shell"] as? String != "bash" { problems.append("step \(id) is not run by bash") }
      let run = step["run"] as? String ?? ""
      if run.wholeMatch(of: Self.runPattern) == nil {
        problems.append("step \(id) runs \(run.debugDescription), not a script alone")
      }
      for (name, value) in step["env"] as? [String: Any] ?? [:] {
        let text = value as? String ?? "\(value)"
        let input = text.wholeMatch(of: Self.inputPattern).map { String($0.1) }
        let source = text.wholeMatch(of: Self.outputPattern).map { String($0.1) }
        if let input, inputs.contains(input) {
          used.insert(input)
        } else if source.map(earlier.contains) != true {
          problems.append("step \(id): env \(name) is \(text.debugDescription)")
        }
      }
      earlier.insert(id)
    }
    for (name, output) in root["outputs"] as? [String: [String: Any]] ?? [:] {
      let value = output["value"] as? String ?? ""
      if value.wholeMatch(of: Self.outputPattern).map({ earlier.contains(String($0.1)) }) != true {
        problems.append("output \(name) is \(value.debugDescription)")
      }
    }
    for input in inputs.subtracting(used).sorted() {
      problems.append("input \(input) reaches no step")
    }
    return problems
  }
}
