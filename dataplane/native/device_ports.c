/*
 * Opening TAP devices and AF_PACKET sockets, and changing a link with rtnetlink, for the
 * batched forwarding in udp_batch.c. Plain system calls, no libnl: each job is one or two
 * requests, and the daemon must not need more than the C library.
 */
#define _GNU_SOURCE
#include "device_ports.h"

#include <arpa/inet.h>
#include <errno.h>
#include <fcntl.h>
#include <linux/ethtool.h>
#include <linux/if_packet.h>
#include <linux/if_tun.h>
#include <linux/netlink.h>
#include <linux/rtnetlink.h>
#include <linux/sockios.h>
#include <net/ethernet.h>
#include <stdio.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/socket.h>
#include <unistd.h>

#ifndef PACKET_IGNORE_OUTGOING
#define PACKET_IGNORE_OUTGOING 23
#endif

static int fail(const char **step, const char *what, int fd) {
  int error = errno;
  if (fd >= 0) close(fd);
  *step = what;
  errno = error;
  return -1;
}

int tap_open(const char *name, char actual[IFNAMSIZ], const char **step) {
  int fd = open("/dev/net/tun", O_RDWR | O_NONBLOCK | O_CLOEXEC);
  if (fd < 0) return fail(step, "open /dev/net/tun", -1);
  struct ifreq request;
  memset(&request, 0, sizeof request);
  request.ifr_flags = IFF_TAP | IFF_NO_PI;
  strncpy(request.ifr_name, name, IFNAMSIZ - 1);
  if (ioctl(fd, TUNSETIFF, &request) < 0) return fail(step, "TUNSETIFF", fd);
  memcpy(actual, request.ifr_name, IFNAMSIZ);
  actual[IFNAMSIZ - 1] = '\0';
  return fd;
}

static int ethtool(int control, const char *name, struct ethtool_value *value) {
  struct ifreq request;
  memset(&request, 0, sizeof request);
  strncpy(request.ifr_name, name, IFNAMSIZ - 1);
  request.ifr_data = (void *)value;
  return ioctl(control, SIOCETHTOOL, &request);
}

/* Sets one receive offload; `*was` says whether it was on. A device without it counts as off. */
static int set_offload(int control, const char *name, int offload, int on, int *was) {
  struct ethtool_value value = {.cmd = offload == OFFLOAD_GRO ? ETHTOOL_GGRO : ETHTOOL_GFLAGS};
  if (ethtool(control, name, &value) < 0) return -1;
  int current = offload == OFFLOAD_GRO ? value.data != 0 : (value.data & ETH_FLAG_LRO) != 0;
  if (was != NULL) *was = current;
  if (current == on) return 0;
  if (offload == OFFLOAD_GRO) value = (struct ethtool_value){.cmd = ETHTOOL_SGRO, .data = (uint32_t)on};
  else value = (struct ethtool_value){.cmd = ETHTOOL_SFLAGS, .data = on ? value.data | ETH_FLAG_LRO : value.data & ~(uint32_t)ETH_FLAG_LRO};
  return ethtool(control, name, &value);
}

/* Turns off GRO and LRO; the bits of those that were on and are off now. */
static int receive_offloads_off(const char *name) {
  int control = socket(AF_INET, SOCK_DGRAM | SOCK_CLOEXEC, 0);
  if (control < 0) return 0;
  int turned_off = 0;
  for (int offload = OFFLOAD_GRO; offload <= OFFLOAD_LRO; offload <<= 1) {
    int was = 0;
    if (set_offload(control, name, offload, 0, &was) == 0 && was) turned_off |= offload;
  }
  close(control);
  return turned_off;
}

void offloads_on(const char *name, int offloads) {
  int control = socket(AF_INET, SOCK_DGRAM | SOCK_CLOEXEC, 0);
  if (control < 0) return;
  for (int offload = OFFLOAD_GRO; offload <= OFFLOAD_LRO; offload <<= 1) {
    if (offloads & offload) set_offload(control, name, offload, 1, NULL);
  }
  close(control);
}

