#define _GNU_SOURCE
#include "CTestbedShims.h"

#include <errno.h>
#include <fcntl.h>
#include <linux/if.h>
#include <linux/if_tun.h>
#include <linux/perf_event.h>
#include <poll.h>
#include <sched.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/prctl.h>
#include <sys/syscall.h>
#include <unistd.h>

int scanbench_tap_open(const char *name) {
    int fd = open("/dev/net/tun", O_RDWR | O_NONBLOCK | O_CLOEXEC);
    if (fd < 0) return -1;
    struct ifreq ifr;
    memset(&ifr, 0, sizeof ifr);
    ifr.ifr_flags = IFF_TAP | IFF_NO_PI;
    strncpy(ifr.ifr_name, name, IFNAMSIZ - 1);
    if (ioctl(fd, TUNSETIFF, &ifr) < 0) {
        int saved = errno;
        close(fd);
        errno = saved;
        return -1;
    }
    return fd;
}

int scanbench_set_parent_death_signal(int signal) {
    return prctl(PR_SET_PDEATHSIG, signal, 0, 0, 0);
}

int scanbench_wait_for_process_exit(int pid) {
    int fd = (int)syscall(SYS_pidfd_open, pid, 0);  // close-on-exec by default
    if (fd < 0) return errno == ESRCH ? 0 : -1;
    struct pollfd entry = { .fd = fd, .events = POLLIN };
    int status;
    do { status = poll(&entry, 1, -1); } while (status < 0 && errno == EINTR);
    int saved = errno;
    close(fd);
    errno = saved;
    return status < 0 ? -1 : 0;
}

int scanbench_set_timer_slack(unsigned long nanoseconds) {
    return prctl(PR_SET_TIMERSLACK, nanoseconds, 0, 0, 0);
}

int scanbench_set_thread_fifo(int priority) {
    struct sched_param param = { .sched_priority = priority };
    return sched_setscheduler(0, SCHED_FIFO, &param) == 0 ? 0 : -errno;
}

int scanbench_setns_net(int fd) {
    return setns(fd, CLONE_NEWNET);
}

int scanbench_perf_tracepoint_counter(uint64_t id, int pid, int cpu) {
    struct perf_event_attr attr;
    memset(&attr, 0, sizeof attr);
    attr.size = sizeof attr;
    attr.type = PERF_TYPE_TRACEPOINT;
    attr.config = id;
    attr.disabled = 1;
    attr.enable_on_exec = 1;
    attr.inherit = 1;
    return (int)syscall(SYS_perf_event_open, &attr, pid, cpu, -1, PERF_FLAG_FD_CLOEXEC);
}

// The fuzzer's crash recorder. Only async-signal-safe calls in the handler (write, signal,
// raise); the input pointer and count are plain stores the handler reads.
static int crash_fd = -1;
static const uint8_t *volatile crash_bytes = NULL;
static volatile uint64_t crash_count = 0;

static void crash_handler(int sig) {
    if (crash_fd >= 0 && crash_bytes != NULL) {
        const uint8_t *p = crash_bytes;
        uint64_t left = crash_count;
        while (left > 0) {
            ssize_t n = write(crash_fd, p, left);
            if (n <= 0) break;
            p += n;
            left -= (uint64_t)n;
        }
        fsync(crash_fd);
    }
    signal(sig, SIG_DFL);
    raise(sig);
}

int scanbench_crash_recorder_arm(int fd) {
    static const size_t stack_size = 1 << 16;
    stack_t alternate;
    alternate.ss_sp = malloc(stack_size);
    if (alternate.ss_sp == NULL) { errno = ENOMEM; return -1; }
    alternate.ss_size = stack_size;
    alternate.ss_flags = 0;
    if (sigaltstack(&alternate, NULL) != 0) return -1;
    crash_fd = fd;
    struct sigaction action;
    memset(&action, 0, sizeof action);
    action.sa_handler = crash_handler;
    action.sa_flags = SA_ONSTACK | SA_RESETHAND;
    sigemptyset(&action.sa_mask);
    const int signals[] = { SIGILL, SIGTRAP, SIGABRT, SIGSEGV, SIGBUS, SIGFPE };
    for (size_t i = 0; i < sizeof signals / sizeof signals[0]; i++) {
        if (sigaction(signals[i], &action, NULL) != 0) return -1;
    }
    return 0;
}

void scanbench_crash_input(const uint8_t *bytes, uint64_t count) {
    crash_bytes = NULL;
    crash_count = count;
    crash_bytes = bytes;
}

int scanbench_tap_set_carrier(int fd, int on) {
    int value = on ? 1 : 0;
    return ioctl(fd, TUNSETCARRIER, &value);
}
