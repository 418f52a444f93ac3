/*
 * Batched node ports for the dataplane daemon (Node-API, C): UDP tunnel sockets, TAP devices
 * and AF_PACKET sockets on host interfaces (device_ports.c opens the last two). This file is
 * the module's JavaScript surface; native_port.h lists the others.
 *
 * Why it exists: node:dgram costs one recvmsg, one Buffer, one rinfo object and one send
 * request per datagram. Here a socket is read with recvmmsg, up to BATCH datagrams per system
 * call, and handed to JavaScript once per batch; what JavaScript sends is queued and leaves with
 * sendmmsg, one system call per run of datagrams to the same socket. A link direction with
 * nothing to do in JavaScript (no filter but a delay, no capture) is forwarded here from
 * socket to socket, counting frames and bytes for the relay to read, through a delay line in C
 * if it has one; without a delay, by a forwarding thread, so that busy links use every core.
 *
 * JavaScript, delay lines and ports that deliver to JavaScript run on the Node main thread, on
 * Node's own libuv loop (uv_poll per port); an idle port costs only its small struct.
 */
#define _GNU_SOURCE
#include <arpa/inet.h>
#include <errno.h>
#include <netinet/in.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <unistd.h>

#include "device_ports.h"
#include "native_port.h"

napi_env main_env;
native_port **sockets;
int sockets_capacity;
forwarder *main_work;
uint32_t *batch_lengths;

static const char *const stat_names[STATS_FIELDS] = {
    [STAT_FRAMES_IN] = "framesIn",
    [STAT_BYTES_IN] = "bytesIn",
    [STAT_FRAMES_OUT] = "framesOut",
    [STAT_BYTES_OUT] = "bytesOut",
    [STAT_ERRORS] = "errors",
    [STAT_DROPPED_DELAY_FULL] = "droppedDelayFull",
    [STAT_HELD] = "held",
    [STAT_DROPPED_OVERSIZE] = "droppedOversize",
    [STAT_FANNED_FRAMES] = "fannedFrames",
    [STAT_FANNED_BYTES] = "fannedBytes",
};

static void clear_fan_out(native_port *port) {
  free(port->fan_out);
  port->fan_out = NULL;
  port->fan_out_count = 0;
}

static napi_value throw_errno(napi_env env, const char *syscall, int error, const char *address, int port) {
  char message[256];
  int code = uv_translate_sys_error(error);
  snprintf(message, sizeof message, "%s %s %s:%d", syscall, uv_err_name(code), address, port);
  napi_throw_error(env, uv_err_name(code), message);
  return NULL;
}

static int fill_address(const char *text, int port, int ipv6, struct sockaddr_storage *address, socklen_t *length) {
  memset(address, 0, sizeof *address);
  if (ipv6) {
    struct sockaddr_in6 *in6 = (struct sockaddr_in6 *)address;
    in6->sin6_family = AF_INET6;
    in6->sin6_port = htons((uint16_t)port);
    *length = sizeof *in6;
    return inet_pton(AF_INET6, text, &in6->sin6_addr) == 1;
  }
  struct sockaddr_in *in4 = (struct sockaddr_in *)address;
  in4->sin_family = AF_INET;
  in4->sin_port = htons((uint16_t)port);
  *length = sizeof *in4;
  return inet_pton(AF_INET, text, &in4->sin_addr) == 1;
}

/* Threads stopped: they look ports up in `sockets`, which may move. */
static int register_stopped(native_port *created) {
  for (int id = 0; id < sockets_capacity; id++) {
    if (sockets[id] == NULL) {
      sockets[id] = created;
      return id;
    }
  }
  int capacity = sockets_capacity == 0 ? 64 : sockets_capacity * 2;
  native_port **grown = realloc(sockets, sizeof(native_port *) * (size_t)capacity);
  if (grown == NULL) return -1;
  memset(grown + sockets_capacity, 0, sizeof(native_port *) * (size_t)(capacity - sockets_capacity));
  sockets = grown;
  int id = sockets_capacity;
  sockets_capacity = capacity;
  sockets[id] = created;
  return id;
}

static int register_socket(native_port *created) {
  stop_threads();
  int id = register_stopped(created);
  resume_threads();
  return id;
}

