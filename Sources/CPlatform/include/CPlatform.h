#ifndef SCANBENCH_CPLATFORM_H
#define SCANBENCH_CPLATFORM_H

// C that any process of ours may link, the system under test included: what Swift's Glibc module
// does not export (epoll, epoll_pwait2 with a timespec, eventfd flags, per-thread nice, pipe2). Nothing
// here knows about testbeds; that lives in CTestbedShims.

#include <poll.h>
#include <stdint.h>
// epoll for ScanKit's socket reactor and the testbed switch (Swift's Glibc module does not export it).
#include <sys/epoll.h>

/// epoll_pwait2(2) with a relative timeout in nanoseconds (negative waits forever): epoll with
/// ppoll's precision, for the testbed switch's timed releases.
int scanbench_epoll_wait_ns(int epfd, struct epoll_event *events, int max_events, int64_t timeout_ns);

/// Monotonic clock in nanoseconds (CLOCK_MONOTONIC).
int64_t scanbench_monotonic_ns(void);

/// A non-blocking, close-on-exec eventfd (used to wake a poll loop).
int scanbench_eventfd(void);

/// Sets the calling thread's nice value (Linux threads are scheduled one by one); 0 or -errno.
int scanbench_set_thread_nice(int nice);

/// pipe2(fds, O_CLOEXEC): both ends close on exec.
int scanbench_pipe_cloexec(int fds[2]);

/// A non-blocking, close-on-exec rtnetlink socket subscribed to link and IPv4 address changes
/// (RTMGRP_LINK | RTMGRP_IPV4_IFADDR): readable whenever an interface goes up or down, gains or
/// loses carrier, or gains or loses an address. Returns the descriptor, or -1 with errno set.
int scanbench_link_events_open(void);

#endif
