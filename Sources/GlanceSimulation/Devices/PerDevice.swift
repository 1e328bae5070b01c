/// One value for each device, read and written by ``Device``: two stored fields rather than a
/// dictionary, so the simulator's hottest reads (what is on its way to a device, after every
/// event) hash nothing.
///
/// ## Laws
/// - `self[d] = v` then `self[d] == v`, and the other device's value is unchanged.
struct PerDevice<Value> {
  var phone: Value
  var watch: Value

  init(phone: Value, watch: Value) {
    self.phone = phone
    self.watch = watch
  }

  init(repeating value: Value) {
    phone = value
    watch = value
  }

  subscript(device: Device) -> Value {
    get {
      switch device {
      case .phone: return phone
      case .watch: return watch
      }
    }
    _modify {
      switch device {
      case .phone: yield &phone
      case .watch: yield &watch
      }
    }
  }
}
