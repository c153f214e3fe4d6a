/* Exercises the C interface (Sources/PinyinSearchC/include/pinyinsearch.h) from C: results and their
   ranges, errors for bad input (never an abort), snapshots, and searches from several threads on one
   engine while another thread adds records. Built with -std=c11 -Wall -Werror and run by
   Bindings/python/tests/test_c_interface.py:  interface_test SCRATCH_DIRECTORY
   Prints the number of checks and exits 0 when every check passes, 1 otherwise. */
#include "pinyinsearch.h"

#include <pthread.h>
#include <stdio.h>
#include <string.h>

static int checks = 0;
static int failures = 0;

#define CHECK(condition)                                                     \
  do {                                                                       \
    checks++;                                                                \
    if (!(condition)) {                                                      \
      failures++;                                                            \
      fprintf(stderr, "%s:%d: check failed: %s\n", __FILE__, __LINE__, #condition); \
    }                                                                        \
  } while (0)

/* The record with a NUL-terminated id and text. */
static pinyinsearch_record record(const char *id, const char *text, int64_t rank) {
  pinyinsearch_record result = {id, strlen(id), text, strlen(text), rank};
  return result;
}

/* Whether `error` holds `status` and a message containing `part`. */
static int failed_with(pinyinsearch_status returned, const pinyinsearch_error *error, pinyinsearch_status status,
                       const char *part) {
  if (returned != status || error->status != status || strstr(error->message, part) == NULL) {
    fprintf(stderr, "expected status %d with \"%s\", got %d: %s\n", status, part, returned, error->message);
    return 0;
  }
  return 1;
}

static void test_results(void) {
  pinyinsearch_record records[] = {record("c1", "刘亦菲", 0), record("c2", "Xi'an 西安 刘亦菲", 5),
                                   record("c3", "👨‍👩‍👧‍👦 刘亦菲", 0)};
  pinyinsearch_engine engine = 0;
  pinyinsearch_error error;
  CHECK(pinyinsearch_engine_create(records, 3, NULL, &engine, &error) == PINYINSEARCH_OK);
  CHECK(engine != 0);
  size_t count = 0;
  CHECK(pinyinsearch_engine_count(engine, &count, NULL) == PINYINSEARCH_OK && count == 3);
  pinyinsearch_page page = 0;
  CHECK(pinyinsearch_engine_search(engine, "lyf", 3, 20, 0, NULL, &page, &error) == PINYINSEARCH_OK);
  const pinyinsearch_result *results = NULL;
  CHECK(pinyinsearch_page_results(page, &results, &count, &error) == PINYINSEARCH_OK);
  CHECK(count == 3);
  if (count == 3) {
    /* Initials, then start: c1 at 0, c3 at 2 (the family is one unit, 11 UTF-16 units), c2 at 10. */
    CHECK(strcmp(results[0].id, "c1") == 0 && results[0].id_length == 2);
    CHECK(strcmp(results[0].text, "刘亦菲") == 0 && results[0].text_length == 9);
    CHECK(results[0].kind == PINYINSEARCH_KIND_INITIALS && results[0].is_fuzzy == 0);
    CHECK(results[0].start == 0 && results[0].end == 3 && results[0].utf8_start == 0 && results[0].utf8_end == 9);
    CHECK(strcmp(results[1].id, "c3") == 0);
    CHECK(results[1].start == 2 && results[1].end == 5);
    CHECK(results[1].utf16_start == 12 && results[1].utf16_end == 15);
    CHECK(results[1].scalar_start == 8 && results[1].scalar_end == 11);
    CHECK(results[1].utf8_start == 26 && results[1].utf8_end == 35);
    CHECK(strcmp(results[2].id, "c2") == 0 && results[2].rank == 5 && results[2].start == 9);
    CHECK(strcmp(pinyinsearch_kind_name(results[2].kind), "initials") == 0);
  }
  CHECK(pinyinsearch_page_free(page, &error) == PINYINSEARCH_OK);
  /* Paging: the second result alone. */
  CHECK(pinyinsearch_engine_search(engine, "lyf", 3, 1, 1, "", &page, &error) == PINYINSEARCH_OK);
  CHECK(pinyinsearch_page_results(page, &results, &count, &error) == PINYINSEARCH_OK);
  CHECK(count == 1 && strcmp(results[0].id, "c3") == 0);
  CHECK(pinyinsearch_page_free(page, NULL) == PINYINSEARCH_OK);
  /* No results: a NULL array. */
  CHECK(pinyinsearch_engine_search(engine, NULL, 0, 20, 0, NULL, &page, &error) == PINYINSEARCH_OK);
  CHECK(pinyinsearch_page_results(page, &results, &count, &error) == PINYINSEARCH_OK);
  CHECK(count == 0 && results == NULL);
  CHECK(pinyinsearch_page_free(page, NULL) == PINYINSEARCH_OK);
  /* Add, replace, remove. */
  pinyinsearch_record more[] = {record("c1", "王五", 0), record("c4", "刘亦菲", 0)};
  CHECK(pinyinsearch_engine_add(engine, more, 2, &error) == PINYINSEARCH_OK);
  int32_t removed = -1;
  CHECK(pinyinsearch_engine_remove(engine, "c3", 2, &removed, &error) == PINYINSEARCH_OK && removed == 1);
  CHECK(pinyinsearch_engine_remove(engine, "c3", 2, &removed, &error) == PINYINSEARCH_OK && removed == 0);
  CHECK(pinyinsearch_engine_count(engine, &count, NULL) == PINYINSEARCH_OK && count == 3);
  CHECK(pinyinsearch_engine_search(engine, "lyf", 3, 20, 0, NULL, &page, &error) == PINYINSEARCH_OK);
  CHECK(pinyinsearch_page_results(page, &results, &count, &error) == PINYINSEARCH_OK);
  CHECK(count == 2 && strcmp(results[0].id, "c4") == 0 && strcmp(results[1].id, "c2") == 0);
  CHECK(pinyinsearch_page_free(page, NULL) == PINYINSEARCH_OK);
  CHECK(pinyinsearch_engine_close(engine, &error) == PINYINSEARCH_OK);
}

static void test_options(void) {
  pinyinsearch_record records[] = {record("c1", "张三", 0), record("c2", "刘亦菲", 0)};
  pinyinsearch_engine engine = 0;
  pinyinsearch_error error;
  CHECK(pinyinsearch_engine_create(records, 2, "mixed,fuzzy=z-zh,n-l,keypad", &engine, &error) == PINYINSEARCH_OK);
  pinyinsearch_page page = 0;
  const pinyinsearch_result *results = NULL;
  size_t count = 0;
  CHECK(pinyinsearch_engine_search(engine, "zangsan", 7, 20, 0, NULL, &page, &error) == PINYINSEARCH_OK);
  CHECK(pinyinsearch_page_results(page, &results, &count, &error) == PINYINSEARCH_OK);
  CHECK(count == 1 && results[0].kind == PINYINSEARCH_KIND_FULL_PINYIN && results[0].is_fuzzy == 1);
  CHECK(pinyinsearch_page_free(page, NULL) == PINYINSEARCH_OK);
  char options[64];
  size_t length = 0;
  CHECK(pinyinsearch_engine_options(engine, options, sizeof options, &length, &error) == PINYINSEARCH_OK);
  CHECK(strcmp(options, "mixed,fuzzy=z-zh,n-l,keypad") == 0 && length == strlen(options));
  options[0] = 'x';
  CHECK(pinyinsearch_engine_options(engine, options, 5, &length, &error) == PINYINSEARCH_OK);
  CHECK(length == 27 && options[0] == 'x');
  CHECK(failed_with(pinyinsearch_engine_options(engine, options, 5, NULL, &error), &error, PINYINSEARCH_NULL_ARGUMENT,
                    "length is NULL"));
  /* A subset without the rule: nothing. */
  CHECK(pinyinsearch_engine_search(engine, "zangsan", 7, 20, 0, "mixed,fuzzy=n-l", &page, &error) == PINYINSEARCH_OK);
  CHECK(pinyinsearch_page_results(page, &results, &count, &error) == PINYINSEARCH_OK && count == 0);
  CHECK(pinyinsearch_page_free(page, NULL) == PINYINSEARCH_OK);
  CHECK(pinyinsearch_engine_search(engine, "593", 3, 20, 0, "keypad", &page, &error) == PINYINSEARCH_OK);
  CHECK(pinyinsearch_page_results(page, &results, &count, &error) == PINYINSEARCH_OK);
  CHECK(count == 1 && results[0].kind == PINYINSEARCH_KIND_KEYPAD);
  CHECK(pinyinsearch_page_free(page, NULL) == PINYINSEARCH_OK);
  /* Not built: traditional. */
  CHECK(failed_with(pinyinsearch_engine_search(engine, "lyf", 3, 20, 0, "traditional", &page, &error), &error,
                    PINYINSEARCH_OPTION_NOT_BUILT, "traditional"));
  CHECK(failed_with(pinyinsearch_engine_search(engine, "lyf", 3, 20, 0, "mixed,bogus", &page, &error), &error,
                    PINYINSEARCH_INVALID_OPTIONS, "unknown option \"bogus\""));
  /* After fuzzy=, a rule name continues the list; anything else is the next option. */
  CHECK(failed_with(pinyinsearch_engine_search(engine, "lyf", 3, 20, 0, "fuzzy=z-zh,x-y", &page, &error), &error,
                    PINYINSEARCH_INVALID_OPTIONS, "unknown option \"x-y\""));
  CHECK(failed_with(pinyinsearch_engine_search(engine, "lyf", 3, 20, 0, "fuzzy=x-y", &page, &error), &error,
                    PINYINSEARCH_INVALID_OPTIONS, "unknown fuzzy rule \"x-y\""));
  pinyinsearch_engine other = 0;
  CHECK(failed_with(pinyinsearch_engine_create(records, 2, "keyboard=qwerty", &other, &error), &error,
                    PINYINSEARCH_INVALID_OPTIONS, "unknown keyboard \"qwerty\""));
  CHECK(other == 0);
  CHECK(pinyinsearch_engine_close(engine, NULL) == PINYINSEARCH_OK);
}

static void test_errors(void) {
  pinyinsearch_error error;
  pinyinsearch_engine engine = 0;
  pinyinsearch_page page = 0;
  pinyinsearch_record good = record("c1", "刘亦菲", 0);
  CHECK(failed_with(pinyinsearch_engine_create(&good, 1, NULL, NULL, &error), &error, PINYINSEARCH_NULL_ARGUMENT,
                    "engine is NULL"));
  CHECK(failed_with(pinyinsearch_engine_create(NULL, 2, NULL, &engine, &error), &error, PINYINSEARCH_NULL_ARGUMENT,
                    "records is NULL"));
  pinyinsearch_record bad[] = {good, {"c2", 2, "\xE5\x88", 2, 0}};
  CHECK(failed_with(pinyinsearch_engine_create(bad, 2, NULL, &engine, &error), &error, PINYINSEARCH_INVALID_UTF8,
                    "the text of record 1 is not valid UTF-8"));
  pinyinsearch_record empty[] = {{"", 0, "x", 1, 0}};
  CHECK(failed_with(pinyinsearch_engine_create(empty, 1, NULL, &engine, &error), &error,
                    PINYINSEARCH_INVALID_ARGUMENT, "the id of record 0 is empty"));
  pinyinsearch_record null_text[] = {{"c1", 2, NULL, 3, 0}};
  CHECK(failed_with(pinyinsearch_engine_create(null_text, 1, NULL, &engine, &error), &error,
                    PINYINSEARCH_NULL_ARGUMENT, "the text of record 0 is NULL"));
  CHECK(failed_with(pinyinsearch_engine_create(&good, 1, "\xFF", &engine, &error), &error, PINYINSEARCH_INVALID_UTF8,
                    "options is not valid UTF-8"));
  CHECK(engine == 0);
  CHECK(pinyinsearch_engine_create(&good, 1, NULL, &engine, NULL) == PINYINSEARCH_OK);
  CHECK(failed_with(pinyinsearch_engine_search(engine, "\xC0\xAF", 2, 20, 0, NULL, &page, &error), &error,
                    PINYINSEARCH_INVALID_UTF8, "query is not valid UTF-8"));
  CHECK(failed_with(pinyinsearch_engine_search(engine, "lyf", 3, 20, 0, NULL, NULL, &error), &error,
                    PINYINSEARCH_NULL_ARGUMENT, "page is NULL"));
  CHECK(failed_with(pinyinsearch_engine_search(engine, NULL, 3, 20, 0, NULL, &page, &error), &error,
                    PINYINSEARCH_NULL_ARGUMENT, "query is NULL"));
  CHECK(failed_with(pinyinsearch_engine_search(engine, "lyf", (size_t)-1, 20, 0, NULL, &page, &error), &error,
                    PINYINSEARCH_INVALID_ARGUMENT, "exceeds the address space"));
  CHECK(failed_with(pinyinsearch_engine_count(engine, NULL, &error), &error, PINYINSEARCH_NULL_ARGUMENT, "count"));
  CHECK(pinyinsearch_engine_search(engine, "lyf", 3, 20, 0, NULL, &page, &error) == PINYINSEARCH_OK);
  /* A page is not an engine, nor an engine a page. */
  size_t count = 0;
  CHECK(failed_with(pinyinsearch_engine_count(page, &count, &error), &error, PINYINSEARCH_INVALID_HANDLE,
                    "not an open engine's handle"));
  const pinyinsearch_result *results = NULL;
  CHECK(failed_with(pinyinsearch_page_results(engine, &results, &count, &error), &error, PINYINSEARCH_INVALID_HANDLE,
                    "not a page's handle"));
  CHECK(pinyinsearch_page_free(page, NULL) == PINYINSEARCH_OK);
  CHECK(failed_with(pinyinsearch_page_free(page, &error), &error, PINYINSEARCH_INVALID_HANDLE, "not a page's handle"));
  CHECK(failed_with(pinyinsearch_page_results(page, &results, &count, &error), &error, PINYINSEARCH_INVALID_HANDLE,
                    "freed"));
  /* A closed engine, a made-up handle, 0. */
  CHECK(pinyinsearch_engine_close(engine, NULL) == PINYINSEARCH_OK);
  CHECK(failed_with(pinyinsearch_engine_close(engine, &error), &error, PINYINSEARCH_INVALID_HANDLE, "not an open"));
  CHECK(failed_with(pinyinsearch_engine_search(engine, "lyf", 3, 20, 0, NULL, &page, &error), &error,
                    PINYINSEARCH_INVALID_HANDLE, "not an open engine's handle"));
  CHECK(failed_with(pinyinsearch_engine_add(engine, &good, 1, &error), &error, PINYINSEARCH_INVALID_HANDLE, "add"));
  CHECK(failed_with(pinyinsearch_engine_remove(engine, "c1", 2, NULL, &error), &error, PINYINSEARCH_INVALID_HANDLE,
                    "remove"));
  CHECK(failed_with(pinyinsearch_engine_wait_until_indexed(0, &error), &error, PINYINSEARCH_INVALID_HANDLE, "0"));
  CHECK(failed_with(pinyinsearch_engine_save(123456789, "x", &error), &error, PINYINSEARCH_INVALID_HANDLE, "123456789"));
  /* The handle is not reused by the next engine. */
  pinyinsearch_engine next = 0;
  CHECK(pinyinsearch_engine_create(NULL, 0, NULL, &next, NULL) == PINYINSEARCH_OK && next != engine);
  CHECK(pinyinsearch_engine_count(next, &count, NULL) == PINYINSEARCH_OK && count == 0);
  CHECK(pinyinsearch_engine_count(engine, &count, NULL) == PINYINSEARCH_INVALID_HANDLE);
  CHECK(pinyinsearch_engine_close(next, NULL) == PINYINSEARCH_OK);
  CHECK(strcmp(pinyinsearch_status_name(PINYINSEARCH_INVALID_HANDLE), "invalid handle") == 0);
  CHECK(strcmp(pinyinsearch_status_name(99), "unknown status") == 0);
  CHECK(pinyinsearch_kind_name(5) == NULL && pinyinsearch_kind_name(-1) == NULL);
  CHECK(strlen(pinyinsearch_version()) > 0);
}

static void test_snapshot(const char *directory) {
  char path[4096];
  snprintf(path, sizeof path, "%s/c-interface.snapshot", directory);
  pinyinsearch_record records[] = {record("c1", "刘亦菲", 0), record("c2", "张三", 0)};
  pinyinsearch_engine engine = 0;
  pinyinsearch_error error;
  CHECK(pinyinsearch_engine_create(records, 2, "mixed", &engine, &error) == PINYINSEARCH_OK);
  CHECK(pinyinsearch_engine_save(engine, path, &error) == PINYINSEARCH_OK);
  CHECK(failed_with(pinyinsearch_engine_save(engine, NULL, &error), &error, PINYINSEARCH_NULL_ARGUMENT, "path"));
  CHECK(pinyinsearch_engine_close(engine, NULL) == PINYINSEARCH_OK);
  pinyinsearch_engine opened = 0;
  CHECK(pinyinsearch_engine_open(path, NULL, &opened, &error) == PINYINSEARCH_OK);
  pinyinsearch_page page = 0;
  const pinyinsearch_result *results = NULL;
  size_t count = 0;
  CHECK(pinyinsearch_engine_search(opened, "刘yf", strlen("刘yf"), 20, 0, NULL, &page, &error) == PINYINSEARCH_OK);
  CHECK(pinyinsearch_page_results(page, &results, &count, &error) == PINYINSEARCH_OK);
  CHECK(count == 1 && results[0].kind == PINYINSEARCH_KIND_MIXED);
  CHECK(pinyinsearch_page_free(page, NULL) == PINYINSEARCH_OK);
  CHECK(pinyinsearch_engine_close(opened, NULL) == PINYINSEARCH_OK);
  CHECK(failed_with(pinyinsearch_engine_open(path, "keypad", &opened, &error), &error, PINYINSEARCH_OPTION_NOT_BUILT,
                    path));
  snprintf(path, sizeof path, "%s/missing.snapshot", directory);
  CHECK(failed_with(pinyinsearch_engine_open(path, NULL, &opened, &error), &error, PINYINSEARCH_SNAPSHOT_ERROR, path));
}

/* The threaded test: readers search one engine while a writer adds records to it. */
enum { READERS = 4, SEARCHES = 300, ADDED = 3000 };
static pinyinsearch_engine shared_engine;

static void *reader(void *argument) {
  long *problems = argument;
  for (int index = 0; index < SEARCHES; index++) {
    pinyinsearch_page page = 0;
    const pinyinsearch_result *results = NULL;
    size_t count = 0;
    pinyinsearch_error error;
    if (pinyinsearch_engine_search(shared_engine, "lyf", 3, 1, 0, NULL, &page, &error) != PINYINSEARCH_OK
        || pinyinsearch_page_results(page, &results, &count, &error) != PINYINSEARCH_OK || count != 1
        || strcmp(results[0].id, "always") != 0 || pinyinsearch_page_free(page, &error) != PINYINSEARCH_OK) {
      (*problems)++;
    }
  }
  return NULL;
}

static void *writer(void *argument) {
  long *problems = argument;
  for (int index = 0; index < ADDED; index++) {
    char id[32];
    snprintf(id, sizeof id, "w%d", index);
    pinyinsearch_record added = record(id, index % 2 ? "刘一飞" : "李逸凡", 0);
    if (pinyinsearch_engine_add(shared_engine, &added, 1, NULL) != PINYINSEARCH_OK) (*problems)++;
  }
  return NULL;
}

static void test_threads(void) {
  pinyinsearch_record always = record("always", "刘亦菲", 1);
  CHECK(pinyinsearch_engine_create(&always, 1, NULL, &shared_engine, NULL) == PINYINSEARCH_OK);
  pthread_t threads[READERS + 1];
  long problems[READERS + 1] = {0};
  for (int index = 0; index < READERS; index++) pthread_create(&threads[index], NULL, reader, &problems[index]);
  pthread_create(&threads[READERS], NULL, writer, &problems[READERS]);
  long total = 0;
  for (int index = 0; index <= READERS; index++) {
    pthread_join(threads[index], NULL);
    total += problems[index];
  }
  CHECK(total == 0);
  size_t count = 0;
  CHECK(pinyinsearch_engine_count(shared_engine, &count, NULL) == PINYINSEARCH_OK && count == ADDED + 1);
  pinyinsearch_page page = 0;
  const pinyinsearch_result *results = NULL;
  CHECK(pinyinsearch_engine_wait_until_indexed(shared_engine, NULL) == PINYINSEARCH_OK);
  CHECK(pinyinsearch_engine_search(shared_engine, "lyf", 3, 10000, 0, NULL, &page, NULL) == PINYINSEARCH_OK);
  CHECK(pinyinsearch_page_results(page, &results, &count, NULL) == PINYINSEARCH_OK && count == ADDED + 1);
  CHECK(pinyinsearch_page_free(page, NULL) == PINYINSEARCH_OK);
  CHECK(pinyinsearch_engine_close(shared_engine, NULL) == PINYINSEARCH_OK);
}

int main(int argc, char **argv) {
  if (argc != 2) {
    fprintf(stderr, "usage: interface_test SCRATCH_DIRECTORY\n");
    return 2;
  }
  test_results();
  test_options();
  test_errors();
  test_snapshot(argv[1]);
  test_threads();
  printf("c interface: %d checks, %d failed\n", checks, failures);
  return failures == 0 ? 0 : 1;
}
