/// The user and password a client authenticates with on every connection it opens (`AUTH`),
/// for clusters that require them (`requirepass`, ACL users).
///
/// The password is never part of a description, a debug description or a mirror, so that
/// printing a configuration or an error cannot show it:
///
///     let credentials = RedisCredentials(user: "searcher", password: secret)
///     print(credentials)   // user 'searcher' with a password
///
/// With no user, the client sends `AUTH password`: the password of the default user.
public struct RedisCredentials: Hashable, Sendable, CustomStringConvertible, CustomDebugStringConvertible,
  CustomReflectable
{
  /// The ACL user, or nil for the default user.
  public let user: String?
  /// The password, sent only in `AUTH`.
  let password: String

  /// Credentials of `user` (nil: the default user) with `password`.
  ///
  /// - Parameters:
  ///   - user: The ACL user's name, or nil for the default user.
  ///   - password: The password; take it from a file or the environment, never from a
  ///     program's arguments, which every user of the machine can list.
  public init(user: String? = nil, password: String) {
    self.user = user
    self.password = password
  }

  /// `user 'NAME' with a password`, or `the default user with a password`; never the password.
  public var description: String {
    user.map { "user '\($0)' with a password" } ?? "the default user with a password"
  }

  /// The same as `description`.
  public var debugDescription: String { description }

  /// The user alone: the password is left out of mirrors (and of `dump`).
  public var customMirror: Mirror {
    Mirror(self, children: ["user": user as Any], displayStyle: .struct)
  }

  /// The arguments of the `AUTH` command.
  var authArguments: [[UInt8]] {
    [Array("AUTH".utf8)] + (user.map { [Array($0.utf8)] } ?? []) + [Array(password.utf8)]
  }
}
