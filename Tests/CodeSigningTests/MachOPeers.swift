import Foundation
import ShipyardTestSupport

/// What the Python peers say of a Mach-O file: `lief` reads the layout (fat offsets, segments,
/// `LC_CODE_SIGNATURE`), apple-platform-py verifies the signatures' code digests.
enum MachOPeers {
  /// One slice as `lief` reads it.
  struct LiefSlice: Decodable, Equatable {
    struct Segment: Decodable, Equatable {
      let name: String
      let fileOffset: Int
      let fileSize: Int
      let vmSize: Int
    }
    let cpu: String
    let fatOffset: Int
    let commandCount: Int
    let segments: [Segment]
    /// `[dataoff, datasize]` of `LC_CODE_SIGNATURE`, when present.
    let codeSignature: [Int]?
  }

  static let liefScript = """
    import json, sys, lief
    fat = lief.MachO.parse(sys.argv[1])
    out = []
    for b in fat:
        cs = b.code_signature if b.has_code_signature else None
        out.append({"cpu": str(b.header.cpu_type).split(".")[-1], "fatOffset": b.fat_offset,
          "commandCount": b.header.nb_cmds,
          "segments": [{"name": s.name, "fileOffset": s.file_offset, "fileSize": s.file_size,
            "vmSize": s.virtual_size} for s in b.segments],
          "codeSignature": [cs.data_offset, cs.data_size] if cs else None})
    print(json.dumps(out))
    """

  /// The slices of the file at `path`, as `lief` reads them.
  static func lief(_ path: String) throws -> [LiefSlice] {
    let output = try ProcessRunner.check("python3", ["-c", liefScript, path])
    return try JSONDecoder().decode([LiefSlice].self, from: output)
  }

  /// The problems apple-platform-py's `verify_macho` finds, but for the ones it reports for
  /// every ad hoc signature (reference §17): "no cryptographic signature present" without a CMS
  /// slot, "CMS error: missing further values" for the empty CMS wrapper `codesign` writes.
  static func verifyProblems(_ path: String) throws -> [String] {
    let script = """
      import json, sys, apple_platform
      problems = apple_platform.verify_macho(sys.argv[1])
      print(json.dumps([(p.get("fat_index"), p["description"]) for p in problems]))
      """
    let output = try ProcessRunner.check("python3", ["-c", script, path])
    let problems = try JSONSerialization.jsonObject(with: output) as? [[Any]] ?? []
    return problems.map { "\($0[0]): \($0[1])" }.filter {
      !$0.hasSuffix("no cryptographic signature present")
        && !$0.hasSuffix("CMS error: missing further values (at position 0)")
    }
  }

  /// The identifiers and code-digest counts apple-platform-py reads from each slice's code
  /// directories, as `identifier/count/digest type`.
  static func codeDirectories(_ path: String) throws -> [String] {
    let script = """
      import json, sys, apple_platform
      entities = apple_platform.read_signature(sys.argv[1])
      cds = apple_platform.reading.find_values(entities, "code_directory")
      print(json.dumps(["%s/%s/%s" % (c["identifier"], c["code_digests_count"], c["digest_type"])
        for c in cds]))
      """
    let output = try ProcessRunner.check("python3", ["-c", script, path])
    return try JSONDecoder().decode([String].self, from: output)
  }
}
