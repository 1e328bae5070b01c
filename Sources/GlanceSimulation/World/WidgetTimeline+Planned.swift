public import GlanceKernel

extension WidgetTimeline {
  /// An engine's planned timeline (the kernel's `Timeline`), each entry's model shown as
  /// `display`.
  public init<Model>(_ planned: Timeline<Model>, display: (Model) -> Display) {
    self.init(entries: planned.entries.map { Entry(date: $0.date, display: display($0.model)) }, policy: planned.policy)
  }
}