int packet_open(const char *name, int *mtu, int *offloads_off, const char **step) {
  unsigned index = if_nametoindex(name);
  if (index == 0) return fail(step, "if_nametoindex", -1);
  int fd = socket(AF_PACKET, SOCK_RAW | SOCK_NONBLOCK | SOCK_CLOEXEC, htons(ETH_P_ALL));
  if (fd < 0) return fail(step, "socket(AF_PACKET)", -1);
  int on = 1;
  if (setsockopt(fd, SOL_PACKET, PACKET_AUXDATA, &on, sizeof on) < 0) return fail(step, "PACKET_AUXDATA", fd);
  /* Kernels before 4.20 lack it; the receive path also skips PACKET_OUTGOING by its address. */
  setsockopt(fd, SOL_PACKET, PACKET_IGNORE_OUTGOING, &on, sizeof on);
  int buffer = 4 << 20;
  setsockopt(fd, SOL_SOCKET, SO_RCVBUF, &buffer, sizeof buffer);
  setsockopt(fd, SOL_SOCKET, SO_SNDBUF, &buffer, sizeof buffer);
  struct sockaddr_ll address;
  memset(&address, 0, sizeof address);
  address.sll_family = AF_PACKET;
  address.sll_protocol = htons(ETH_P_ALL);
  address.sll_ifindex = (int)index;
  if (bind(fd, (struct sockaddr *)&address, sizeof address) < 0) return fail(step, "bind", fd);
  struct packet_mreq membership;
  memset(&membership, 0, sizeof membership);
  membership.mr_ifindex = (int)index;
  membership.mr_type = PACKET_MR_PROMISC;
  if (setsockopt(fd, SOL_PACKET, PACKET_ADD_MEMBERSHIP, &membership, sizeof membership) < 0) return fail(step, "PACKET_MR_PROMISC", fd);

  int control = socket(AF_INET, SOCK_DGRAM | SOCK_CLOEXEC, 0);
  if (control < 0) return fail(step, "socket(AF_INET)", fd);
  struct ifreq request;
  memset(&request, 0, sizeof request);
  strncpy(request.ifr_name, name, IFNAMSIZ - 1);
  *mtu = ioctl(control, SIOCGIFMTU, &request) == 0 ? request.ifr_mtu : 1500;
  close(control);
  *offloads_off = receive_offloads_off(name);
  return fd;
}

static void put_attribute(struct nlmsghdr *header, unsigned short type, const void *data, size_t length) {
  struct rtattr *attribute = (struct rtattr *)((char *)header + NLMSG_ALIGN(header->nlmsg_len));
  attribute->rta_type = type;
  attribute->rta_len = (unsigned short)RTA_LENGTH(length);
  memcpy(RTA_DATA(attribute), data, length);
  header->nlmsg_len = NLMSG_ALIGN(header->nlmsg_len) + RTA_ALIGN(attribute->rta_len);
}

int link_set(const char *name, int netns_pid, const char *netns_path, const char *new_name, const uint8_t mac[6], const char *master, int up) {
  unsigned index = if_nametoindex(name);
  if (index == 0) return -ENODEV;
  unsigned master_index = 0;
  if (master != NULL && (master_index = if_nametoindex(master)) == 0) return -ENODEV;
  union {
    struct nlmsghdr header;
    char bytes[512];
  } message;
  memset(&message, 0, sizeof message);
  message.header.nlmsg_len = NLMSG_LENGTH(sizeof(struct ifinfomsg));
  message.header.nlmsg_type = RTM_NEWLINK;
  message.header.nlmsg_flags = NLM_F_REQUEST | NLM_F_ACK;
  struct ifinfomsg *link = NLMSG_DATA(&message.header);
  link->ifi_family = AF_UNSPEC;
  link->ifi_index = (int)index;
  /* The kernel moves and renames first, then sets the address, then the flags: one request does all. */
  if (up) {
    link->ifi_flags = IFF_UP;
    link->ifi_change = IFF_UP;
  }
  int namespace_fd = -1;
  if (netns_pid > 0) {
    uint32_t pid = (uint32_t)netns_pid;
    put_attribute(&message.header, IFLA_NET_NS_PID, &pid, sizeof pid);
  } else if (netns_path != NULL) {
    namespace_fd = open(netns_path, O_RDONLY | O_CLOEXEC);
    if (namespace_fd < 0) return -errno;
    uint32_t descriptor = (uint32_t)namespace_fd;
    put_attribute(&message.header, IFLA_NET_NS_FD, &descriptor, sizeof descriptor);
  }
  if (new_name != NULL) put_attribute(&message.header, IFLA_IFNAME, new_name, strnlen(new_name, IFNAMSIZ - 1) + 1);
  if (mac != NULL) put_attribute(&message.header, IFLA_ADDRESS, mac, 6);
  if (master_index != 0) {
    uint32_t bridge = master_index;
    put_attribute(&message.header, IFLA_MASTER, &bridge, sizeof bridge);
  }

  int result = 0;
  int route = socket(AF_NETLINK, SOCK_RAW | SOCK_CLOEXEC, NETLINK_ROUTE);
  if (route < 0) {
    result = -errno;
  } else {
    struct sockaddr_nl kernel = {.nl_family = AF_NETLINK};
    if (sendto(route, &message, message.header.nlmsg_len, 0, (struct sockaddr *)&kernel, sizeof kernel) < 0) {
      result = -errno;
    } else {
      char answer[1024];
      ssize_t length;
      do length = recv(route, answer, sizeof answer, 0);
      while (length < 0 && errno == EINTR);
      struct nlmsghdr *reply = (struct nlmsghdr *)answer;
      if (length < 0) result = -errno;
      else if (length < (ssize_t)NLMSG_LENGTH(sizeof(struct nlmsgerr)) || reply->nlmsg_type != NLMSG_ERROR) result = -EPROTO;
      else result = ((struct nlmsgerr *)NLMSG_DATA(reply))->error;
    }
    close(route);
  }
  if (namespace_fd >= 0) close(namespace_fd);
  return result;
}
