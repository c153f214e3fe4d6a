import PinyinSearchRedis

/// `index --redis`'s flags for writing: how long to wait for another writer's lease
/// (`--redis-lease-wait`) and how many replicas must acknowledge the writes (`--redis-replicas`).
enum RedisWriteFlags {
  /// The flags.
  static let options: [OptionDefinition] = [.redisLeaseWait, .redisReplicas]

  /// Their help in `index`.
  static let optionHelp = """
      --redis-lease-wait SECONDS
                       Wait this long for another writer of the namespace to
                       finish (default 0: fail at once, naming it).
      --redis-replicas N
                       Report success only once N replicas of every primary have
                       every write (WAIT; default 1, 0 for a cluster without
                       replicas).
    """

  /// The write options of `arguments`, with this process as the lease's holder.
  ///
  /// - Throws: `.invalidValue` for a wait that is not seconds from 0 to 3600, or a count of
  ///   replicas that is not a number from 0 to 16.
  static func writeOptions(parsing arguments: Arguments) throws(CommandLineError) -> RedisWriteOptions {
    let wait = try RedisOptions.seconds(arguments, .redisLeaseWait, default: .zero, minimum: .zero)
    var replicas = 1
    if let text = arguments.value(of: .redisReplicas) {
      guard text.utf8.count <= 2, let number = Int(text), (0...16).contains(number), !text.hasPrefix("+") else {
        throw .invalidValue(
          text, option: OptionDefinition.redisReplicas.name, expected: "a number from 0 to 16",
          command: arguments.command)
      }
      replicas = number
    }
    let holder = "pinyin-search index on \(System.hostName()) (pid \(System.processID()))"
    return RedisWriteOptions(holder: holder, leaseWait: wait, replicas: replicas)
  }
}