#define ARGS(n)                                                   \
  size_t argc = n;                                                \
  napi_value argv[n];                                             \
  napi_get_cb_info(env, info, &argc, argv, NULL, NULL);

static int32_t int_arg(napi_env env, napi_value value) {
  int32_t result = -1;
  napi_get_value_int32(env, value, &result);
  return result;
}

/* Registers an open descriptor as a port read by libuv; its id, or -1 (the descriptor closed). */
static int adopt(napi_env env, int fd, enum port_kind kind, uint32_t max_frame, napi_value on_batch) {
  native_port *created = calloc(1, sizeof *created);
  int id = created == NULL ? -1 : register_socket(created);
  uv_loop_t *loop = NULL;
  napi_get_uv_event_loop(env, &loop);
  if (id < 0 || uv_poll_init_socket(loop, &created->poll, fd) != 0) {
    if (id >= 0) sockets[id] = NULL;
    free(created);
    close(fd);
    return -1;
  }
  created->fd = fd;
  created->id = id;
  created->kind = kind;
  created->max_frame = max_frame;
  created->forward_to = -1;
  created->reader = -1;
  napi_create_reference(env, on_batch, 1, &created->callback);
  napi_value resource_name;
  napi_create_string_utf8(env, "UDPBATCH", NAPI_AUTO_LENGTH, &resource_name);
  napi_async_init(env, NULL, resource_name, &created->async_context);
  uv_poll_start(&created->poll, UV_READABLE, on_readable);
  return id;
}

/* open(ipv6, localAddress, localPort, remoteAddress, remotePort, receiveBufferBytes, sendBufferBytes, onBatch) → [id, boundPort] */
static napi_value js_open(napi_env env, napi_callback_info info) {
  ARGS(8);
  bool ipv6 = false;
  napi_get_value_bool(env, argv[0], &ipv6);
  char local_text[64], remote_text[64];
  size_t ignored;
  napi_get_value_string_utf8(env, argv[1], local_text, sizeof local_text, &ignored);
  int local_port = int_arg(env, argv[2]);
  napi_get_value_string_utf8(env, argv[3], remote_text, sizeof remote_text, &ignored);
  int remote_port = int_arg(env, argv[4]);
  int receive_bytes = int_arg(env, argv[5]);
  int send_bytes = int_arg(env, argv[6]);

  struct sockaddr_storage local, remote;
  socklen_t local_length, remote_length;
  if (!fill_address(local_text, local_port, ipv6, &local, &local_length)) return throw_errno(env, "bind", EINVAL, local_text, local_port);
  if (!fill_address(remote_text, remote_port, ipv6, &remote, &remote_length)) return throw_errno(env, "connect", EINVAL, remote_text, remote_port);

  int fd = socket(ipv6 ? AF_INET6 : AF_INET, SOCK_DGRAM | SOCK_NONBLOCK | SOCK_CLOEXEC, 0);
  if (fd < 0) return throw_errno(env, "socket", errno, local_text, local_port);
  setsockopt(fd, SOL_SOCKET, SO_RCVBUF, &receive_bytes, sizeof receive_bytes);
  setsockopt(fd, SOL_SOCKET, SO_SNDBUF, &send_bytes, sizeof send_bytes);
  if (bind(fd, (struct sockaddr *)&local, local_length) < 0) {
    int error = errno;
    close(fd);
    return throw_errno(env, "bind", error, local_text, local_port);
  }
  if (connect(fd, (struct sockaddr *)&remote, remote_length) < 0) {
    int error = errno;
    close(fd);
    return throw_errno(env, "connect", error, remote_text, remote_port);
  }
  struct sockaddr_storage bound;
  socklen_t bound_length = sizeof bound;
  getsockname(fd, (struct sockaddr *)&bound, &bound_length);
  int bound_port = ntohs(ipv6 ? ((struct sockaddr_in6 *)&bound)->sin6_port : ((struct sockaddr_in *)&bound)->sin_port);

  int id = adopt(env, fd, PORT_UDP, SLOT_BYTES, argv[7]);
  if (id < 0) return throw_errno(env, "socket", ENOMEM, local_text, local_port);
  sockets[id]->segment_limit = GSO_FIRST_SEGMENT_LIMIT;

  napi_value result, element;
  napi_create_array_with_length(env, 2, &result);
  napi_create_int32(env, id, &element);
  napi_set_element(env, result, 0, element);
  napi_create_int32(env, bound_port, &element);
  napi_set_element(env, result, 1, element);
  return result;
}

