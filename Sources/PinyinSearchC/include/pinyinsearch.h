/*
 * pinyinsearch.h: the C interface of PinyinSearch (library product PinyinSearchC,
 * libPinyinSearchC.so / .dylib), for services in C, Go (cgo), Java (JNI, FFM), Python (ctypes), ….
 * Every answer is the Swift library's own: the search semantics of Docs/Semantics.md, answered by a
 * HybridEngine (searchable at once, indexed in the background, changes visible to the next search).
 *
 * C11, no Swift type in it. Strings in are UTF-8 with their length in bytes (records and queries;
 * they may contain NUL) or NUL-terminated (options, paths); strings out are UTF-8, NUL-terminated,
 * with their length.
 *
 * ERRORS. Every function that can fail returns a pinyinsearch_status: PINYINSEARCH_OK (0) or an error
 * code, and when `error` is not NULL fills it with the same code and a message naming what is wrong
 * and where (truncated to PINYINSEARCH_MESSAGE_CAPACITY - 1 bytes at a UTF-8 boundary). On an error
 * the out-parameters are left as they were. Nothing aborts the process on bad input: NULL pointers,
 * invalid UTF-8, an empty id, unknown option names, options an engine was not built with, closed or
 * made-up handles and unreadable snapshots are all error codes.
 *
 * HANDLES. Engines and result pages are 64-bit handles, not pointers: an index into a table with a
 * generation count. A closed engine's or freed page's handle, 0, or any other value not returned by
 * this library is PINYINSEARCH_INVALID_HANDLE, never a crash; a handle is not reused by a later
 * engine or page (until its slot's generation wraps after 2^31 reuses).
 *
 * THREAD SAFETY. Every function may be called from any thread. One engine may be searched from
 * many threads at once while other threads add or remove records, save it or wait for its index;
 * a search sees every change that returned before it started. Closing an engine while calls on it
 * are in progress lets them finish; calls that start after the close get PINYINSEARCH_INVALID_HANDLE.
 * A page may be read from any thread until it is freed; freeing it while another thread still reads
 * its results is the caller's error (the pointers dangle), though a second free is only an error code.
 *
 * BLOCKING. pinyinsearch_engine_create and _add are O(total text length) in the calling thread;
 * _add and _remove also wait for searches in progress (microseconds). _wait_until_indexed blocks until
 * the background build of the index is done (seconds for a million records). _open reads and checks
 * a snapshot file, _save writes one (indexing pending changes first, in the calling thread). _search
 * never waits for a build.
 *
 * OPTIONS. An options string is items joined by commas: `mixed`, `traditional`, `keypad`,
 * `keyboard=NAME` (NAME one of xiaohe ziranma microsoft sogou zhuyin: double pinyin or zhuyin typed
 * on a plain keyboard), `fuzzy=RULES` where RULES is `all` or rule names joined by commas as the command line's --fuzzy
 * takes them (z-zh c-ch s-sh n-l r-l f-h an-ang en-eng in-ing ian-iang uan-uang u-v), e.g.
 * "mixed,fuzzy=z-zh,n-l,keypad"; `none` alone is every option off. NULL or "" is no option for an
 * engine being created, and the engine's own options for a search; a search may ask for any subset of
 * the engine's options ("none" included).
 * Unknown items and keyboards are PINYINSEARCH_INVALID_OPTIONS: new options are new item names, not
 * a change of this interface.
 */
#ifndef PINYINSEARCH_H
#define PINYINSEARCH_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/* An engine: returned by pinyinsearch_engine_create or _open, ended by pinyinsearch_engine_close. */
typedef uint64_t pinyinsearch_engine;
/* One search's results: returned by pinyinsearch_engine_search, ended by pinyinsearch_page_free. */
typedef uint64_t pinyinsearch_page;
/* PINYINSEARCH_OK or one of the error codes below. */
typedef int32_t pinyinsearch_status;

#define PINYINSEARCH_OK 0
/* A pointer argument that may not be NULL is NULL. */
#define PINYINSEARCH_NULL_ARGUMENT 1
/* A string is not well-formed UTF-8 (the message names which). */
#define PINYINSEARCH_INVALID_UTF8 2
/* Another argument is wrong: an empty record id. */
#define PINYINSEARCH_INVALID_ARGUMENT 3
/* An options string names an unknown option or fuzzy rule. */
#define PINYINSEARCH_INVALID_OPTIONS 4
/* A search asks for an option the engine was not built with; or a snapshot lacks one asked for. */
#define PINYINSEARCH_OPTION_NOT_BUILT 5
/* A handle that is closed, freed, 0, of the other kind, or never returned by this library. */
#define PINYINSEARCH_INVALID_HANDLE 6
/* A snapshot file cannot be read, is not a snapshot, is damaged, or cannot be written. */
#define PINYINSEARCH_SNAPSHOT_ERROR 7

/* The kind of a result's match, best first (Docs/Semantics.md, "Match kinds"). */
#define PINYINSEARCH_KIND_LITERAL 0
#define PINYINSEARCH_KIND_FULL_PINYIN 1
#define PINYINSEARCH_KIND_INITIALS 2
#define PINYINSEARCH_KIND_MIXED 3
#define PINYINSEARCH_KIND_KEYPAD 4

/* The size of pinyinsearch_error.message, its terminating NUL included. */
#define PINYINSEARCH_MESSAGE_CAPACITY 500

/* Filled by a failing call when not NULL; untouched by a call that succeeds. Owned by the caller
   (on its stack, say); give each thread its own. */
