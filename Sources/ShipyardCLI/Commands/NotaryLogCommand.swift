import Distribution
import Foundation

/// `shipyard notary log <id>`: a submission's developer log.
struct NotaryLogCommand: NotaryLookUpCommand {
  static let path = "notary log"
  static let summary = "Show a notarization submission's developer log and its issues."
  static let help = """
    OVERVIEW: \(summary)

    \(table.usage)

    Fetches the developer log Apple keeps for a finished submission (natively through GET
    /notary/v2/submissions/<id>/logs and its developerLogUrl; with --engine apple `xcrun
    notarytool log <id>`). Prints its status, summary, the SHA-256 of the file uploaded and
    each issue (severity, path, architecture, message, documentation); --json prints the log
    as Apple serves it.

    \(table.help)
    """

  static let takesID = true

  let lookUp: NotaryLookUp

  func run(console: Console) async throws(CommandError) {
    let log = try await lookUp.ask((any SubmissionLogReading).self) {
      try await $0.log(of: $2, credentials: $1)
    }
    let (json, submissionID) = (lookUp.json, lookUp.submissionID ?? "")
    do {
      if json {
        try console.print(String(decoding: log, as: UTF8.self))
      } else {
        try console.print(try Self.text(log, id: submissionID))
      }
    } catch let error as CommandError {
      throw error
    } catch {
      throw .failure("cannot write the log: \(error)")
    }
  }

  /// The log as text: status, summary, the file and its SHA-256, then each issue.
  static func text(_ log: Data, id: String) throws(CommandError) -> String {
    guard let object = try? JSONSerialization.jsonObject(with: log) as? [String: Any] else {
      throw .failure("the log of submission \(id) is not a JSON object")
    }
    func field(_ name: String) -> String { object[name].map { "\($0)" } ?? "" }
    var lines = [
      "submission: \(id)", "status: \(field("status"))", "summary: \(field("statusSummary"))",
      "file: \(field("archiveFilename"))", "sha256: \(field("sha256"))",
    ]
    let issues = object["issues"] as? [[String: Any]] ?? []
    lines.append(issues.isEmpty ? "issues: none" : "issues: \(issues.count)")
    for issue in issues {
      let place = [issue["path"], issue["architecture"]].compactMap { $0 as? String }
        .joined(separator: ", ")
      lines.append(
        "  \(issue["severity"] as? String ?? "issue"): \(place.isEmpty ? "" : "\(place): ")"
          + "\(issue["message"] as? String ?? "")")
      if let doc = issue["docUrl"] as? String { lines.append("    \(doc)") }
    }
    return lines.joined(separator: "\n")
  }
}
