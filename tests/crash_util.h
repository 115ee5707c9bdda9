/*
 * crash_util.h - helpers shared by the crash suites (check_replicate_crash.c,
 * check_crash_procs.c): the random seed and run count taken from the
 * environment (SC_CRASH_SEED, CRASH_RUNS; printed on every run so a failure
 * can be replayed), waiting for a child with a deadline, and a look at what
 * a child is doing in the kernel (/proc/PID/syscall) so a kill can be aimed
 * at a process blocked on a lock. Header-only so the Makefile's suite
 * discovery (tests/check_*.c) is not confused. docs/testing.md, "Crash tests".
 */
#ifndef SC_TEST_CRASH_UTIL_H
#define SC_TEST_CRASH_UTIL_H

#include <check.h>
#include <errno.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

/** The seed of this run: $SC_CRASH_SEED, else the clock; printed with the test name. */
static inline unsigned cu_seed(const char *test)
{
    const char *e = getenv("SC_CRASH_SEED");
    unsigned seed =
        e && *e ? (unsigned)strtoul(e, NULL, 10) : (unsigned)time(NULL) ^ (unsigned)getpid();

    fprintf(stderr, "%s: SC_CRASH_SEED=%u (replay with SC_CRASH_SEED=%u)\n", test, seed, seed);
    return seed;
}

/** The number of runs: $CRASH_RUNS when set (make crash), else quick. */
static inline int cu_runs(int quick)
{
    const char *e = getenv("CRASH_RUNS");
    int n = e && *e ? atoi(e) : 0;

    return n > 0 ? n : quick;
}

/** A pseudo-random number from *state (rand_r), so children do not disturb the parent's stream. */
static inline unsigned cu_rand(unsigned *state)
{
    return (unsigned)rand_r(state);
}

static inline double cu_now(void)
{
    struct timespec ts;

    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

/**
 * Wait for pid until `seconds` pass. @return 1 and *status when it ended,
 * 0 when it is still running at the deadline (not reaped).
 */
static inline int cu_wait(pid_t pid, int *status, double seconds)
{
    double end = cu_now() + seconds;

    for (;;) {
        pid_t r = waitpid(pid, status, WNOHANG);
        if (r == pid)
            return 1;
        ck_assert_msg(r == 0, "waitpid(%d): %s", (int)pid, strerror(errno));
        if (cu_now() > end)
            return 0;
        usleep(2000);
    }
}

/** First line of /proc/PID/syscall ("202 0x7f.. ..." = inside futex()), "" when unreadable. */
static inline void cu_syscall(char *buf, size_t size, pid_t pid)
{
    char path[64];
    FILE *f;

    buf[0] = '\0';
    snprintf(path, sizeof(path), "/proc/%d/syscall", (int)pid);
    f = fopen(path, "r");
    if (!f)
        return;
    if (!fgets(buf, (int)size, f))
        buf[0] = '\0';
    fclose(f);
    buf[strcspn(buf, "\n")] = '\0';
}

/** The state letter of pid in /proc/PID/stat ('R', 'S', ...), '?' when unreadable. */
static inline char cu_state(pid_t pid)
{
    char path[64], buf[512], *p;
    FILE *f;

    snprintf(path, sizeof(path), "/proc/%d/stat", (int)pid);
    f = fopen(path, "r");
    if (!f)
        return '?';
    p = fgets(buf, sizeof(buf), f) ? strrchr(buf, ')') : NULL;
    fclose(f);
    return p && p[1] == ' ' ? p[2] : '?';
}

/**
 * Whether pid is inside a lock wait on x86-64: futex() (202, LMDB's mutexes),
 * fcntl() (72, our write lock) or clock_nanosleep()/nanosleep() (230/35, its
 * polling phase); with `woken`, only when it is runnable there (woken, not
 * yet back in user space).
 */
static inline int cu_in_lock_wait(pid_t pid, int woken)
{
    char sc[128];

    cu_syscall(sc, sizeof(sc), pid);
#if defined(__x86_64__)
    if (strncmp(sc, "202 ", 4) != 0 && strncmp(sc, "72 ", 3) != 0 && strncmp(sc, "230 ", 4) != 0 &&
        strncmp(sc, "35 ", 3) != 0)
        return 0;
    return !woken || cu_state(pid) == 'R';
#else
    (void)woken;
    return 0;
#endif
}

/**
 * SIGKILL one of the n processes in pids, preferring one that has just been
 * woken inside a lock wait: poll for up to `aim_ms` milliseconds for such a
 * moment, else kill pids[fallback]. That is the deadly case for
 * process-shared mutexes: a woken waiter that dies before taking the lock.
 * @return the index killed; *how = 2 (woken in a lock wait), 1 (asleep in
 * one), 0 (elsewhere).
 */
static inline int cu_kill_aimed(const pid_t *pids, int n, int fallback, int aim_ms, int *how)
{
    double end = cu_now() + aim_ms / 1000.0;
    int asleep = -1;

    do {
        for (int i = 0; i < n; i++) {
            if (cu_in_lock_wait(pids[i], 1)) {
                kill(pids[i], SIGKILL);
                *how = 2;
                return i;
            }
            if (asleep < 0 && cu_in_lock_wait(pids[i], 0))
                asleep = i;
        }
    } while (cu_now() < end);
    *how = asleep >= 0;
    kill(pids[asleep >= 0 ? asleep : fallback], SIGKILL);
    return asleep >= 0 ? asleep : fallback;
}

#endif /* SC_TEST_CRASH_UTIL_H */
