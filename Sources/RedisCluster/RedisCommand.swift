/// One command for a Redis Cluster, with how the client finds the node to send it to.
///
/// A command is its arguments, the name first, each any bytes. A command on keys names the
/// argument that holds its key: the client sends the command to the primary that serves that
/// key's ``HashSlot``. All the keys of a multi-key command must share a slot (use a hash tag).
///
///     RedisCommand(["SET", "user:1", "Li Na"], keyAt: 1)
///     RedisCommand(["MGET", "{user:1}.name", "{user:1}.city"], keyAt: 1)
///     RedisCommand(["PING"], route: .slot(HashSlot(rawValue: 0)!))
public struct RedisCommand: Hashable, Sendable {
  /// How the client chooses the node for a command.
  public enum Route: Hashable, Sendable {
    /// The primary serving the slot of the key in `arguments[argumentIndex]`, following
    /// redirections.
    case key(at: Int)
    /// The primary serving a slot, following redirections: for commands without a key.
    case slot(HashSlot)
    /// One node, whatever it serves: redirections and errors are the command's result, and the
    /// command is not retried. For administration (`CLUSTER …`, `SHUTDOWN`).
    case node(RedisAddress)
  }

  /// The command's name and arguments, each as bytes.
  public let arguments: [[UInt8]]
  /// How the client chooses the node for the command.
  public let route: Route

  /// Creates a command and its route.
  ///
  /// - Parameters:
  ///   - arguments: The command's name and arguments; at least the name.
  ///   - route: How to choose the node; a key route must name one of `arguments`.
  public init(_ arguments: [[UInt8]], route: Route) {
    precondition(!arguments.isEmpty, "a Redis command needs at least its name")
    if case .key(let index) = route {
      precondition(
        arguments.indices.contains(index) && index > 0,
        "the key of a Redis command is one of its arguments after the name (index \(index) of \(arguments.count))"
      )
    }
    self.arguments = arguments
    self.route = route
  }

  /// Creates a command on the key in `arguments[keyIndex]`.
  ///
  /// - Parameters:
  ///   - arguments: The command's name and arguments.
  ///   - keyIndex: The index of the key in `arguments`: 1 for `GET key` and `SET key value`.
  public init(_ arguments: [[UInt8]], keyAt keyIndex: Int) {
    self.init(arguments, route: .key(at: keyIndex))
  }

  /// Creates a command from text arguments, each sent as its UTF-8 bytes, and its route.
  ///
  /// - Parameters:
  ///   - arguments: The command's name and arguments; at least the name.
  ///   - route: How to choose the node; a key route must name one of `arguments`.
  public init(_ arguments: [String], route: Route) {
    self.init(arguments.map { Array($0.utf8) }, route: route)
  }

  /// Creates a command from text arguments, each sent as its UTF-8 bytes, on the key in
  /// `arguments[keyIndex]`.
  ///
  /// - Parameters:
  ///   - arguments: The command's name and arguments.
  ///   - keyIndex: The index of the key in `arguments`: 1 for `GET key` and `SET key value`.
  public init(_ arguments: [String], keyAt keyIndex: Int) {
    self.init(arguments.map { Array($0.utf8) }, route: .key(at: keyIndex))
  }

  /// The slot that routes the command, or `nil` for a command sent to one node.
  var slot: HashSlot? {
    switch route {
    case .key(let index): return HashSlot(key: arguments[index])
    case .slot(let slot): return slot
    case .node: return nil
    }
  }
}
