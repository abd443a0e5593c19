/// A submission as the Notary API describes it (`GET /submissions/{id}`, and each entry of
/// `GET /submissions`), or as `notarytool info` and `notarytool history` print it.
package struct NotarySubmissionInfo: Sendable, Equatable, Codable {
  /// The submission's ID.
  package let id: String
  /// The name it was submitted under (`submissionName`), such as `MyApp.dmg`.
  package let name: String
  /// When it was submitted, in ISO 8601 (`2022-06-08T01:38:09.498Z`).
  package let createdDate: String
  /// `In Progress`, `Accepted`, `Invalid` or `Rejected`.
  package let status: String

  /// Makes a description of a submission.
  package init(id: String, name: String, createdDate: String, status: String) {
    self.id = id
    self.name = name
    self.createdDate = createdDate
    self.status = status
  }

  /// The submission in `object`, which holds `id` and `attributes` (`name`, `createdDate`,
  /// `status`) as the Notary API's `data` does; `nil` when the ID or the status is missing.
  package init?(apiData object: [String: Any]) {
    guard let id = object["id"] as? String,
      let attributes = object["attributes"] as? [String: Any],
      let status = attributes["status"] as? String
    else { return nil }
    self.init(
      id: id, name: attributes["name"] as? String ?? "",
      createdDate: attributes["createdDate"] as? String ?? "", status: status)
  }
}
