/*
 * The forwarding bench's traffic tools, in C so that the generator and the receiver are never
 * what limits a run (built by bench/dataplane/tools.ts with gcc into a temporary folder):
 *
 *   udp-tool gen   SRC_PORT DST_PORT BYTES RATE SECONDS [ETHERTYPE]
 *                                                         send from SRC_PORT (RATE frames/s, 0: as fast as possible)
 *   udp-tool recv  PORT SECONDS                           count what arrives until SECONDS pass or 300 ms of silence
 *   udp-tool relay PORT_A PEER_A PORT_B PEER_B            the reference relay: recvmmsg/sendmmsg both ways, nothing else
 *
 * Everything is on 127.0.0.1. Frames are Ethernet-shaped (unicast destination 02:00:00:00:00:02,
 * source 02:00:00:00:00:01, the IPv4 ethertype unless ETHERTYPE, in hex, says otherwise: a
 * Linux bridge with br_netfilter loaded drops them as bad IPv4) with a sequence number at byte 14.
 * gen prints `{"sent":N}`; recv prints `{"frames":N,"bytes":N,"spanMs":F,"reordered":N}`.
 */
#define _GNU_SOURCE
#include <arpa/inet.h>
#include <errno.h>
#include <netinet/in.h>
#include <poll.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/epoll.h>
#include <sys/socket.h>
#include <time.h>
#include <unistd.h>

#define BATCH 64
#define MAX_FRAME 2048

static double now_ms(void) {
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return ts.tv_sec * 1e3 + ts.tv_nsec / 1e6;
}

static struct sockaddr_in loopback(int port) {
  struct sockaddr_in address;
  memset(&address, 0, sizeof address);
  address.sin_family = AF_INET;
  address.sin_port = htons((uint16_t)port);
  address.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
  return address;
}

/* The relay's sockets get the daemon's tunnel buffers (1 MiB); the generator and receiver more. */
#define TOOL_BUFFER_BYTES (4 << 20)
#define RELAY_BUFFER_BYTES (1 << 20)

static int open_socket(int port, int peer, int size) {
  int fd = socket(AF_INET, SOCK_DGRAM, 0);
  setsockopt(fd, SOL_SOCKET, SO_RCVBUF, &size, sizeof size);
  setsockopt(fd, SOL_SOCKET, SO_SNDBUF, &size, sizeof size);
  struct sockaddr_in local = loopback(port);
  if (bind(fd, (struct sockaddr *)&local, sizeof local) < 0) {
    perror("bind");
    exit(1);
  }
  if (peer > 0) {
    struct sockaddr_in remote = loopback(peer);
    if (connect(fd, (struct sockaddr *)&remote, sizeof remote) < 0) {
      perror("connect");
      exit(1);
    }
  }
  return fd;
}

static int generate(int source, int destination, int bytes, double rate, double seconds, unsigned ethertype) {
  int fd = open_socket(source, destination, TOOL_BUFFER_BYTES);
  static uint8_t frames[BATCH][MAX_FRAME];
  struct mmsghdr headers[BATCH];
  struct iovec vectors[BATCH];
  const uint8_t header[14] = {2, 0, 0, 0, 0, 2, 2, 0, 0, 0, 0, 1, (uint8_t)(ethertype >> 8), (uint8_t)ethertype};
  for (int index = 0; index < BATCH; index++) {
    memcpy(frames[index], header, sizeof header);
    vectors[index].iov_base = frames[index];
    vectors[index].iov_len = (size_t)bytes;
    memset(&headers[index], 0, sizeof headers[index]);
    headers[index].msg_hdr.msg_iov = &vectors[index];
    headers[index].msg_hdr.msg_iovlen = 1;
  }
  uint32_t sent = 0;
  double start = now_ms();
  for (;;) {
    double elapsed = now_ms() - start;
    if (elapsed >= seconds * 1e3) break;
    int count = BATCH;
    if (rate > 0) {
      double due = rate * elapsed / 1e3 - sent;
      if (due < 1) {
        struct timespec pause = {0, 50000};
        nanosleep(&pause, NULL);
        continue;
      }
      if (due < count) count = (int)due;
    }
    for (int index = 0; index < count; index++) {
      uint32_t sequence = htonl(sent + (uint32_t)index);
      memcpy(frames[index] + 14, &sequence, 4);
    }
    int done = sendmmsg(fd, headers, (unsigned)count, 0);
    /* A refused or full send still counts as offered: the relay's loss is what is measured. */
    sent += (uint32_t)(done > 0 ? done : count);
  }
  printf("{\"sent\":%u}\n", sent);
  return 0;
}

