/// A process of the world: what a kill takes down.
public enum Process: Hashable, Sendable {
  case app, widgetExtension, watchApp
}
