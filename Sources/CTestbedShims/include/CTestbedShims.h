#ifndef SCANBENCH_CTESTBEDSHIMS_H
#define SCANBENCH_CTESTBEDSHIMS_H

// C for the testbed and the harness only (variadic ioctl/prctl and syscalls Swift cannot call
// directly): TAP devices, namespaces, parent-death signals, timer slack and perf counters. The
// system under test (ScanKit, AppSession, NetTools) must not link this; it uses CPlatform.

#include <stdint.h>
#include <stdio.h>
#include <stdio_ext.h>  // __fsetlocking, for StdioFile

/// Opens /dev/net/tun and attaches a TAP interface named `name` (no packet-info header).
/// Returns the file descriptor, or -1 with errno set.
int scanbench_tap_open(const char *name);

/// Sets the carrier of the TAP open on `fd` (TUNSETCARRIER, Linux 5.0+): off, the interface
/// shows NO-CARRIER (IFF_RUNNING cleared, announced over rtnetlink) and the kernel stops
/// handing it frames; the descriptor stays open. Returns 0, or -1 with errno set.
int scanbench_tap_set_carrier(int fd, int on);

/// Asks the kernel to send `signal` to this process when its parent dies.
int scanbench_set_parent_death_signal(int signal);

/// Blocks until process `pid` has exited (a pidfd becomes readable then, Linux 5.3+); returns 0
/// then, or at once when there is no such process. -1 with errno set when it cannot watch (no
/// pidfd_open: ENOSYS).
int scanbench_wait_for_process_exit(int pid);

/// Sets this thread's timer slack in nanoseconds (1 = as precise as the kernel allows).
int scanbench_set_timer_slack(unsigned long nanoseconds);

/// Puts the calling thread (not the process) under SCHED_FIFO at `priority`; 0 or -errno.
int scanbench_set_thread_fifo(int priority);

/// Moves the calling thread into the network namespace open on `fd` (setns with CLONE_NEWNET).
int scanbench_setns_net(int fd);

/// perf_event_open(2) for a counting kernel tracepoint (`id` from tracefs) on process `pid`,
/// `cpu` (-1: any): disabled until the process's next execve, inherited by every thread and
/// child it creates (their counts are added when they exit), close-on-exec.
/// Returns the file descriptor (read 8 bytes for the count), or -1 with errno set.
int scanbench_perf_tracepoint_counter(uint64_t id, int pid, int cpu);

/// Arms the fuzzer's crash recorder: on SIGILL, SIGTRAP, SIGABRT, SIGSEGV, SIGBUS or SIGFPE (a
/// Swift trap is SIGILL or SIGTRAP) the bytes last given to `scanbench_crash_input` are written
/// to the file open on `fd`, then the signal is re-raised with its default action, so the process
/// still dies of it. Runs on an alternate stack (a stack overflow is recorded too).
/// Returns 0, or -1 with errno set.
int scanbench_crash_recorder_arm(int fd);

/// The input being parsed now (the caller keeps it alive until the next call); NULL, 0: none.
void scanbench_crash_input(const uint8_t *bytes, uint64_t count);

#endif
