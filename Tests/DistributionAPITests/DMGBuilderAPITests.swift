import Distribution
import Foundation
import Testing

/// The build as a program sees it: this target has no package access, so everything used here
/// is public.
@Suite struct DMGBuilderAPITests {
  /// Options for `Payload.dmg` in `folder`, from a folder of `count` random bytes, compressed by
  /// one thread so that the volume takes a batch of chunks for every 4 MiB.
  static func payloadOptions(in folder: TemporaryFolder, count: Int, format: ImageFormat) throws
    -> DMGBuildOptions
  {
    let payload = try folder.randomPayload("Payload", count: count)
    var options = DMGBuildOptions(source: payload, output: folder.path("Payload.dmg"), threads: 1)
    options.format = format
    return options
  }

  @Test func buildReportsProgressThatGrowsToTheTotal() async throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    let options = try Self.payloadOptions(in: folder, count: 12 << 20, format: .udro)

    let (stream, continuation) = AsyncStream.makeStream(of: DMGBuildProgress.self)
    let result = try await DMGBuilder(options: options).build { continuation.yield($0) }
    continuation.finish()
    var reports: [DMGBuildProgress] = []
    for await report in stream { reports.append(report) }

    #expect(reports.count > 1)
    #expect(zip(reports, reports.dropFirst()).allSatisfy { $0.completedBytes < $1.completedBytes })
    #expect(reports.allSatisfy { $0.totalBytes == result.volumeBytes })
    #expect(reports.last?.completedBytes == result.volumeBytes)
    #expect(reports.last?.fractionCompleted == 1)
    #expect(result.output == folder.path("Payload.dmg"))
    #expect(result.volumeName == "Payload")
    let size = try FileManager.default.attributesOfItem(atPath: result.output)[.size] as? Int
    #expect(size.map(Int64.init) == result.imageBytes)
    #expect(folder.contents == ["Payload", "Payload.dmg"])
  }

  @Test func buildsTheLayoutExample() async throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    let layout = examples + "/layout"
    var options = DMGBuildOptions(source: examples + "/Hello.app", output: folder.path("Hello.dmg"))
    options.background = layout + "/background.png"
    options.volumeIcon = layout + "/Hello.icns"
    options.layout.windowSize = (width: 660, height: 400)
    options.layout.positions = ["Hello.app": (x: 180, y: 170), "Applications": (x: 480, y: 170)]
    options.licenses = [
      LicenseAgreement.Source(language: "de", path: layout + "/LIZENZ.txt"),
      LicenseAgreement.Source(language: "en", path: layout + "/LICENSE.txt"),
    ]
    options.licenseDefaultLanguage = "en"

    let result = try await DMGBuilder(options: options).build()

    #expect(result.volumeName == "Hello")
    #expect(result.fileCount > result.folderCount)
    let image = try Data(contentsOf: URL(fileURLWithPath: result.output))
    #expect(Int64(image.count) == result.imageBytes)
    #expect(image.suffix(512).prefix(4) == Data("koly".utf8))
  }

  @Test func cancellingTheTaskStopsTheBuildAndLeavesNoFile() async throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    let options = try Self.payloadOptions(in: folder, count: 8 << 20, format: .udbz)

    let (reports, reported) = AsyncStream.makeStream(of: DMGBuildProgress.self)
    let task = Task {
      try await DMGBuilder(options: options).build { progress in
        reported.yield(progress)
        // The build's own task is cancelled after its first batch: the cancellation lands
        // mid-build whatever the machine's speed, and nothing waits on another thread (a
        // callback that blocks can starve a busy cooperative pool).
        withUnsafeCurrentTask { $0?.cancel() }
      }
    }

    await #expect(throws: CancellationError.self) { try await task.value }
    reported.finish()
    var all: [DMGBuildProgress] = []
    for await report in reports { all.append(report) }
    #expect(all.count == 1)
    let report = try #require(all.first)
    #expect(report.completedBytes < report.totalBytes)
    #expect(folder.contents == ["Payload"])
  }

  @Test func aTaskCancelledBeforeTheBuildWritesNothing() async throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    let options = DMGBuildOptions(
      source: examples + "/Hello.app", output: folder.path("Hello.dmg"))

    let task = Task {
      withUnsafeCurrentTask { $0?.cancel() }
      return try await DMGBuilder(options: options).build()
    }

    await #expect(throws: CancellationError.self) { try await task.value }
    #expect(folder.contents.isEmpty)
  }
}
