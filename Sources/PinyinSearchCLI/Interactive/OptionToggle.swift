import PinyinSearch

/// A search option that the interactive search turns off and on again with a key, among those
/// its engine (or snapshot, or index in Redis) was built with: a search may use any subset of
/// them (`SearchEngine.search(_:limit:offset:options:)`).
///
/// The keys are control keys that the line editor leaves alone, each with a letter of the
/// option's name: Ctrl-X mi*x*ed, Ctrl-Z fu*zz*y, Ctrl-T *t*raditional, Ctrl-K *k*eypad, Ctrl-Y
/// ke*y*board.
///
///     let built = SearchOptions(mixed: true, keypad: true)
///     var options = built
///     OptionToggle.keypad.flip(&options, built: built, fuzzyWhenOn: [])  // keypad off
///     OptionToggle.keypad.isOn(in: options)                            // false
///     OptionToggle.fuzzy.flip(&options, built: built, fuzzyWhenOn: .all)  // not built: no change
enum OptionToggle: CaseIterable, Equatable, Sendable {
  /// `--mixed`: Ctrl-X.
  case mixed
  /// `--fuzzy`, every rule given at once: Ctrl-Z.
  case fuzzy
  /// `--traditional`: Ctrl-T.
  case traditional
  /// `--keypad`: Ctrl-K.
  case keypad
  /// `--keyboard NAME`: Ctrl-Y.
  case keyboard

  /// The byte the key sends.
  var controlByte: UInt8 {
    switch self {
    case .mixed: 0x18
    case .fuzzy: 0x1A
    case .traditional: 0x14
    case .keypad: 0x0B
    case .keyboard: 0x19
    }
  }

  /// The key as the status line and the help show it: `^X`.
  var keyName: String { "^" + String(UnicodeScalar(controlByte + 0x40)) }

  /// The option's name, as its flag spells it without the dashes.
  var name: String {
    switch self {
    case .mixed: "mixed"
    case .fuzzy: "fuzzy"
    case .traditional: "traditional"
    case .keypad: "keypad"
    case .keyboard: "keyboard"
    }
  }

  /// The option as the status line names it among `built`'s: its name, and a keyboard's scheme
  /// (`keyboard xiaohe`).
  func label(built: SearchOptions) -> String {
    guard self == .keyboard, let keyboard = built.keyboard else { return name }
    return "keyboard \(keyboard)"
  }

  /// Whether `options` has this option on (for fuzzy, any rule).
  func isOn(in options: SearchOptions) -> Bool {
    switch self {
    case .mixed: options.mixed
    case .fuzzy: !options.fuzzy.isEmpty
    case .traditional: options.traditional
    case .keypad: options.keypad
    case .keyboard: options.keyboard != nil
    }
  }

  /// Turns this option of `options` off when it is on, else on when `built` has it: fuzzy
  /// then takes the rules `fuzzyWhenOn`.
  func flip(_ options: inout SearchOptions, built: SearchOptions, fuzzyWhenOn: FuzzyRules) {
    guard isOn(in: built) else { return }
    let on = !isOn(in: options)
    switch self {
    case .mixed: options.mixed = on
    case .fuzzy: options.fuzzy = on ? fuzzyWhenOn : []
    case .traditional: options.traditional = on
    case .keypad: options.keypad = on
    case .keyboard: options.keyboard = on ? built.keyboard : nil
    }
  }
}
