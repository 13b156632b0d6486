/* Counts a process's calls to malloc, calloc and realloc (operator new allocates through malloc), for the
 * reference-server benchmark's allocations per request. Preloaded (LD_PRELOAD); SIGUSR2 writes the count so
 * far to the file ALLOC_COUNT_FILE names. The handler only formats a number and writes it: nothing in it
 * allocates, so a signal that lands inside malloc cannot deadlock. Built by the benchmark with cc. */
#define _GNU_SOURCE
#include <dlfcn.h>
#include <signal.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>
#include <string.h>
#include <fcntl.h>
static atomic_ulong count;
static void *(*real_malloc)(size_t);
static void *(*real_calloc)(size_t, size_t);
static void *(*real_realloc)(void *, size_t);
/* dlsym may calloc before the real calloc is known: those few bytes come from here and are never freed. */
static char boot[4096]; static size_t boot_used;
void *malloc(size_t n) {
  if (!real_malloc) real_malloc = dlsym(RTLD_NEXT, "malloc");
  atomic_fetch_add_explicit(&count, 1, memory_order_relaxed);
  return real_malloc(n);
}
void *calloc(size_t a, size_t b) {
  if (!real_calloc) { /* dlsym may call calloc */
    static int in; if (in) { void *p = boot + boot_used; boot_used += (a*b + 15) & ~15UL; memset(p,0,a*b); return p; }
    in = 1; real_calloc = dlsym(RTLD_NEXT, "calloc"); in = 0; }
  atomic_fetch_add_explicit(&count, 1, memory_order_relaxed);
  return real_calloc(a, b);
}
void *realloc(void *p, size_t n) {
  if (!real_realloc) real_realloc = dlsym(RTLD_NEXT, "realloc");
  atomic_fetch_add_explicit(&count, 1, memory_order_relaxed);
  return real_realloc(p, n);
}
void free(void *p) {
  static void (*real_free)(void *);
  if (p >= (void*)boot && p < (void*)(boot + sizeof boot)) return;
  if (!real_free) real_free = dlsym(RTLD_NEXT, "free");
  real_free(p);
}
static void dump(int sig) {
  (void)sig;
  const char *path = getenv("ALLOC_COUNT_FILE");
  if (!path) return;
  char text[32]; int n = snprintf(text, sizeof text, "%lu\n", atomic_load(&count));
  int fd = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0644); if (fd < 0) return;
  if (write(fd, text, n) < 0) {} close(fd);
}
__attribute__((constructor)) static void init(void) { signal(SIGUSR2, dump); }
