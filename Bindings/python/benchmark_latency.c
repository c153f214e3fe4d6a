/* The C interface's own latency on benchmark.py's workload, for the Python binding's per-call cost:
   benchmark.py compiles and runs it (cc -O2) with the same library, records and queries.

       benchmark_latency RECORDS.tsv QUERIES LIMIT ROUNDS

   Builds an engine from the records (id<TAB>text lines), waits for its index, then times each query
   (search, read the page, free it) ROUNDS times, and prints "build_s median_us p99_us" of the
   per-query medians. */
#define _POSIX_C_SOURCE 200809L
#include "pinyinsearch.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

static double now(void) {
  struct timespec time;
  clock_gettime(CLOCK_MONOTONIC, &time);
  return (double)time.tv_sec + (double)time.tv_nsec / 1e9;
}

static int compare(const void *left, const void *right) {
  double a = *(const double *)left, b = *(const double *)right;
  return (a > b) - (a < b);
}

/* Every line of `path` (without its \n), in *count lines; the lines point into one buffer. */
static char **read_lines(const char *path, size_t *count) {
  FILE *file = fopen(path, "rb");
  if (file == NULL) {
    perror(path);
    exit(1);
  }
  size_t capacity = 1024, used = 0;
  char **lines = malloc(capacity * sizeof *lines);
  char *line = NULL;
  size_t size = 0;
  ssize_t length;
  while ((length = getline(&line, &size, file)) >= 0) {
    if (length > 0 && line[length - 1] == '\n') line[--length] = 0;
    if (used == capacity) lines = realloc(lines, (capacity *= 2) * sizeof *lines);
    lines[used++] = strdup(line);
  }
  free(line);
  fclose(file);
  *count = used;
  return lines;
}

int main(int argc, char **argv) {
  if (argc != 5) {
    fprintf(stderr, "usage: benchmark_latency RECORDS.tsv QUERIES LIMIT ROUNDS\n");
    return 2;
  }
  size_t record_count = 0, query_count = 0;
  char **lines = read_lines(argv[1], &record_count);
  char **queries = read_lines(argv[2], &query_count);
  size_t limit = (size_t)atol(argv[3]);
  int rounds = atoi(argv[4]);
  pinyinsearch_record *records = calloc(record_count, sizeof *records);
  size_t used = 0;
  for (size_t index = 0; index < record_count; index++) {
    char *tab = strchr(lines[index], '\t');
    if (tab == NULL || tab == lines[index]) continue;
    *tab = 0;
    pinyinsearch_record record = {lines[index], strlen(lines[index]), tab + 1, strlen(tab + 1), 0};
    records[used++] = record;
  }
  pinyinsearch_engine engine = 0;
  pinyinsearch_error error;
  double start = now();
  if (pinyinsearch_engine_create(records, used, NULL, &engine, &error) != PINYINSEARCH_OK
      || pinyinsearch_engine_wait_until_indexed(engine, &error) != PINYINSEARCH_OK) {
    fprintf(stderr, "%s\n", error.message);
    return 1;
  }
  double build = now() - start;
  double *latencies = calloc(query_count * (size_t)rounds, sizeof *latencies);
  for (int round = 0; round < rounds; round++) {
    for (size_t index = 0; index < query_count; index++) {
      pinyinsearch_page page = 0;
      const pinyinsearch_result *results = NULL;
      size_t count = 0;
      double begin = now();
      pinyinsearch_engine_search(engine, queries[index], strlen(queries[index]), limit, 0, NULL, &page, &error);
      pinyinsearch_page_results(page, &results, &count, &error);
      pinyinsearch_page_free(page, &error);
      latencies[index * (size_t)rounds + (size_t)round] = (now() - begin) * 1e6;
    }
  }
  double *medians = calloc(query_count, sizeof *medians);
  for (size_t index = 0; index < query_count; index++) {
    qsort(latencies + index * (size_t)rounds, (size_t)rounds, sizeof *latencies, compare);
    medians[index] = latencies[index * (size_t)rounds + (size_t)rounds / 2];
  }
  qsort(medians, query_count, sizeof *medians, compare);
  size_t p99 = query_count * 99 / 100;
  printf("%.3f %.2f %.2f\n", build, medians[query_count / 2], medians[p99 < query_count ? p99 : query_count - 1]);
  pinyinsearch_engine_close(engine, NULL);
  return 0;
}
