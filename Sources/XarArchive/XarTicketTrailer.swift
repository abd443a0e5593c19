/// A notarization ticket stapled to a xar archive (a flat installer package).
///
/// After the last byte the table of contents accounts for come a `t8lr` record of type 1 (the
/// end of the archive),
/// the ticket, and a `t8lr` record of type 2 giving the ticket's length. The records are 16
/// bytes, little-endian (magic, version 1, type, length, unused); nothing inside the archive
/// changes, so its signatures stay valid.
///
/// ```swift
/// let tail = XarTicketTrailer.bytes(ticket: ticket)  // appended to the package
/// let found = XarTicketTrailer.ticket(in: lastBytes)  // the ticket, if the tail holds one
/// ```
package enum XarTicketTrailer {
  /// The records' magic, `t8lr`.
  static let magic = Array("t8lr".utf8)
  /// A record's size.
  package static let recordSize = 16

  /// The trailer of `ticket`.
  package static func bytes(ticket: [UInt8]) -> [UInt8] {
    record(type: 1, length: 0) + ticket + record(type: 2, length: UInt32(ticket.count))
  }

  /// The ticket a stapled archive's `tail` (its last bytes, the whole trailer among them) ends
  /// with, or `nil` when it ends with no trailer.
  package static func ticket(in tail: some Collection<UInt8>) -> [UInt8]? {
    let bytes = Array(tail)
    guard let length = ticketLength(endingWith: bytes.suffix(recordSize)),
      bytes.count >= 2 * recordSize + length
    else { return nil }
    let start = bytes.count - recordSize - length
    let terminator = bytes[(start - recordSize)..<start]
    guard Array(terminator) == record(type: 1, length: 0) else { return nil }
    return Array(bytes[start..<(start + length)])
  }

  /// The length of the whole trailer whose last record is `last`, or `nil` when it is not one.
  package static func trailerLength(endingWith last: some Collection<UInt8>) -> Int? {
    ticketLength(endingWith: last).map { $0 + 2 * recordSize }
  }

  /// The ticket's length the type-2 record `last` gives, or `nil` when it is not one.
  private static func ticketLength(endingWith last: some Collection<UInt8>) -> Int? {
    let record = Array(last)
    guard record.count == recordSize, Array(record[0..<4]) == magic,
      littleEndian(record[4..<6]) == 1, littleEndian(record[6..<8]) == 2
    else { return nil }
    return Int(littleEndian(record[8..<12]))
  }

  /// A record of `type` and `length`.
  private static func record(type: UInt16, length: UInt32) -> [UInt8] {
    magic + [1, 0] + [UInt8(type & 0xFF), UInt8(type >> 8)]
      + (0..<4).map { UInt8(truncatingIfNeeded: length >> (8 * $0)) } + [0, 0, 0, 0]
  }

  /// The little-endian number of `bytes`.
  private static func littleEndian(_ bytes: ArraySlice<UInt8>) -> UInt32 {
    bytes.reversed().reduce(0) { $0 << 8 | UInt32($1) }
  }
}
