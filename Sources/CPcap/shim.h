#include <pcap/pcap.h>

/* setns(2) is declared by <sched.h> only under _GNU_SOURCE, which Swift's Glibc module is not
   built with. Capture needs it to open its packet socket inside a network namespace (on a
   dedicated thread), so declare the glibc function here; the signature is glibc's own. */
int setns(int fd, int nstype);
