import Foundation
import ShipyardTestSupport
import Testing

/// The real-code corpus: macOS code from PyPI's wheels (`Tests/Corpus/wheels.tsv`), fetched and
/// unpacked by `scripts/fetch-corpus.sh` into `$SHIPYARD_CORPUS` (default `.build/corpus`), and
/// what independent tools read of it (`Tests/Corpus/specimens.json`, by `describe.py`: lief,
/// apple-platform-py, asn1crypto, openssl, llvm-objdump).
enum RealCode {
  /// The unpacked wheels' folder, when every wheel is there.
  static let folder: URL? = {
    let environment = ProcessInfo.processInfo.environment["SHIPYARD_CORPUS"]
    let folder =
      environment.map { URL(fileURLWithPath: $0) }
      ?? PeerPolicy.packageRoot.appendingPathComponent(".build/corpus")
    let complete = corpus.specimens.allSatisfy {
      FileManager.default.fileExists(atPath: folder.appendingPathComponent($0.folder).path)
    }
    return complete ? folder : nil
  }()

  /// Whether the corpus tests run: the corpus is fetched, or this is CI (which fetches it).
  static let shouldRun = PeerPolicy.shouldRun(whenAvailable: folder != nil)

  /// The tests' requirement, for `.enabled(if:)`.
  static let requirement: Comment = "needs the real-code corpus: run scripts/fetch-corpus.sh"

  /// The corpus description.
  static let corpus: Corpus = {
    let url = PeerPolicy.packageRoot.appendingPathComponent("Tests/Corpus/specimens.json")
    let decoder = JSONDecoder()
    decoder.keyDecodingStrategy = .convertFromSnakeCase
    do {
      return try decoder.decode(Corpus.self, from: try Data(contentsOf: url))
    } catch {
      fatalError("Tests/Corpus/specimens.json cannot be read: \(error)")
    }
  }()

  /// The specimen named `id`.
  static func specimen(_ id: String) -> Specimen {
    guard let specimen = corpus.specimens.first(where: { $0.id == id }) else {
      fatalError("no specimen \(id) in Tests/Corpus/specimens.json")
    }
    return specimen
  }

  /// The specimen's file or folder in the unpacked corpus.
  static func url(_ id: String) throws -> URL {
    let specimen = specimen(id)
    guard let folder else { throw MissingCorpus() }
    return folder.appendingPathComponent(specimen.folder).appendingPathComponent(specimen.path)
  }

  /// The specimens made by Developer ID signers, timestamped: what `app verify` must call valid.
  static let developerID = ["cmake", "deno", "ruff", "mitmproxy-redirector-app"]

  /// What a test throws when the corpus has not been fetched (under `CI=true`).
  struct MissingCorpus: Error, CustomStringConvertible {
    var description: String { "the real-code corpus is not fetched: run scripts/fetch-corpus.sh" }
  }
}

/// `specimens.json`.
struct Corpus: Decodable {
  /// Every specimen.
  let specimens: [Specimen]
  /// Files a peer made of specimens (`llvm-lipo -create` of the two markupsafe builds).
  let pairs: [Pair]
}

/// What a peer made of specimens.
struct Pair: Decodable {
  /// The made file's SHA-256, in hex.
  let sha256: String
}

/// One specimen: a Mach-O file or a bundle inside a wheel.
struct Specimen: Decodable {
  /// A short stable name, such as `cmake`.
  let id: String
  /// The wheel's file name.
  let wheel: String
  /// The path inside the unpacked wheel.
  let path: String
  /// `macho`, `app` or `framework`.
  let kind: String
  /// What independent tools read of it.
  let facts: Facts

  /// The unpacked wheel's folder in the corpus.
  var folder: String { String(wheel.dropLast(".whl".count)) }

  /// The Mach-O facts: the file's, or a bundle's main executable's.
  var machO: MachOFacts {
    facts.mainExecutable ?? MachOFacts(path: path, slices: facts.slices ?? [])
  }
}

/// The facts of a specimen.
struct Facts: Decodable {
  /// A Mach-O file's slices.
  let slices: [SliceFacts]?
  /// A bundle's main executable.
  let mainExecutable: MachOFacts?
}

/// One Mach-O file's facts.
struct MachOFacts: Decodable {
  /// Its path inside the unpacked wheel.
  let path: String
  /// Its slices, in the file's order.
  let slices: [SliceFacts]
}

/// One slice's facts.
struct SliceFacts: Decodable {
  /// The architecture, such as `arm64`.
  let arch: String
  /// `MH_EXECUTE`, `MH_DYLIB`, `MH_BUNDLE`.
  let filetype: String?
  /// Whether it has `LC_CODE_SIGNATURE`.
  let signed: Bool
  /// Its signature, when signed.
  let signature: SignatureFacts?
}

/// One slice's signature.
struct SignatureFacts: Decodable {
  /// The slot-0 identifier.
  let identifier: String
  /// The team identifier.
  let teamId: String?
  /// The slot-0 flags, as hex (`0x10000`).
  let flags: String
  /// Whether ad hoc.
  let adhoc: Bool
  /// Whether a linker made it.
  let linkerSigned: Bool
  /// Every code directory, slot 0 first.
  let codeDirectories: [CodeDirectoryFacts]
  /// The entitlements, when it has some.
  let entitlements: EntitlementsFacts?
  /// Whether the CMS carries a time-stamp token.
  let hasTimestamp: Bool
}

/// One code directory.
struct CodeDirectoryFacts: Decodable, Equatable {
  /// Its version, as hex (`0x20500`).
  let version: String
  /// Its flags, as hex.
  let flags: String
  /// The identifier.
  let identifier: String
  /// `sha1`, `sha256`.
  let hashType: String
  /// The page size in bytes.
  let pageSize: Int
  /// The code limit.
  let codeLimit: Int
  /// The number of special slots.
  let nSpecialSlots: Int
  /// The team identifier.
  let teamId: String?
  /// The executable segment, from version 0x20400.
  let execSeg: ExecutableSegment?
  /// The slot, as hex (`0x0`, `0x1000`).
  let slot: String
}

/// A code directory's executable segment.
struct ExecutableSegment: Decodable, Equatable {
  /// `execSegBase`.
  let base: Int
  /// `execSegLimit`.
  let limit: Int
  /// `execSegFlags`, as hex.
  let flags: String
}

/// A signature's entitlements.
struct EntitlementsFacts: Decodable {
  /// The top-level keys.
  let keys: [String]
}
