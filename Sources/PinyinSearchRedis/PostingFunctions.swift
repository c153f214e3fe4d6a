/// The server-side functions (Redis 7 `FUNCTION LOAD`) that keep the postings of one shard of a
/// namespace (`PostingShards`) as small sorted sets, each update and each read one atomic call.
///
/// A shard's entries (a search key's length byte, the key, then its member) are kept in order in
/// chunks of at most 128, so that Redis stores each chunk compactly (a listpack: about the
/// entry's bytes and 3 more, against about 135 bytes per member of a large sorted set, and 150
/// per sorted set of its own). Each chunk is a sorted set of score 0 in the shard's slot, whose
/// key is the shard's base key (`NS:p:{N}`) followed by its first entry — the first chunk's is
/// the base key alone — and the directory (`NS:d:{N}`) lists the other chunks' first entries.
/// An entry lives in the chunk with the greatest first entry not after it: an add puts it there,
/// splitting a full chunk in two halves first (a sorted set that once held more than 128 stays
/// large in Redis); a removal takes it out, renames a chunk
/// whose first entry it was, and merges a chunk that fell under 32 into the one before when
/// they fit in one. A read gives the entries of one search key from a position, as `ZRANGE`
/// would give members from a sorted set of its own: one read of the chunk for most pages (an
/// entry past the page tells whether the key goes on in the next chunk).
enum PostingFunctions {
  /// The library's name: a new layout loads a library of its own beside this one.
  static let libraryName = "pinyinsearch_v3"
  /// Adds entries: `FCALL pinyinsearch_v3_add 2 DIRECTORY BASE ENTRY…`; replies how many.
  static let add = "pinyinsearch_v3_add"
  /// Removes entries: `FCALL pinyinsearch_v3_remove 2 DIRECTORY BASE ENTRY…`; replies how many
  /// were there.
  static let remove = "pinyinsearch_v3_remove"
  /// Reads `COUNT` members of a search key from position `OFFSET`, or right after member
  /// `AFTER` when given (a page that goes on from the last one read costs what it reads, not
  /// what it skips): `FCALL_RO pinyinsearch_v3_range 2 DIRECTORY BASE PREFIX OFFSET COUNT
  /// [AFTER]`, where `PREFIX` is the key's length byte and the key; replies the entries (the
  /// prefix and the member).
  static let range = "pinyinsearch_v3_range"

  /// The library's source, for `FUNCTION LOAD REPLACE`.
  static let source = """
    #!lua name=pinyinsearch_v3
    local most = 128
    local half = 64
    local fewest = 32

    -- The first entry of the chunk that holds entry (or would): '' for the first chunk.
    local function chunk_of(directory, entry)
      return redis.call('ZRANGE', directory, '[' .. entry, '-', 'BYLEX', 'REV', 'LIMIT', 0, 1)[1] or ''
    end

    local function split(directory, base, chunk)
      local upper = redis.call('ZRANGE', chunk, half, -1)
      local arguments = {}
      for index, entry in ipairs(upper) do
        arguments[2 * index - 1] = 0
        arguments[2 * index] = entry
      end
      redis.call('ZADD', base .. upper[1], unpack(arguments))
      redis.call('ZREMRANGEBYRANK', chunk, half, -1)
      redis.call('ZADD', directory, 0, upper[1])
    end

    local function add(keys, entries)
      local directory, base = keys[1], keys[2]
      for _, entry in ipairs(entries) do
        local chunk = base .. chunk_of(directory, entry)
        -- Split a full chunk before it takes one more: Redis stores a sorted set of more than
        -- 128 as a large one, and does not store it small again when it shrinks.
        if redis.call('ZCARD', chunk) >= most and not redis.call('ZSCORE', chunk, entry) then
          split(directory, base, chunk)
          chunk = base .. chunk_of(directory, entry)
        end
        redis.call('ZADD', chunk, 0, entry)
      end
      return #entries
    end

    -- Moves the entries of the chunk named first into the one before it, when they fit in one.
    local function merge(directory, base, first)
      local chunk = base .. first
      local size = redis.call('ZCARD', chunk)
      if size >= fewest then return end
      local previous = redis.call('ZRANGE', directory, '(' .. first, '-', 'BYLEX', 'REV', 'LIMIT', 0, 1)[1] or ''
      if redis.call('ZCARD', base .. previous) + size > most then return end
      local arguments = {}
      for index, entry in ipairs(redis.call('ZRANGE', chunk, 0, -1)) do
        arguments[2 * index - 1] = 0
        arguments[2 * index] = entry
      end
      if #arguments > 0 then redis.call('ZADD', base .. previous, unpack(arguments)) end
      redis.call('DEL', chunk)
      redis.call('ZREM', directory, first)
    end

    local function remove(keys, entries)
      local directory, base = keys[1], keys[2]
      local removed = 0
      for _, entry in ipairs(entries) do
        local first = chunk_of(directory, entry)
        local chunk = base .. first
        if redis.call('ZREM', chunk, entry) == 1 then
          removed = removed + 1
          if first == entry then
            redis.call('ZREM', directory, first)
            first = redis.call('ZRANGE', chunk, 0, 0)[1]
            if first then
              redis.call('ZADD', directory, 0, first)
              redis.call('RENAME', chunk, base .. first)
            end
          end
          if first and first ~= '' then merge(directory, base, first) end
        end
      end
      return removed
    end

    local function range(keys, arguments)
      local directory, base = keys[1], keys[2]
      local prefix = arguments[1]
      local offset, count = tonumber(arguments[2]), tonumber(arguments[3])
      if not offset or not count or offset < 0 or count < 0 or count > 65536 then
        return redis.error_reply('ERR pinyinsearch_v3_range: OFFSET and COUNT must be counts')
      end
      local high = '(' .. prefix .. '\\255'
      local low, first
      if arguments[4] then
        low, offset = '(' .. prefix .. arguments[4], 0
        first = chunk_of(directory, prefix .. arguments[4])
      else
        low = '[' .. prefix
        first = chunk_of(directory, prefix)
      end
      local page = {}
      local length = #prefix
      while count > #page do
        local chunk = base .. first
        local inside = -1
        if offset > 0 then inside = redis.call('ZLEXCOUNT', chunk, low, high) end
        if offset > 0 and offset >= inside then
          offset = offset - inside
        else
          -- One entry past the page tells whether the key goes on after this chunk.
          local found = redis.call('ZRANGE', chunk, low, '+', 'BYLEX', 'LIMIT', offset, count - #page + 1)
          offset = 0
          for _, entry in ipairs(found) do
            if #page == count or string.sub(entry, 1, length) ~= prefix then return page end
            page[#page + 1] = entry
          end
        end
        first = redis.call('ZRANGE', directory, '(' .. first, high, 'BYLEX', 'LIMIT', 0, 1)[1]
        if not first then break end
      end
      return page
    end

    redis.register_function('pinyinsearch_v3_add', add)
    redis.register_function('pinyinsearch_v3_remove', remove)
    redis.register_function{function_name = 'pinyinsearch_v3_range', callback = range, flags = {'no-writes'}}
    """
}
