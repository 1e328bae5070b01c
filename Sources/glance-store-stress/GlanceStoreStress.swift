import ArgumentParser

/// `glance-store-stress`: several OS processes (the app, the widget intent, the watch receiver)
/// write one GlanceStore database at full speed while a driver kills them with `SIGKILL` at
/// random and restarts them; at the end the driver checks that no acknowledged write was lost,
/// nothing was written twice or invented, and SQLite's `integrity_check` passes.
@main
struct GlanceStoreStress: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "glance-store-stress",
    abstract: "Kill store writers at random and check that no acknowledged write is lost.",
    discussion: """
      Example:
        glance-store-stress drive --seconds 120 --seed 7
      Exit codes: 0 every invariant held; 1 one failed (the message names it); 2 a worker found a
      broken law and stopped; 64 a usage error.
      """,
    subcommands: [DriveCommand.self, WorkerCommand.self],
    defaultSubcommand: DriveCommand.self)
}
