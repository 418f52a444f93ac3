/*
 * Host devices a node port can be: a TAP device and an AF_PACKET socket on a host interface.
 * Each opener returns a non-blocking descriptor the batched forwarding reads and writes like a
 * UDP tunnel socket, or -1 with errno set and `*step` naming the call that failed.
 */
#ifndef DEVICE_PORTS_H
#define DEVICE_PORTS_H

#include <net/if.h>
#include <stdint.h>

/* Receive offloads turned off on an interface an AF_PACKET port opens (bits of `offloads_off`). */
enum offload { OFFLOAD_GRO = 1, OFFLOAD_LRO = 2 };

/* Creates the TAP `name` (a `%d` in it picks a free number), or attaches to an existing one; its name in `actual`. */
int tap_open(const char *name, char actual[IFNAMSIZ], const char **step);

/*
 * Binds a promiscuous AF_PACKET socket to `name` that reports VLAN tags (PACKET_AUXDATA) and
 * ignores the host's own outgoing frames; `*mtu` is the interface's. GRO and LRO, which merge
 * received frames, are turned off on the interface (`*offloads_off` says which were on, for
 * `offloads_on` at close), so that what the wire carried reaches the socket frame by frame.
 * (GSO and TSO only shape what the host itself sends there, which the socket does not read.)
 */
int packet_open(const char *name, int *mtu, int *offloads_off, const char **step);

/* Turns back on the offloads `packet_open` turned off (`offloads` as it set them); errors are ignored: the interface may be gone. */
void offloads_on(const char *name, int offloads);

/*
 * Changes interface `name` in one rtnetlink request: moves it into the namespace of process
 * `netns_pid` (0: none) or the one at `netns_path` (NULL: none), renames it (`new_name`, NULL:
 * keep), sets its MAC (`mac`, NULL: keep), enslaves it to bridge `master` (NULL: none) and
 * brings it up (`up`). Returns 0, or -errno.
 */
int link_set(const char *name, int netns_pid, const char *netns_path, const char *new_name, const uint8_t mac[6], const char *master, int up);

#endif
