import CodeSigning
import Foundation
import SystemSupport

/// What the pairing reads of each app: entries as `lstat` sees them, folders' names, links'
/// destinations, Mach-O headers and file contents; every failure an error naming the path.
extension AppTreePairing {
  func entry(_ side: Side, _ path: String) throws(UniversalAppMergeError) -> Entry? {
    let url = location(side, path)
    do {
      // The apps themselves may be links (`build/MyApp.app -> …`); nothing inside is followed.
      return try FileStatus.of(url, followingLinks: path.isEmpty).map {
        Entry(status: $0, url: url)
      }
    } catch {
      throw .badInput(url, reason: error.description)
    }
  }

  func location(_ side: Side, _ path: String) -> String {
    let root = roots[side] ?? ""
    return path.isEmpty ? root : root + "/" + path
  }

  func names(_ entry: Entry) throws(UniversalAppMergeError) -> [String] {
    do {
      return try FolderListing.names(in: entry.url)
    } catch {
      throw .badInput(error.path ?? entry.url, reason: error.listingProblem)
    }
  }

  func destination(_ entry: Entry) throws(UniversalAppMergeError) -> String {
    do {
      return try FileManager.default.destinationOfSymbolicLink(atPath: entry.url)
    } catch {
      throw .badInput(entry.url, reason: "cannot read the link: \(error.localizedDescription)")
    }
  }

  func describe(_ entry: Entry) throws(UniversalAppMergeError) -> String {
    switch entry.status.kind {
    case .directory: "folder"
    case .symbolicLink: "symbolic link"
    case .regular: try isMachO(entry) ? "Mach-O file" : "data file"
    default: "special file"
    }
  }

  func isMachO(_ entry: Entry) throws(UniversalAppMergeError) -> Bool {
    do {
      return try MachOFileDetection.isMachO(at: entry.url)
    } catch {
      throw .badInput(entry.url, reason: error.description)
    }
  }

  func extents(_ entry: Entry) throws(UniversalAppMergeError) -> MachOSliceExtents {
    do {
      let descriptor = try FileDescriptor.openForReading(entry.url)
      defer { descriptor.close() }
      return try MachOSliceExtents(
        reading: descriptor, size: Int(entry.status.size), path: entry.url)
    } catch {
      throw .badInput(entry.url, reason: "\(error)")
    }
  }

  /// Whether two regular files hold the same bytes, read a megabyte at a time.
  func sameContent(_ first: Entry, _ second: Entry) throws(UniversalAppMergeError)
    -> Bool
  {
    guard first.status.size == second.status.size else { return false }
    var opened: [FileDescriptor] = []
    defer { for descriptor in opened { descriptor.close() } }
    do {
      opened = [try FileDescriptor.openForReading(first.url)]
      opened.append(try FileDescriptor.openForReading(second.url))
      var offset: Int64 = 0
      while offset < first.status.size {
        let count = Int(min(1 << 20, first.status.size - offset))
        let chunks = (
          try opened[0].read(at: offset, count: count), try opened[1].read(at: offset, count: count)
        )
        guard chunks.0.count == chunks.1.count else { return false }
        let equal = chunks.0.withUnsafeBytes { first in
          chunks.1.withUnsafeBytes { second in
            guard let a = first.baseAddress, let b = second.baseAddress else { return true }
            return memcmp(a, b, first.count) == 0
          }
        }
        guard equal else { return false }
        guard chunks.0.count == count else { return true }
        offset += Int64(count)
      }
      return true
    } catch {
      throw .badInput(error.path ?? first.url, reason: error.description)
    }
  }
}