static napi_value throw_device_error(napi_env env, const char *step, int error, const char *name) {
  char message[256];
  int code = uv_translate_sys_error(error);
  snprintf(message, sizeof message, "%s %s %s: %s", step, uv_err_name(code), name, strerror(error));
  napi_throw_error(env, uv_err_name(code), message);
  return NULL;
}

/* A device name from JavaScript; false (with a TypeError thrown) when it cannot be one. */
static bool name_arg(napi_env env, napi_value value, char name[IFNAMSIZ]) {
  size_t length = 0;
  if (napi_get_value_string_utf8(env, value, NULL, 0, &length) != napi_ok || length == 0 || length > IFNAMSIZ - 1) {
    napi_throw_type_error(env, "EINVAL", "an interface name is 1 to 15 characters");
    return false;
  }
  napi_get_value_string_utf8(env, value, name, IFNAMSIZ, &length);
  return true;
}

/* openTap(name, onBatch) → [id, name]: creates the TAP (or attaches to an existing one); closing it removes one it created. */
static napi_value js_open_tap(napi_env env, napi_callback_info info) {
  ARGS(2);
  char name[IFNAMSIZ], actual[IFNAMSIZ];
  if (!name_arg(env, argv[0], name)) return NULL;
  const char *step = NULL;
  int fd = tap_open(name, actual, &step);
  if (fd < 0) return throw_device_error(env, step, errno, name);
  int id = adopt(env, fd, PORT_TAP, SLOT_BYTES, argv[1]);
  if (id < 0) return throw_device_error(env, "register", ENOMEM, name);
  napi_value result, element;
  napi_create_array_with_length(env, 2, &result);
  napi_create_int32(env, id, &element);
  napi_set_element(env, result, 0, element);
  napi_create_string_utf8(env, actual, NAPI_AUTO_LENGTH, &element);
  napi_set_element(env, result, 1, element);
  return result;
}

/* openPacket(interface, onBatch) → [id, mtu, offloads turned off: string[]] */
static napi_value js_open_packet(napi_env env, napi_callback_info info) {
  ARGS(2);
  char name[IFNAMSIZ];
  if (!name_arg(env, argv[0], name)) return NULL;
  const char *step = NULL;
  int mtu = 0, offloads_off = 0;
  int fd = packet_open(name, &mtu, &offloads_off, &step);
  if (fd < 0) return throw_device_error(env, step, errno, name);
  /* A frame may carry two VLAN tags beyond the MTU and its Ethernet header. */
  int id = adopt(env, fd, PORT_PACKET, (uint32_t)mtu + 14 + 8, argv[1]);
  if (id < 0) {
    offloads_on(name, offloads_off);
    return throw_device_error(env, "register", ENOMEM, name);
  }
  memcpy(sockets[id]->device, name, IFNAMSIZ);
  sockets[id]->offloads_off = offloads_off;
  napi_value result, element, turned_off;
  napi_create_array_with_length(env, 3, &result);
  napi_create_int32(env, id, &element);
  napi_set_element(env, result, 0, element);
  napi_create_int32(env, mtu, &element);
  napi_set_element(env, result, 1, element);
  napi_create_array(env, &turned_off);
  static const struct {
    int bit;
    const char *name;
  } offloads[] = {{OFFLOAD_GRO, "gro"}, {OFFLOAD_LRO, "lro"}};
  uint32_t count = 0;
  for (size_t index = 0; index < sizeof offloads / sizeof offloads[0]; index++) {
    if (!(offloads_off & offloads[index].bit)) continue;
    napi_create_string_utf8(env, offloads[index].name, NAPI_AUTO_LENGTH, &element);
    napi_set_element(env, turned_off, count++, element);
  }
  napi_set_element(env, result, 2, turned_off);
  return result;
}

/*
 * setLink(name, netnsPid, netnsPath, newName, mac, master, up): moves (pid > 0, or a path
 * such as /proc/PID/ns/net or /run/netns/NAME; "" for none), renames ("" keeps), sets the MAC
 * ("xx:xx:xx:xx:xx:xx", "" keeps), enslaves to a bridge ("" for none) and brings up an
 * interface, in one rtnetlink request.
 */
