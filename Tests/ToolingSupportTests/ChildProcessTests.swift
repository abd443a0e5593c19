import Foundation
import SystemSupport
import Testing
import ToolingSupport

@Suite struct ChildProcessTests {
  @Test func bothPipesAreReadInFullWhileTheProgramRuns() throws {
    // 200 KB on each pipe: more than either pipe's buffer, so reading one after the other would
    // block the program.
    let script = "head -c 200000 /dev/zero; head -c 200000 /dev/zero >&2; exit 3"
    let finished = try ChildProcess.run(URL(fileURLWithPath: "/bin/sh"), ["-c", script])
    #expect(finished.status == 3)
    #expect(finished.standardOutput.count == 200_000)
    #expect(finished.standardError.count == 200_000)
  }

  @Test func aMissingProgramIsAnError() {
    #expect(throws: (any Error).self) {
      try ChildProcess.run(URL(fileURLWithPath: "/nonexistent/program"), [])
    }
  }
}
