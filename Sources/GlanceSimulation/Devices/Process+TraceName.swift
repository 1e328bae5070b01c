extension Process {
  /// `"\(process)"` (the case's name: `app`, `widgetExtension`, `watchApp`), written out because
  /// interpolation finds it by reflection, which costs about 45,000 instructions, and a trace
  /// names a process in most of its lines. `WorldTraceNameTests` compares it with
  /// `String(describing:)`.
  var traceName: String {
    switch self {
    case .app: "app"
    case .widgetExtension: "widgetExtension"
    case .watchApp: "watchApp"
    }
  }
}