static napi_value js_set_link(napi_env env, napi_callback_info info) {
  ARGS(7);
  char name[IFNAMSIZ], new_name[IFNAMSIZ], master[IFNAMSIZ], netns_path[256], mac_text[32];
  if (!name_arg(env, argv[0], name)) return NULL;
  int netns_pid = int_arg(env, argv[1]);
  size_t length = 0;
  napi_get_value_string_utf8(env, argv[2], netns_path, sizeof netns_path, &length);
  bool has_path = length > 0;
  napi_get_value_string_utf8(env, argv[3], new_name, sizeof new_name, &length);
  bool has_name = length > 0;
  if (has_name && !name_arg(env, argv[3], new_name)) return NULL;
  napi_get_value_string_utf8(env, argv[4], mac_text, sizeof mac_text, &length);
  uint8_t mac[6];
  bool has_mac = length > 0;
  if (has_mac && sscanf(mac_text, "%hhx:%hhx:%hhx:%hhx:%hhx:%hhx", &mac[0], &mac[1], &mac[2], &mac[3], &mac[4], &mac[5]) != 6) {
    napi_throw_type_error(env, "EINVAL", "a MAC address is six hex pairs separated by colons");
    return NULL;
  }
  napi_get_value_string_utf8(env, argv[5], master, sizeof master, &length);
  bool has_master = length > 0;
  if (has_master && !name_arg(env, argv[5], master)) return NULL;
  bool up = false;
  napi_get_value_bool(env, argv[6], &up);
  int result = link_set(name, netns_pid > 0 ? netns_pid : 0, has_path ? netns_path : NULL, has_name ? new_name : NULL, has_mac ? mac : NULL,
                        has_master ? master : NULL, up);
  if (result < 0) return throw_device_error(env, "RTM_NEWLINK", -result, name);
  return NULL;
}

/* send(id, frame: Uint8Array) */
static napi_value js_send(napi_env env, napi_callback_info info) {
  ARGS(2);
  native_port *target = socket_by_id(int_arg(env, argv[0]));
  if (target == NULL) return NULL;
  napi_typedarray_type type;
  size_t length, offset;
  void *data;
  napi_value backing;
  if (napi_get_typedarray_info(env, argv[1], &type, &length, &data, &backing, &offset) != napi_ok) return NULL;
  enqueue_copy(target, data, length);
  return NULL;
}

/* deliver(id, on): whether received frames go to JavaScript (otherwise they are read and dropped) */
static napi_value js_deliver(napi_env env, napi_callback_info info) {
  ARGS(2);
  native_port *found = socket_by_id(int_arg(env, argv[0]));
  bool on = false;
  napi_get_value_bool(env, argv[1], &on);
  if (found != NULL) found->delivering = on;
  return NULL;
}

/*
 * forward(id, targetId, latencyMs, jitterMs, seed, budget: Float64Array [limit, held]):
 * frames read from id go to targetId in C, held latencyMs ± jitterMs first; -1 stops (held
 * frames then wait for `takeHeld`, or leave on their timer for a target that comes back).
 */
