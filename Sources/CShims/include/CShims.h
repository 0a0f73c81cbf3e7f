#ifndef SCANBENCH_CSHIMS_H
#define SCANBENCH_CSHIMS_H

/// Opens /dev/net/tun and attaches a TAP interface named `name` (no packet-info header).
/// Returns the file descriptor, or -1 with errno set.
int scanbench_tap_open(const char *name);

/// Asks the kernel to send `signal` to this process when its parent dies.
int scanbench_set_parent_death_signal(int signal);

/// Sets this thread's timer slack in nanoseconds (1 = as precise as the kernel allows).
int scanbench_set_timer_slack(unsigned long nanoseconds);

/// Moves the calling thread into the network namespace open on `fd`.
int scanbench_setns_net(int fd);

#include <poll.h>
#include <stdint.h>
// epoll for ScanKit's socket reactor (Swift's Glibc module does not export it).
#include <sys/epoll.h>

/// ppoll(2) with a relative timeout in nanoseconds (negative waits forever).
int scanbench_ppoll(struct pollfd *fds, unsigned long count, int64_t timeout_ns);

/// Monotonic clock in nanoseconds (CLOCK_MONOTONIC).
int64_t scanbench_monotonic_ns(void);

/// A non-blocking, close-on-exec eventfd (used to wake a poll loop).
int scanbench_eventfd(void);

/// Sets the calling thread's nice value (Linux threads are scheduled one by one); 0 or -errno.
int scanbench_set_thread_nice(int nice);

/// pipe2(fds, O_CLOEXEC): both ends close on exec.
int scanbench_pipe_cloexec(int fds[2]);

/// perf_event_open(2) for a counting kernel tracepoint (`id` from tracefs) on process `pid`,
/// `cpu` (-1: any): disabled until the process's next execve, inherited by every thread and
/// child it creates (their counts are added when they exit), close-on-exec.
/// Returns the file descriptor (read 8 bytes for the count), or -1 with errno set.
int scanbench_perf_tracepoint_counter(uint64_t id, int pid, int cpu);

#endif
