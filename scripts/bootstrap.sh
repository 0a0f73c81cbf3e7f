#!/usr/bin/env bash
# Installs the Debian packages ScanBench needs, when any is missing. Sourced by the other
# scripts; safe to run again (it does nothing when everything is there).
#
# With SCANBENCH_BOOTSTRAP=build it installs only what `swift build` needs (libpcap's headers),
# so a caller can start the build and install the rest beside it with
# `scanbench_install "${SCANBENCH_PACKAGES[@]}"` (the main job does: on a fresh machine the two
# overlap, one downloading and unpacking, the other compiling).
set -euo pipefail

SCANBENCH_BUILD_PACKAGES=(
  libpcap-dev      # CPcap: libpcap headers and library
)

SCANBENCH_PACKAGES=(
  libpcap-dev      # CPcap: libpcap headers and library
  iproute2         # ip netns, ip link
  nftables         # per-device firewalls (filtered ports, no ICMP)
  dnsmasq          # the gateway's DNS (A and PTR records)
  procps           # sysctl
  util-linux       # unshare (private avahi-daemon in tests)
  iputils-ping     # reference ping
  traceroute       # reference traceroute
  nmap             # reference scanner (-sn, -sT)
  ieee-data        # the IEEE OUI registry (/usr/share/ieee-data): MAC vendors for the probe
  arp-scan         # reference ARP sweeper
  tshark           # reference packet counts
  tcpdump
  avahi-daemon avahi-utils dbus   # reference mDNS browser
  python3-zeroconf                # second, independent mDNS client
  gupnp-tools      # gssdp-discover: reference SSDP client
  dnsutils         # dig
  whois            # reference whois client
  curl
  openssl          # certificates for the HTTPS endpoints
)

if [ "$(id -u)" != "0" ]; then
  echo "scanbench: this needs root (network namespaces, TAP devices, apt). Run it with sudo." >&2
  exit 1
fi

# Installs those of the given packages that are missing; the package lists are fetched once.
scanbench_install() {
  local missing=() package
  for package in "$@"; do
    dpkg-query -W -f='${Status}' "$package" 2>/dev/null | grep -q "install ok installed" || missing+=("$package")
  done
  [ "${#missing[@]}" -gt 0 ] || return 0
  echo "scanbench: installing ${missing[*]}" >&2
  export DEBIAN_FRONTEND=noninteractive
  if [ -z "${SCANBENCH_APT_UPDATED:-}" ]; then
    apt-get update -qq
    SCANBENCH_APT_UPDATED=1
  fi
  apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
}

if [ "${SCANBENCH_BOOTSTRAP:-all}" = build ]; then
  scanbench_install "${SCANBENCH_BUILD_PACKAGES[@]}"
else
  scanbench_install "${SCANBENCH_PACKAGES[@]}"
fi

if ! command -v swift >/dev/null 2>&1; then
  if [ -x /opt/swift/usr/bin/swift ]; then
    export PATH="/opt/swift/usr/bin:$PATH"
  else
    echo "scanbench: Swift 6 is not installed (expected 'swift' on PATH or in /opt/swift)" >&2
    exit 1
  fi
fi

# The harness counts the scanner's wakeups and syscalls with kernel tracepoints whose ids it reads
# from tracefs. systemd mounts tracefs at boot; a machine booted by another init (a VM's or a
# container's) has it in the kernel but not mounted, and those metrics would be null.
if [ ! -e /sys/kernel/tracing/events ] && [ ! -e /sys/kernel/debug/tracing/events ] \
   && grep -qw tracefs /proc/filesystems && [ -d /sys/kernel/tracing ]; then
  echo "scanbench: mounting tracefs at /sys/kernel/tracing (wakeup and syscall counts read tracepoint ids there)" >&2
  mount -t tracefs tracefs /sys/kernel/tracing \
    || echo "scanbench: could not mount tracefs: wakeups and syscalls will be null in results" >&2
fi