static napi_value configure_forwarding(napi_env env, napi_callback_info info) {
  ARGS(6);
  native_port *found = socket_by_id(int_arg(env, argv[0]));
  if (found == NULL) return NULL;
  found->forward_to = int_arg(env, argv[1]);
  clear_fan_out(found);
  int32_t latency_ms = argc > 2 ? int_arg(env, argv[2]) : 0;
  int32_t jitter_ms = argc > 3 ? int_arg(env, argv[3]) : 0;
  if (latency_ms < 0) latency_ms = 0;
  if (jitter_ms < 0) jitter_ms = 0;
  delay_line *line = found->line;
  if (latency_ms == 0 && jitter_ms == 0) {
    /* Frames held stay in order ahead of new ones, and leave when due. */
    if (line != NULL) {
      line->latency_ns = 0;
      line->jitter_ms = 0;
    }
    return NULL;
  }
  napi_typedarray_type type;
  size_t length = 0, offset;
  void *cells = NULL;
  napi_value backing;
  if (argc < 6 || napi_get_typedarray_info(env, argv[5], &type, &length, &cells, &backing, &offset) != napi_ok ||
      type != napi_float64_array || length < 2) {
    napi_throw_type_error(env, NULL, "forward with a delay needs its budget's cells (a Float64Array [limit, held])");
    return NULL;
  }
  if (line == NULL) {
    line = calloc(1, sizeof *line);
    uv_loop_t *loop = NULL;
    napi_get_uv_event_loop(env, &loop);
    if (line == NULL || uv_timer_init(loop, &line->timer) != 0) {
      free(line);
      napi_throw_error(env, "ENOMEM", "out of memory");
      return NULL;
    }
    line->owner = found;
    found->line = line;
  }
  if (line->budget != (double *)cells) {
    /* Frames held keep their room in the budget they were taken from: move it along. */
    double moved = 0;
    uint32_t mask = line->held_capacity - 1;
    for (uint32_t index = 0; index < line->count; index++) moved += (double)line->held[(line->head + index) & mask].length + HELD_FRAME_OVERHEAD;
    if (line->budget != NULL) line->budget[1] -= moved;
    ((double *)cells)[1] += moved;
    if (line->budget_ref != NULL) napi_delete_reference(env, line->budget_ref);
    napi_create_reference(env, argv[5], 1, &line->budget_ref);
    line->budget = cells;
  }
  line->latency_ns = (uint64_t)latency_ms * 1000000ULL;
  line->jitter_ms = (uint32_t)jitter_ms;
  uint32_t seed = 0;
  if (argc > 4) napi_get_value_uint32(env, argv[4], &seed);
  line->random_state = ((uint64_t)seed << 32) ^ 0x9E3779B97F4A7C15ULL;
  return NULL;
}

/* Forwarding changes under stopped threads; then the port goes to the reader its new setting calls for. */
static napi_value js_forward(napi_env env, napi_callback_info info) {
  ARGS(1);
  stop_threads();
  napi_value result = configure_forwarding(env, info);
  native_port *found = socket_by_id(int_arg(env, argv[0]));
  if (found != NULL) place_stopped(found);
  resume_threads();
  return result;
}

/*
 * fanOut(id, targets: Int32Array) → boolean: frames read from `id` go to every port in
 * `targets` in C (a hub whose ports' links all forward in C), counted in each target's
 * fanned totals; an empty list stops. False (nothing changed) when a target is not an open
 * port other than `id`.
 */
static napi_value js_fan_out(napi_env env, napi_callback_info info) {
  ARGS(2);
  napi_value result;
  napi_get_boolean(env, false, &result);
  int id = int_arg(env, argv[0]);
  napi_typedarray_type type;
  size_t count = 0, offset;
  void *data = NULL;
  napi_value backing;
  if (napi_get_typedarray_info(env, argv[1], &type, &count, &data, &backing, &offset) != napi_ok || type != napi_int32_array) {
    napi_throw_type_error(env, NULL, "fanOut takes its targets' ids as an Int32Array");
    return NULL;
  }
  const int32_t *targets = data;
  int *copy = count > 0 ? malloc(sizeof(int) * count) : NULL;
  if (count > 0 && copy == NULL) return result;
  stop_threads();
  native_port *found = socket_by_id(id);
  bool valid = found != NULL;
  for (size_t index = 0; valid && index < count; index++) {
    valid = targets[index] != id && socket_by_id(targets[index]) != NULL;
    if (valid) copy[index] = targets[index];
  }
  if (valid) {
    found->forward_to = -1;
    clear_fan_out(found);
    found->fan_out = copy;
    found->fan_out_count = (int)count;
    place_stopped(found);
    copy = NULL;
  }
  resume_threads();
  free(copy);
  napi_get_boolean(env, valid, &result);
  return result;
}

/*
 * takeHeld(id) → [frames: Buffer, lengths and remaining ms: Float64Array] or null: empties
 * the socket's delay line into JavaScript (a direction going back to JavaScript keeps its
 * frames, in order), giving their room back to the budget.
 */
