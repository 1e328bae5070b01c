/// A count shared by the copies of a value (a design is a struct): `next()` hands out 1, 2, 3…
final class Counter {
  private var count = 0

  func next() -> Int {
    count += 1
    return count
  }
}
