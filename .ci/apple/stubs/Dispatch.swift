// Type-checking stand-in for Apple's Dispatch overlay (signatures follow swift-corelibs-libdispatch).
// Bodies never run. Extend when the checked sources use more of Dispatch.
public struct DispatchQoS: Equatable, Sendable {
  public enum QoSClass: Sendable { case background, utility, `default`, userInitiated, userInteractive, unspecified }
  public let qosClass: QoSClass
  public let relativePriority: Int
  public init(qosClass: QoSClass, relativePriority: Int) { self.qosClass = qosClass; self.relativePriority = relativePriority }
  public static let background = DispatchQoS(qosClass: .background, relativePriority: 0)
  public static let utility = DispatchQoS(qosClass: .utility, relativePriority: 0)
  public static let `default` = DispatchQoS(qosClass: .default, relativePriority: 0)
  public static let userInitiated = DispatchQoS(qosClass: .userInitiated, relativePriority: 0)
  public static let userInteractive = DispatchQoS(qosClass: .userInteractive, relativePriority: 0)
  public static let unspecified = DispatchQoS(qosClass: .unspecified, relativePriority: 0)
}
public struct DispatchWorkItemFlags: OptionSet, Sendable {
  public let rawValue: UInt
  public init(rawValue: UInt) { self.rawValue = rawValue }
  public static let barrier = DispatchWorkItemFlags(rawValue: 1)
  public static let detached = DispatchWorkItemFlags(rawValue: 2)
  public static let assignCurrentContext = DispatchWorkItemFlags(rawValue: 4)
  public static let noQoS = DispatchWorkItemFlags(rawValue: 8)
  public static let inheritQoS = DispatchWorkItemFlags(rawValue: 16)
  public static let enforceQoS = DispatchWorkItemFlags(rawValue: 32)
}
public enum DispatchTimeInterval: Equatable, Sendable {
  case seconds(Int), milliseconds(Int), microseconds(Int), nanoseconds(Int), never
}
public struct DispatchTime: Comparable, Sendable {
  public let rawValue: UInt64
  public let uptimeNanoseconds: UInt64
  public init(uptimeNanoseconds: UInt64) { rawValue = uptimeNanoseconds; self.uptimeNanoseconds = uptimeNanoseconds }
  public static func now() -> DispatchTime { fatalError() }
  public static let distantFuture = DispatchTime(uptimeNanoseconds: .max)
  public static func < (a: DispatchTime, b: DispatchTime) -> Bool { a.rawValue < b.rawValue }
  public static func + (t: DispatchTime, i: DispatchTimeInterval) -> DispatchTime { t }
  public static func + (t: DispatchTime, s: Double) -> DispatchTime { t }
  public static func - (t: DispatchTime, i: DispatchTimeInterval) -> DispatchTime { t }
  public static func - (t: DispatchTime, s: Double) -> DispatchTime { t }
  @available(macOS 10.15, iOS 13.0, tvOS 13.0, watchOS 6.0, *)
  public func distance(to other: DispatchTime) -> DispatchTimeInterval { fatalError() }
  @available(macOS 10.15, iOS 13.0, tvOS 13.0, watchOS 6.0, *)
  public func advanced(by n: DispatchTimeInterval) -> DispatchTime { fatalError() }
}
public struct DispatchWallTime: Comparable, Sendable {
  public let rawValue: UInt64
  public static func now() -> DispatchWallTime { fatalError() }
  public static let distantFuture = DispatchWallTime(rawValue: .max)
  public static func < (a: DispatchWallTime, b: DispatchWallTime) -> Bool { a.rawValue < b.rawValue }
  public static func + (t: DispatchWallTime, i: DispatchTimeInterval) -> DispatchWallTime { t }
  public static func + (t: DispatchWallTime, s: Double) -> DispatchWallTime { t }
}
public enum DispatchTimeoutResult: Sendable { case success, timedOut }
open class DispatchObject: @unchecked Sendable {
  public func resume() {}
  public func suspend() {}
  public func activate() {}
  public func setTarget(queue: DispatchQueue?) {}
}
public final class DispatchWorkItem: @unchecked Sendable {
  public init(qos: DispatchQoS = .unspecified, flags: DispatchWorkItemFlags = [], block: @escaping @Sendable () -> Void) {}
  public func perform() {}
  public func wait() {}
  public func wait(timeout: DispatchTime) -> DispatchTimeoutResult { fatalError() }
  public func notify(qos: DispatchQoS = .unspecified, flags: DispatchWorkItemFlags = [], queue: DispatchQueue, execute: @escaping @Sendable () -> Void) {}
  public func cancel() {}
  public var isCancelled: Bool { fatalError() }
}
public final class DispatchGroup: DispatchObject, @unchecked Sendable {
  public override init() {}
  public func enter() {}
  public func leave() {}
  public func wait() {}
  public func wait(timeout: DispatchTime) -> DispatchTimeoutResult { fatalError() }
  public func wait(wallTimeout: DispatchWallTime) -> DispatchTimeoutResult { fatalError() }
  public func notify(qos: DispatchQoS = .unspecified, flags: DispatchWorkItemFlags = [], queue: DispatchQueue, execute work: @escaping @Sendable () -> Void) {}
  public func notify(queue: DispatchQueue, work: DispatchWorkItem) {}
}
public final class DispatchSemaphore: DispatchObject, @unchecked Sendable {
  public init(value: Int) {}
  public func wait() {}
  public func wait(timeout: DispatchTime) -> DispatchTimeoutResult { fatalError() }
  public func wait(wallTimeout: DispatchWallTime) -> DispatchTimeoutResult { fatalError() }
  @discardableResult public func signal() -> Int { fatalError() }
}
public final class DispatchSpecificKey<T> { public init() {} }
extension DispatchSpecificKey: Sendable where T: Sendable {}
public final class DispatchQueue: DispatchObject, @unchecked Sendable {
  public struct Attributes: OptionSet, Sendable {
    public let rawValue: UInt64
    public init(rawValue: UInt64) { self.rawValue = rawValue }
    public static let concurrent = Attributes(rawValue: 2)
    public static let initiallyInactive = Attributes(rawValue: 4)
  }
  public enum AutoreleaseFrequency: Sendable { case inherit, workItem, never }
  public init(label: String, qos: DispatchQoS = .unspecified, attributes: Attributes = [],
              autoreleaseFrequency: AutoreleaseFrequency = .inherit, target: DispatchQueue? = nil) {}
  public var label: String { fatalError() }
  public var qos: DispatchQoS { fatalError() }
  public class func concurrentPerform(iterations: Int, execute work: (Int) -> Void) {}
  public class var main: DispatchQueue { fatalError() }
  public class func global(qos: DispatchQoS.QoSClass = .default) -> DispatchQueue { fatalError() }
  public class func getSpecific<T>(key: DispatchSpecificKey<T>) -> T? { nil }
  public func getSpecific<T>(key: DispatchSpecificKey<T>) -> T? { nil }
  public func setSpecific<T>(key: DispatchSpecificKey<T>, value: T?) {}
  public func sync(execute workItem: DispatchWorkItem) {}
  public func async(execute workItem: DispatchWorkItem) {}
  public func async(group: DispatchGroup, execute workItem: DispatchWorkItem) {}
  public func async(group: DispatchGroup? = nil, qos: DispatchQoS = .unspecified, flags: DispatchWorkItemFlags = [],
                    execute work: @escaping @Sendable () -> Void) {}
  public func sync<T>(execute work: () throws -> T) rethrows -> T { fatalError() }
  public func sync<T>(flags: DispatchWorkItemFlags, execute work: () throws -> T) rethrows -> T { fatalError() }
  public func asyncAfter(deadline: DispatchTime, qos: DispatchQoS = .unspecified, flags: DispatchWorkItemFlags = [],
                         execute work: @escaping @Sendable () -> Void) {}
  public func asyncAfter(wallDeadline: DispatchWallTime, qos: DispatchQoS = .unspecified, flags: DispatchWorkItemFlags = [],
                         execute work: @escaping @Sendable () -> Void) {}
  public func asyncAfter(deadline: DispatchTime, execute: DispatchWorkItem) {}
  public func asyncAndWait<T>(execute work: () throws -> T) rethrows -> T { fatalError() }
}
public func dispatchPrecondition(condition: @autoclosure () -> DispatchPredicate) {}
public enum DispatchPredicate { case onQueue(DispatchQueue), onQueueAsBarrier(DispatchQueue), notOnQueue(DispatchQueue) }
