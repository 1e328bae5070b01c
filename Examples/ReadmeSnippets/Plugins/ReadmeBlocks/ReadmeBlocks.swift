import PackagePlugin

/// Turns the Swift blocks of Glance's README.md (two folders up) into ReadmeBlocks.swift, a
/// source file of the target the plugin is applied to. The file lives in the plugin's work
/// folder, never in git, and is regenerated whenever README.md changes.
@main
struct ReadmeBlocks: BuildToolPlugin {
  func createBuildCommands(context: PluginContext, target: any Target) throws -> [Command] {
    let readme = context.package.directoryURL.appending(path: "../../README.md").standardizedFileURL
    let output = context.pluginWorkDirectoryURL.appending(path: "ReadmeBlocks.swift")
    return [
      .buildCommand(
        displayName: "Extracting the Swift blocks of \(readme.path)",
        executable: try context.tool(named: "readme-blocks").url,
        arguments: [readme.path, output.path],
        inputFiles: [readme],
        outputFiles: [output]
      )
    ]
  }
}
