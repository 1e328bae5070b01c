/// One ```swift block of Glance's README.md, compiled as the body of `run`.
///
/// The plugin ReadmeBlocks generates `readmeBlocks`, the list of every block in README order
/// (see this package's README.md for the rules).
public struct ReadmeBlock: Sendable {
  /// The block's function name, `readmeBlock<index>Line<line>`.
  public let name: String
  /// The line of README.md that opens the block (its fence).
  public let line: Int
  /// Runs the block's code.
  public let run: @Sendable () async throws -> Void

  public init(name: String, line: Int, run: @escaping @Sendable () async throws -> Void) {
    self.name = name
    self.line = line
    self.run = run
  }
}