static int receive(int port, double seconds) {
  int fd = open_socket(port, 0, TOOL_BUFFER_BYTES);
  static uint8_t frames[BATCH][MAX_FRAME];
  struct mmsghdr headers[BATCH];
  struct iovec vectors[BATCH];
  for (int index = 0; index < BATCH; index++) {
    vectors[index].iov_base = frames[index];
    vectors[index].iov_len = MAX_FRAME;
    memset(&headers[index], 0, sizeof headers[index]);
    headers[index].msg_hdr.msg_iov = &vectors[index];
    headers[index].msg_hdr.msg_iovlen = 1;
  }
  uint64_t count = 0, bytes = 0, reordered = 0;
  uint32_t last_sequence = 0;
  double first = 0, last = 0, start = now_ms();
  /* Ready for traffic: the bench starts the generator after reading this line. */
  printf("ready\n");
  fflush(stdout);
  for (;;) {
    double now = now_ms();
    if (now - start > seconds * 1e3 || (count > 0 && now - last > 300)) break;
    struct pollfd watch = {fd, POLLIN, 0};
    if (poll(&watch, 1, 50) <= 0) continue;
    int got = recvmmsg(fd, headers, BATCH, MSG_DONTWAIT, NULL);
    if (got <= 0) continue;
    now = now_ms();
    if (count == 0) first = now;
    last = now;
    for (int index = 0; index < got; index++) {
      uint32_t sequence;
      memcpy(&sequence, frames[index] + 14, 4);
      sequence = ntohl(sequence);
      if (count > 0 && sequence < last_sequence) reordered++;
      last_sequence = sequence;
      count++;
      bytes += headers[index].msg_len;
    }
  }
  printf("{\"frames\":%llu,\"bytes\":%llu,\"spanMs\":%.3f,\"reordered\":%llu}\n", (unsigned long long)count, (unsigned long long)bytes, last - first,
         (unsigned long long)reordered);
  return 0;
}

_Noreturn static void relay(int port_a, int peer_a, int port_b, int peer_b) {
  int fds[2] = {open_socket(port_a, peer_a, RELAY_BUFFER_BYTES), open_socket(port_b, peer_b, RELAY_BUFFER_BYTES)};
  int poller = epoll_create1(0);
  for (int side = 0; side < 2; side++) {
    struct epoll_event event = {.events = EPOLLIN, .data.u32 = (uint32_t)side};
    epoll_ctl(poller, EPOLL_CTL_ADD, fds[side], &event);
  }
  static uint8_t frames[BATCH][MAX_FRAME];
  struct mmsghdr headers[BATCH];
  struct iovec vectors[BATCH];
  for (int index = 0; index < BATCH; index++) {
    vectors[index].iov_base = frames[index];
    memset(&headers[index], 0, sizeof headers[index]);
    headers[index].msg_hdr.msg_iov = &vectors[index];
    headers[index].msg_hdr.msg_iovlen = 1;
  }
  printf("ready\n");
  fflush(stdout);
  for (;;) {
    struct epoll_event events[2];
    int ready = epoll_wait(poller, events, 2, -1);
    for (int which = 0; which < ready; which++) {
      int side = (int)events[which].data.u32;
      for (;;) {
        for (int index = 0; index < BATCH; index++) vectors[index].iov_len = MAX_FRAME;
        int got = recvmmsg(fds[side], headers, BATCH, MSG_DONTWAIT, NULL);
        if (got <= 0) break;
        for (int index = 0; index < got; index++) vectors[index].iov_len = headers[index].msg_len;
        for (int done = 0; done < got;) {
          int sent = sendmmsg(fds[1 - side], headers + done, (unsigned)(got - done), MSG_DONTWAIT);
          done += sent > 0 ? sent : 1;
        }
        if (got < BATCH) break;
      }
    }
  }
}

int main(int argc, char **argv) {
  if ((argc == 7 || argc == 8) && strcmp(argv[1], "gen") == 0) {
    unsigned ethertype = argc == 8 ? (unsigned)strtoul(argv[7], NULL, 16) : 0x0800;
    return generate(atoi(argv[2]), atoi(argv[3]), atoi(argv[4]), atof(argv[5]), atof(argv[6]), ethertype);
  }
  if (argc == 4 && strcmp(argv[1], "recv") == 0) return receive(atoi(argv[2]), atof(argv[3]));
  if (argc == 6 && strcmp(argv[1], "relay") == 0) relay(atoi(argv[2]), atoi(argv[3]), atoi(argv[4]), atoi(argv[5]));
  fprintf(stderr, "usage: udp-tool gen SRC DST BYTES RATE SECONDS [ETHERTYPE] | recv PORT SECONDS | relay PORT_A PEER_A PORT_B PEER_B\n");
  return 2;
}
