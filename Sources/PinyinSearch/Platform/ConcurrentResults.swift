/// One result slot per task of a `DispatchQueue.concurrentPerform`, filled by the tasks and
/// read once they have all finished. Behind a lock (`Locked`), so `Sendable` without unchecked
/// claims.
final class ConcurrentResults<Value: Sendable>: Sendable {
  private let slots: Locked<[Value?]>

  /// `count` empty slots.
  init(count: Int) {
    slots = Locked([Value?](repeating: nil, count: count))
  }

  /// Stores the result of task `index`.
  func set(_ index: Int, _ value: Value) {
    slots.withLock { $0[index] = value }
  }

  /// Takes the result of task `index` out of its slot.
  func take(_ index: Int) -> Value {
    slots.withLock { slots in
      guard let value = slots[index].take() else { preconditionFailure("task \(index) stored no result") }
      return value
    }
  }

  /// Every stored result, in task order.
  var values: [Value] {
    slots.withLock { $0.compactMap { $0 } }
  }
}
