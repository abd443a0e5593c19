import ShipyardCLI

/// The `shipyard` command: everything happens in ``ShipyardCLI``.
@main
struct Entrypoint {
  static func main() async {
    await Shipyard.run(arguments: Array(CommandLine.arguments.dropFirst()))
  }
}
