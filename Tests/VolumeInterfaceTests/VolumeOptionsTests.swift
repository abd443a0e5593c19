import Testing
import VolumeInterface

/// The options every volume is built with.
@Suite struct VolumeOptionsTests {
  @Test func defaultsAreHdiutils() {
    let options = VolumeOptions(volumeName: "Hello")
    #expect(options.ownerID == 501 && options.groupID == 20)
    #expect(options.freeSpace == 0 && options.rootFinderFlags == 0 && !options.caseSensitive)
    #expect(options.dateLimit == nil && options.volumeIdentifier == nil)
  }

  @Test func datesAreClampedToTheLimit() {
    var options = VolumeOptions(volumeName: "Hello")
    #expect(options.clamped(1_800_000_000) == 1_800_000_000)
    options.dateLimit = 1_700_000_000  // SOURCE_DATE_EPOCH
    #expect(options.clamped(1_800_000_000) == 1_700_000_000)
    #expect(options.clamped(1_600_000_000) == 1_600_000_000)
    #expect(options.clamped(-5) == -5)
  }
}
