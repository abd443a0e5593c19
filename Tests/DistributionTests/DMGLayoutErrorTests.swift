import Distribution
import FinderLayout
import Foundation
import ShipyardTestSupport
import Testing

/// Layouts that cannot be written as asked fail with a sentence naming the problem, before any
/// byte of the image is written.
@Suite struct DMGLayoutErrorTests {
  enum Fault: String, CaseIterable {
    case backgroundIsText, backgroundIsAFolder, volumeIconIsText, iconOutsideWindow
    case iconForAMissingItem
  }

  @Test(arguments: Fault.allCases)
  func badLayoutsAreNamedAndNothingIsWritten(fault: Fault) throws {
    let folder = try ScratchFolder()
    defer { folder.remove() }
    let notes = PeerPolicy.packageRoot.appendingPathComponent("Examples/form/notes.txt").path
    var options = DMGBuildOptions(
      source: DMGBuildTests.helloApp, output: folder.path("out.dmg"), threads: 2)
    let expected: DMGLayoutError
    switch fault {
    case .backgroundIsText:
      options.background = notes
      expected = .notAPicture(path: notes, found: "")
    case .backgroundIsAFolder:
      options.background = folder.path("")
      expected = .unreadable(path: folder.path(""), reason: "it is a folder, not a file")
    case .volumeIconIsText:
      options.volumeIcon = notes
      expected = .notAnIconFile(path: notes, found: "")
    case .iconOutsideWindow:
      options.layout.positions = ["Hello.app": (700, 170), "Applications": (480, 170)]
      expected = .iconOutsideWindow(name: "Hello.app", x: 700, y: 170, width: 660, height: 400)
    case .iconForAMissingItem:
      options.layout.positions = ["Helo.app": (180, 170)]
      expected = .unknownItem(name: "Helo.app", available: ["Hello.app", "Applications"])
    }
    #expect(throws: (any Error).self) { try DMGBuilder(options: options).build() }
    do {
      _ = try DMGBuilder(options: options).build()
    } catch let error as DMGLayoutError {
      if case .notAPicture(let path, let found) = error {
        #expect(path == notes && found.hasPrefix("text: "), "\(error)")
      } else if case .notAnIconFile(let path, let found) = error {
        #expect(path == notes && found.hasPrefix("text: "), "\(error)")
      } else if case .unreadable(_, let reason) = error, fault == .backgroundIsAFolder {
        #expect(reason.contains("folder"), "\(error)")
      } else {
        #expect(error == expected)
      }
      #expect(!error.description.isEmpty)
    } catch {
      Issue.record("unexpected error \(error)")
    }
    #expect(folder.contents.isEmpty, "\(folder.contents)")
  }
}
