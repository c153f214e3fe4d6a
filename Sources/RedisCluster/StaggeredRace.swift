import Dispatch

/// Asks several nodes the same thing, each on a thread of its own, and takes the first answer:
/// how the client reads the slot map, so that a few stopped nodes among the seeds cost at most
/// the call's deadline rather than a timeout each, one after another.
///
/// The first node is asked at once; each next one when every node asked so far has failed, or
/// `stagger` after the last was asked, whichever comes first (and none after a failure that
/// `isFinal` says every node would give): with a healthy first node, one
/// connection; with every node stopped, all asked within the first `stagger × n`. Every attempt
/// must itself end by the deadline; the race returns when one succeeds, or when every attempt
/// started has ended (at the latest a second after the deadline: one still running then counts
/// as timed out, and its outcome is dropped when it ends).
enum StaggeredRace {
  /// How a race ended.
  enum Outcome<Value> {
    /// The first attempt that succeeded gave this.
    case success(Value)
    /// Every attempt started failed: one error each, in the order they were started.
    case failure([RedisError])
  }

  /// The first success of `attempt` over `nodes`, or every failure in the order the nodes were
  /// asked.
  static func first<Value: Sendable>(
    of nodes: [RedisAddress],
    stagger: Duration,
    deadline: ContinuousClock.Instant,
    stoppingAt isFinal: @escaping @Sendable (RedisError) -> Bool = { _ in false },
    attempt: @escaping @Sendable (RedisAddress) throws(RedisError) -> Value
  ) -> Outcome<Value> {
    if nodes.count == 1 {
      do throws(RedisError) {
        return .success(try attempt(nodes[0]))
      } catch {
        return .failure([error])
      }
    }
    let board = Board<Value>(count: nodes.count)
    let wakeUp = DispatchSemaphore(value: 0)
    var started = 0
    var nextStart = ContinuousClock.now
    let giveUp = deadline + .seconds(1)
    while true {
      let now = ContinuousClock.now
      let (success, finished, hasFinalFailure) = board.standing(isFinal: isFinal)
      if let success { return .success(success) }
      if finished == started && (started == nodes.count || now >= deadline || hasFinalFailure) { break }
      if hasFinalFailure {
        // A failure every node would give: no more nodes are asked; those asked are waited for.
        if now >= giveUp { break }
        _ = wakeUp.wait(timeout: dispatchTime(giveUp))
        continue
      }
      if started < nodes.count && now < deadline && (now >= nextStart || finished == started) {
        let number = started
        let node = nodes[number]
        started += 1
        nextStart = now + stagger
        // A serial queue of its own: libdispatch gives it a thread even when others block (the
        // width of a concurrent queue is the number of cores).
        DispatchQueue(label: "RedisCluster.race").async {
          let outcome: Result<Value, RedisError>
          do throws(RedisError) {
            outcome = .success(try attempt(node))
          } catch {
            outcome = .failure(error)
          }
          board.record(outcome, at: number)
          wakeUp.signal()
        }
        continue
      }
      if now >= giveUp { break }
      let until = started < nodes.count && now < deadline ? min(nextStart, deadline) : giveUp
      _ = wakeUp.wait(timeout: dispatchTime(until))
    }
    let errors = board.errors(of: Array(nodes[..<started]))
    return .failure(errors)
  }

  /// The outcomes so far, shared with the attempts' threads.
  private final class Board<Value: Sendable>: Sendable {
    private let state: Locked<(success: Value?, failures: [RedisError?], finished: Int)>

    init(count: Int) {
      state = Locked((nil, [RedisError?](repeating: nil, count: count), 0))
    }

    func record(_ outcome: Result<Value, RedisError>, at number: Int) {
      state.withLock { state in
        state.finished += 1
        switch outcome {
        case .success(let value): if state.success == nil { state.success = value }
        case .failure(let error): state.failures[number] = error
        }
      }
    }

    func standing(isFinal: (RedisError) -> Bool) -> (success: Value?, finished: Int, hasFinalFailure: Bool) {
      state.withLock { state in
        (state.success, state.finished, state.failures.contains { $0.map(isFinal) ?? false })
      }
    }

    /// The failure of each of `nodes` (the first ones asked), a timeout for one still running.
    func errors(of nodes: [RedisAddress]) -> [RedisError] {
      state.withLock { state in
        nodes.indices.map { state.failures[$0] ?? .timedOut(address: nodes[$0], operation: .read) }
      }
    }
  }
}

/// The dispatch time of a clock instant.
func dispatchTime(_ instant: ContinuousClock.Instant) -> DispatchTime {
  let (seconds, attoseconds) = max(instant - .now, .zero).components
  return .now() + .nanoseconds(Int(clamping: seconds &* 1_000_000_000 &+ attoseconds / 1_000_000_000))
}