static napi_value js_take_held(napi_env env, napi_callback_info info) {
  ARGS(1);
  native_port *found = socket_by_id(int_arg(env, argv[0]));
  napi_value result;
  napi_get_null(env, &result);
  if (found == NULL || found->line == NULL || found->line->count == 0) return result;
  delay_line *line = found->line;
  uint32_t mask = line->held_capacity - 1;
  size_t total = 0;
  for (uint32_t index = 0; index < line->count; index++) total += line->held[(line->head + index) & mask].length;
  void *bytes, *pairs;
  napi_value buffer, times_buffer, times;
  if (napi_create_buffer(env, total == 0 ? 1 : total, &bytes, &buffer) != napi_ok ||
      napi_create_arraybuffer(env, sizeof(double) * 2 * line->count, &pairs, &times_buffer) != napi_ok) {
    return result;
  }
  napi_create_typedarray(env, napi_float64_array, 2 * (size_t)line->count, times_buffer, 0, &times);
  uint64_t now = uv_hrtime();
  uint8_t *cursor = bytes;
  double *pair = pairs;
  for (uint32_t index = 0; index < line->count; index++) {
    held_frame *frame = &line->held[(line->head + index) & mask];
    memcpy(cursor, frame->data, frame->length);
    cursor += frame->length;
    *pair++ = frame->length;
    *pair++ = frame->due_ns > now ? (double)(frame->due_ns - now) / 1e6 : 0;
  }
  forget_held(line);
  uv_timer_stop(&line->timer);
  napi_create_array_with_length(env, 2, &result);
  napi_set_element(env, result, 0, buffer);
  napi_set_element(env, result, 1, times);
  return result;
}

/*
 * stats(id, into: Float64Array(STATS_FIELDS)): frames and bytes read and sent on in C, socket
 * errors, frames a full budget dropped, frames held now, frames an AF_PACKET port dropped as
 * longer than its interface allows; each at its `statFields` position
 */
static napi_value js_stats(napi_env env, napi_callback_info info) {
  ARGS(2);
  int id = int_arg(env, argv[0]);
  native_port *found = id >= 0 && id < sockets_capacity ? sockets[id] : NULL;
  napi_typedarray_type type;
  size_t length, offset;
  void *data;
  napi_value backing;
  if (found == NULL || napi_get_typedarray_info(env, argv[1], &type, &length, &data, &backing, &offset) != napi_ok) return NULL;
  if (type != napi_float64_array || length < STATS_FIELDS) return NULL;
  double *into = data;
  /* Its reader may be a forwarding thread: read between two of its wakeups. */
  stop_threads();
  into[STAT_FRAMES_IN] = found->frames_in;
  into[STAT_BYTES_IN] = found->bytes_in;
  into[STAT_FRAMES_OUT] = found->frames_out;
  into[STAT_BYTES_OUT] = found->bytes_out;
  into[STAT_ERRORS] = (double)__atomic_load_n(&found->errors, __ATOMIC_RELAXED);
  into[STAT_DROPPED_DELAY_FULL] = found->dropped_delay_full;
  into[STAT_HELD] = found->line == NULL ? 0 : found->line->count;
  into[STAT_DROPPED_OVERSIZE] = found->dropped_oversize;
  into[STAT_FANNED_FRAMES] = (double)__atomic_load_n(&found->fanned_frames, __ATOMIC_RELAXED);
  into[STAT_FANNED_BYTES] = (double)__atomic_load_n(&found->fanned_bytes, __ATOMIC_RELAXED);
  resume_threads();
  return NULL;
}

static void free_closed(uv_handle_t *handle) {
  free(handle);
}

/* close(id): frames already queued for it are sent first */
static napi_value js_close(napi_env env, napi_callback_info info) {
  ARGS(1);
  int id = int_arg(env, argv[0]);
  native_port *found = socket_by_id(id);
  if (found == NULL) return NULL;
  flush_queue(main_work);
  stop_threads();
  leave_thread_stopped(found);
  found->closed = 1;
  sockets[id] = NULL;
  /*
   * Ports forwarding here go back to the main thread, which hands their frames to JavaScript;
   * so do the other ports of a hub it was part of, until the hub asks for C again.
   */
  for (int other = 0; other < sockets_capacity; other++) {
    native_port *port = sockets[other];
    if (port == NULL) continue;
    bool fanned_here = false;
    for (int member = 0; member < port->fan_out_count; member++) fanned_here |= port->fan_out[member] == id;
    if (port->forward_to != id && !fanned_here) continue;
    port->forward_to = -1;
    clear_fan_out(port);
    place_stopped(port);
  }
  clear_fan_out(found);
  resume_threads();
  if (found->line != NULL) close_line(env, found->line);
  found->line = NULL;
  napi_delete_reference(env, found->callback);
  napi_async_destroy(env, found->async_context);
  uv_poll_stop(&found->poll);
  close(found->fd);
  if (found->kind == PORT_PACKET && found->offloads_off != 0) offloads_on(found->device, found->offloads_off);
  uv_close((uv_handle_t *)&found->poll, free_closed);
  return NULL;
}

