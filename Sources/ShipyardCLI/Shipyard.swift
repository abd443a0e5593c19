/// The `shipyard` command line.
public enum Shipyard {
  /// Runs the command line.
  ///
  /// - Parameter arguments: The arguments after the program name.
  public static func run(arguments: [String]) async {}
}
