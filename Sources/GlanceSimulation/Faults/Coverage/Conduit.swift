/// What carries data to a surface, as the coverage of the fault space counts it (the issue's
/// "channel"; *channel* alone names WatchConnectivity's, ``Channel``): a fault takes effect on
/// something travelling on one of these, or on the process behind the surface.
///
/// - ``process``: the process behind the surface (the app, the widget extension, the watch app):
///   what it keeps in memory and the steps of the operation it is running. A kill acts here.
/// - ``store``: a store on the phone that a design commits to (the App Group database the app
///   and its widget extension share, or the app's own container before a store move): it
///   carries what one process wrote to every surface of the phone.
/// - ``defaults``: the App Group's key-value defaults (``AppGroupDefaults``), which the app and
///   the widget extension read and write.
/// - ``reload``: WidgetKit's reloads, which carry a new timeline to a widget.
/// - ``sendMessage``, ``transferUserInfo``, ``applicationContext``: WatchConnectivity's three
///   channels (``Channel``), between the phone's app and the watch app.
///
/// ## Laws
/// - `allCases` is the order of cells (see `CoverageCell`); raw values are distinct and
///   contain no `/` (a cell's name is its axes joined by `/`).
public enum Conduit: String, Hashable, Sendable, CaseIterable {
  /// The process behind the surface: its memory and its operation's steps.
  case process
  /// A store on the phone a design commits to.
  case store
  /// The App Group's key-value defaults.
  case defaults
  /// WidgetKit's reloads of a widget's timeline.
  case reload
  /// WatchConnectivity's `sendMessage` (and its reply).
  case sendMessage
  /// WatchConnectivity's `transferUserInfo`.
  case transferUserInfo
  /// WatchConnectivity's `updateApplicationContext`.
  case applicationContext

  /// Its place in `allCases`.
  var position: Int {
    switch self {
    case .process: 0
    case .store: 1
    case .defaults: 2
    case .reload: 3
    case .sendMessage: 4
    case .transferUserInfo: 5
    case .applicationContext: 6
    }
  }
}