static napi_value js_batch_lengths(napi_env env) {
  napi_value buffer, lengths;
  napi_create_external_arraybuffer(env, batch_lengths, sizeof(uint32_t) * BATCH, NULL, NULL, &buffer);
  napi_create_typedarray(env, napi_uint32_array, BATCH, buffer, 0, &lengths);
  return lengths;
}

/* threads: { count, nice, niceRefused: "" or why the niceness asked for was refused } */
static napi_value js_threads(napi_env env) {
  napi_value threads_info, value;
  napi_create_object(env, &threads_info);
  napi_create_int32(env, thread_count, &value);
  napi_set_named_property(env, threads_info, "count", value);
  napi_create_int32(env, thread_nice, &value);
  napi_set_named_property(env, threads_info, "nice", value);
  napi_create_string_utf8(env, thread_nice_error == 0 ? "" : strerror(thread_nice_error), NAPI_AUTO_LENGTH, &value);
  napi_set_named_property(env, threads_info, "niceRefused", value);
  return threads_info;
}

/* statFields: { framesIn: 0, bytesIn: 1, … }, each stats() field's position */
static napi_value js_stat_fields(napi_env env) {
  napi_value fields, position;
  napi_create_object(env, &fields);
  for (int field = 0; field < STATS_FIELDS; field++) {
    napi_create_int32(env, field, &position);
    napi_set_named_property(env, fields, stat_names[field], position);
  }
  return fields;
}

static napi_value init(napi_env env, napi_value exports) {
  if (main_env != NULL) {
    napi_throw_error(env, NULL, "the batched UDP addon serves one thread only");
    return NULL;
  }
  main_env = env;
  main_work = new_forwarder();
  batch_lengths = calloc(BATCH, sizeof(uint32_t));
  uv_loop_t *loop = NULL;
  napi_get_uv_event_loop(env, &loop);
  if (main_work == NULL || batch_lengths == NULL || !start_sending(loop)) {
    napi_throw_error(env, NULL, "out of memory");
    return NULL;
  }
  start_threads(loop);

  napi_property_descriptor properties[] = {
      {"open", NULL, js_open, NULL, NULL, NULL, napi_default, NULL},
      {"openTap", NULL, js_open_tap, NULL, NULL, NULL, napi_default, NULL},
      {"openPacket", NULL, js_open_packet, NULL, NULL, NULL, napi_default, NULL},
      {"setLink", NULL, js_set_link, NULL, NULL, NULL, napi_default, NULL},
      {"send", NULL, js_send, NULL, NULL, NULL, napi_default, NULL},
      {"deliver", NULL, js_deliver, NULL, NULL, NULL, napi_default, NULL},
      {"forward", NULL, js_forward, NULL, NULL, NULL, napi_default, NULL},
      {"fanOut", NULL, js_fan_out, NULL, NULL, NULL, napi_default, NULL},
      {"takeHeld", NULL, js_take_held, NULL, NULL, NULL, napi_default, NULL},
      {"stats", NULL, js_stats, NULL, NULL, NULL, napi_default, NULL},
      {"close", NULL, js_close, NULL, NULL, NULL, napi_default, NULL},
      {"batchLengths", NULL, NULL, NULL, NULL, js_batch_lengths(env), napi_default, NULL},
      {"statFields", NULL, NULL, NULL, NULL, js_stat_fields(env), napi_default, NULL},
      {"threads", NULL, NULL, NULL, NULL, js_threads(env), napi_default, NULL},
  };
  napi_define_properties(env, exports, sizeof properties / sizeof properties[0], properties);
  return exports;
}

NAPI_MODULE_INIT() {
  return init(env, exports);
}
