import Foundation
import ShipyardTestSupport
import SystemSupport
import Testing

/// `app merge` interrupted while it writes: the staging folder beside the output is removed and
/// nothing is left at the output; and a signal that comes at any moment of a run is acted on,
/// never lost.
@Suite(.serialized)
struct AppMergeInterruptionTests {
  /// Two apps of 3,000 small files each, and the folder the merged app goes to.
  struct Pair {
    let folder: ScratchFolder
    let output: URL
    var outputFolder: URL { output.deletingLastPathComponent() }
    var arguments: [String] {
      [
        "app", "merge", folder.path("x86_64/My.app"), folder.path("arm64/My.app"), "-o",
        output.path,
      ]
    }

    init() throws {
      folder = try ScratchFolder()
      let script = """
        for d in $(seq 0 29); do mkdir -p "$1/$d"; for i in $(seq 0 99); do echo "$d $i" > "$1/$d/$i.txt"; done; done
        """
      try ProcessRunner.check(
        "sh", ["-c", script, "sh", folder.path("x86_64/My.app/Contents/Resources")])
      try ProcessRunner.check("cp", ["-a", folder.path("x86_64"), folder.path("arm64")])
      output = folder.file("out/My.app")
      try FileManager.default.createDirectory(at: outputFolder, withIntermediateDirectories: true)
    }

    /// The names in the output's folder.
    func left() throws -> [String] { try FolderListing.names(in: outputFolder.path).sorted() }
  }

  @Test(arguments: [SIGINT, SIGTERM])
  func anInterruptedMergeLeavesNothing(signal: Int32) throws {
    let pair = try Pair()
    defer { pair.folder.remove() }
    // The signal is sent once the staging folder appears; should the merge still finish first
    // (the test's own thread woke late), the app it put in place must be whole, and the run is
    // tried again: one of three must land mid-way.
    var landedMidway = false
    for _ in 1...3 where !landedMidway {
      let run = try SignalledRun.run(pair.arguments, signal: signal, in: pair.folder) {
        !((try? TreeSnapshot.stagingLeftovers(of: "My.app", in: pair.outputFolder)) ?? [])
          .isEmpty
      }
      try #require(run.wasSignalled, "the merge ended before it could be interrupted")
      let left = try pair.left()
      if left.isEmpty {
        #expect(run.status == 128 + signal, "\(run.errors)")
        #expect(run.errors.contains("interrupted"), "\(run.errors)")
        landedMidway = true
      } else {
        // Never a staging folder or a part of the app: only the whole app, put in place.
        #expect(left == ["My.app"], "left: \(left); status \(run.status), \(run.errors)")
        let entries = try TreeSnapshot(of: pair.output).entries
        #expect(entries.count == 3_033, "a partial app: \(entries.count) entries")
        try FileManager.default.removeItem(at: pair.output)
      }
    }
    #expect(landedMidway, "the merge finished before the signal three times")
  }

  /// SIGTERM at a random moment of each of 200 runs, from the program's first instant on: the
  /// run is ended by it (before the handlers are in place, by the signal itself; after, with
  /// status 143 and its temporary files removed), never goes on to finish as if it had not come,
  /// and leaves nothing. (libdispatch's signal sources, used before, lost about one in a hundred
  /// here: a signal before their late registration met SIG_IGN, and on Linux one handed to the
  /// main thread was forwarded to a thread that might not read it.)
  @Test func aSignalAtAnyMomentEndsTheRun() throws {
    let pair = try Pair()
    defer { pair.folder.remove() }
    var outcomes: [String: Int] = [:]
    for _ in 0..<200 {
      let process = Process()
      process.executableURL = BuiltProducts.shipyard
      process.arguments = pair.arguments
      process.standardOutput = FileHandle.nullDevice
      process.standardError = FileHandle.nullDevice
      try process.run()
      usleep(UInt32.random(in: 0..<60_000))
      kill(process.processIdentifier, SIGTERM)
      process.waitUntilExit()
      let outcome =
        process.terminationReason == .uncaughtSignal
        ? "ended by the signal" : "exit \(process.terminationStatus)"
      outcomes[outcome, default: 0] += 1
      let left = try pair.left()
      #expect(left.isEmpty, "\(outcome), left: \(left)")
      if !left.isEmpty { try FileManager.default.removeItem(at: pair.output) }
    }
    #expect(Set(outcomes.keys).isSubset(of: ["ended by the signal", "exit 143"]), "\(outcomes)")
  }
}
