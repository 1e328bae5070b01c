/// A labelled stream opened on a ``Choices`` (``Choices/open(_:)``): the handle each drawing
/// place keeps, so that a draw finds its stream by position, never by hashing its label.
///
/// ## Laws
/// - A handle is valid only on the ``Choices`` that opened it (or a copy of it).
public struct ChoiceStream: Hashable, Sendable {
  /// The stream's position in its ``Choices``.
  let index: Int
}
