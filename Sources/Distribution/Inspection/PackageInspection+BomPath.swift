import InstallerPackage

extension PackageInspection {
  /// A path of a component's bill of materials, with what `lsbom` lists of it.
  public struct BomPath: Sendable, Codable, Equatable {
    /// What a path is, by its record's type.
    public enum Kind: String, Sendable, Codable, Equatable {
      /// A regular file (type 1).
      case file
      /// A folder (type 2).
      case folder
      /// A symbolic link (type 3).
      case symbolicLink
      /// A device (type 4).
      case device
    }

    /// The path, such as `.` or `./Demo.app/Contents/Info.plist`.
    public let path: String
    /// What it is.
    public let kind: Kind
    /// The type bits and permissions in octal, as `lsbom` shows them: `100644`, `40755`.
    public let mode: String
    /// The owner's user ID.
    public let uid: UInt32
    /// The owner's group ID.
    public let gid: UInt32
    /// A file's bytes, a link's target length, a folder's size as the Bom gives it.
    public let size: Int64
    /// The POSIX `cksum` of a file's bytes or a link's target, as `cksum` prints it; `nil` for
    /// a folder or a device.
    public let checksum: UInt32?
    /// A symbolic link's target.
    public let linkTarget: String?
    /// A device's number.
    public let device: UInt32?

    /// The path `record` describes.
    init(_ record: BomRecord) {
      path = record.path
      mode = String(record.mode, radix: 8)
      uid = record.userID
      gid = record.groupID
      size = record.size
      switch record.kind {
      case .file: (kind, checksum, linkTarget, device) = (.file, record.checksum, nil, nil)
      case .folder: (kind, checksum, linkTarget, device) = (.folder, nil, nil, nil)
      case .symbolicLink(let target):
        (kind, checksum, linkTarget, device) = (.symbolicLink, record.checksum, target, nil)
      case .device(let number): (kind, checksum, linkTarget, device) = (.device, nil, nil, number)
      }
    }
  }
}