typedef struct pinyinsearch_error {
  pinyinsearch_status status;
  char message[PINYINSEARCH_MESSAGE_CAPACITY]; /* UTF-8, NUL-terminated */
} pinyinsearch_error;

/* A record to add: `id` (non-empty) and `text`, UTF-8 of the lengths given (`text` may be NULL when
   text_length is 0), and `rank` (higher first among equal matches). Read during the call only. */
typedef struct pinyinsearch_record {
  const char *id;
  size_t id_length;
  const char *text;
  size_t text_length;
  int64_t rank;
} pinyinsearch_record;

/* One result. `id` and `text` are NUL-terminated UTF-8 owned by the page: valid until
   pinyinsearch_page_free. Ranges are half-open [start, end) in four measures of the same text:
   characters (grapheme clusters, the contract's units), UTF-16 code units, UTF-8 bytes and Unicode
   scalars (a Python str's indices). */
typedef struct pinyinsearch_result {
  const char *id;
  size_t id_length;
  const char *text;
  size_t text_length;
  int64_t rank;
  int64_t start;
  int64_t end;
  int64_t utf16_start;
  int64_t utf16_end;
  int64_t utf8_start;
  int64_t utf8_end;
  int64_t scalar_start;
  int64_t scalar_end;
  int32_t kind;     /* PINYINSEARCH_KIND_… */
  int32_t is_fuzzy; /* 1 when the match needs a fuzzy rule, else 0 */
} pinyinsearch_result;

/* The library's version, e.g. "0.3.0": a static string, never freed. */
const char *pinyinsearch_version(void);

/* The name of a status ("ok", "null argument", …; "unknown status" for others): static, never freed. */
const char *pinyinsearch_status_name(pinyinsearch_status status);

/* The name of a kind as the batch protocol writes it ("literal", "fullPinyin", "initials", "mixed",
   "keypad"; NULL for others): static, never freed. */
const char *pinyinsearch_kind_name(int32_t kind);

/* Creates an engine holding `count` records (`records` may be NULL when count is 0; a later id
   replaces an earlier one) and searching with `options`, and starts indexing them in the background.
   On success *engine is the new handle, to pass to pinyinsearch_engine_close. */
pinyinsearch_status pinyinsearch_engine_create(const pinyinsearch_record *records, size_t count, const char *options,
                                               pinyinsearch_engine *engine, pinyinsearch_error *error);

/* Opens the snapshot at `path` (NUL-terminated), answering through its index at once. `options`
   NULL or "": those the snapshot was built for; otherwise they must be the snapshot's. */
pinyinsearch_status pinyinsearch_engine_open(const char *path, const char *options, pinyinsearch_engine *engine,
                                             pinyinsearch_error *error);

/* Saves every record and an index of them to `path`, replacing any file there atomically. Blocks. */
pinyinsearch_status pinyinsearch_engine_save(pinyinsearch_engine engine, const char *path, pinyinsearch_error *error);

/* Ends the engine: its handle becomes invalid; calls in progress on it finish first (see above). */
pinyinsearch_status pinyinsearch_engine_close(pinyinsearch_engine engine, pinyinsearch_error *error);

/* Adds `count` records, each replacing the record with its id if there is one. Every record is checked
   before any is added: on an error none is. */
pinyinsearch_status pinyinsearch_engine_add(pinyinsearch_engine engine, const pinyinsearch_record *records,
                                            size_t count, pinyinsearch_error *error);

/* Removes the record with `id`; *removed (when not NULL) is 1 if there was one, else 0. */
pinyinsearch_status pinyinsearch_engine_remove(pinyinsearch_engine engine, const char *id, size_t id_length,
                                               int32_t *removed, pinyinsearch_error *error);

/* *count is the number of records. */
pinyinsearch_status pinyinsearch_engine_count(pinyinsearch_engine engine, size_t *count, pinyinsearch_error *error);

/* The options the engine searches with, as an options string ("mixed,fuzzy=z-zh,n-l" or "none"):
   *length is its length in bytes; when capacity exceeds it (and buffer is not NULL) it is copied to
   `buffer` with a NUL after it, else nothing is written there (call again with capacity *length + 1). */
pinyinsearch_status pinyinsearch_engine_options(pinyinsearch_engine engine, char *buffer, size_t capacity,
                                                size_t *length, pinyinsearch_error *error);

/* Blocks until the background build of the index (and any it starts) is done. */
pinyinsearch_status pinyinsearch_engine_wait_until_indexed(pinyinsearch_engine engine, pinyinsearch_error *error);

/* Searches: the records matching `query` (UTF-8 of query_length bytes; NULL when 0), best first,
   from position `offset` on, at most `limit` of them, under `options` (NULL or "": the engine's own;
   else a subset of them). On success *page is a new page, to pass to pinyinsearch_page_free. */
pinyinsearch_status pinyinsearch_engine_search(pinyinsearch_engine engine, const char *query, size_t query_length,
                                               size_t limit, size_t offset, const char *options,
                                               pinyinsearch_page *page, pinyinsearch_error *error);

/* *results points to the page's *count results (NULL when there are none), owned by the page and
   valid, with every string they point to, until pinyinsearch_page_free. */
pinyinsearch_status pinyinsearch_page_results(pinyinsearch_page page, const pinyinsearch_result **results,
                                              size_t *count, pinyinsearch_error *error);

/* Frees the page and everything it owns; its handle becomes invalid. */
pinyinsearch_status pinyinsearch_page_free(pinyinsearch_page page, pinyinsearch_error *error);

#ifdef __cplusplus
}
#endif

#endif /* PINYINSEARCH_H */
