/// The lengths of the keys an index holds and the cap on one record's keys, as a configuration
/// and a set of options decide them together: derived once, and read alike by the build
/// (`KeyEnumerator`), the lookups (`QueryPlan`), snapshots and the sorted-set index, so that
/// they cannot disagree on which keys exist.
///
///     let limits = KeyLimits(configuration: IndexConfiguration(), options: SearchOptions(mixed: true))
///     limits.maxMixedKeyLength        // 4
///     limits.completeKeypadKeyLength  // 4: with mixed keys, longer digit keys lack mixed pieces
struct KeyLimits: Sendable, Hashable {
  /// The longest key, in bytes.
  let maxKeyLength: Int
  /// The longest mixed key, in bytes; 0 when there are none (`SearchOptions.mixed` off).
  let maxMixedKeyLength: Int
  /// The longest full-pinyin key typed with a fuzzy spelling (and its keypad twin), in bytes; 0
  /// when there are none (`SearchOptions.fuzzy` empty).
  let maxFuzzyKeyLength: Int
  /// The longest digit query whose keypad matches are all among its own postings: a keypad
  /// match of a longer one may type a mixed piece or a fuzzy spelling that no stored key holds,
  /// so it is looked for among candidates. `maxKeyLength` without mixed keys and fuzzy rules.
  let completeKeypadKeyLength: Int
  /// A record with more distinct keys than this is not indexed but matched at every search:
  /// the configuration's cap for the keys of the original kinds, times `keysPerRecordFactor`.
  let maxKeysPerRecord: Int

  /// The limits of an index built with `configuration` for `options`.
  init(configuration: IndexConfiguration, options: SearchOptions) {
    maxKeyLength = configuration.maxKeyLength
    maxMixedKeyLength = options.mixed ? min(configuration.maxMixedKeyLength, maxKeyLength) : 0
    maxFuzzyKeyLength = options.fuzzy.isEmpty ? 0 : min(configuration.maxFuzzyKeyLength, maxKeyLength)
    var complete = maxKeyLength
    if maxMixedKeyLength > 0 { complete = min(complete, maxMixedKeyLength) }
    if maxFuzzyKeyLength > 0 { complete = min(complete, maxFuzzyKeyLength) }
    completeKeypadKeyLength = complete
    maxKeysPerRecord = configuration.maxKeysPerRecord * Self.keysPerRecordFactor(for: options)
  }

  /// Which mixed keys are stored (none when `maxMixedKeyLength` is 0).
  var mixedKeyLimit: MixedKeyLimit { MixedKeyLimit(maxBytes: maxMixedKeyLength) }

  /// The longest full-pinyin key stored whatever its spellings: `maxFuzzyKeyLength` with fuzzy
  /// rules, else `maxKeyLength`. A mixed key this long that is also a full-pinyin key is filed
  /// as the full-pinyin one.
  var maxFullPinyinKeyLength: Int { maxFuzzyKeyLength > 0 ? maxFuzzyKeyLength : maxKeyLength }

  /// How many times the keys of the original kinds a record may have under `options`: doubled
  /// by mixed input (its short keys), by fuzzy rules (variants of spellings), by the keypad
  /// (a digit twin of every pinyin key) and by a keyboard (the pinyin kinds' keys over the
  /// codes), so that the cap keeps a text full of polyphones from
  /// making indexing exponential without leaving out the long names that every option
  /// multiplies alike (a company name of 16 characters has up to 928 keys with the defaults and
  /// 6,497 with every option on).
  static func keysPerRecordFactor(for options: SearchOptions) -> Int {
    (options.mixed ? 2 : 1) * (options.fuzzy.isEmpty ? 1 : 2) * (options.keypad ? 2 : 1)
      * (options.keyboard == nil ? 1 : 2)
  }
}
