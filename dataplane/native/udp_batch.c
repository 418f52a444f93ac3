/*
 * Batched UDP tunnel sockets for the dataplane daemon (Node-API, C).
 *
 * Why it exists: node:dgram costs one recvmsg, one Buffer, one rinfo object and one send
 * request per datagram. Here a socket is read with recvmmsg, up to BATCH datagrams per system
 * call, and handed to JavaScript once per batch; what JavaScript sends is queued and leaves with
 * sendmmsg, one system call per run of datagrams to the same socket. A link direction with
 * nothing to do in JavaScript (no filter, no capture, nothing delayed) is forwarded here from
 * socket to socket, counting frames and bytes for the relay to read.
 *
 * Everything runs on the Node main thread, on Node's own libuv loop (uv_poll per socket), so
 * no locking is needed and a batch is processed synchronously: one receive arena and one send
 * queue serve every socket, and an idle socket costs only its small struct.
 *
 * Send queue lifetime: entries point either into the send arena (copies of JavaScript frames,
 * which JavaScript may drop or the GC may free at any time) or into the receive arena (frames
 * forwarded in C, valid until the next recvmmsg, which never happens before the queue is
 * flushed). The queue is flushed after every received batch, when it fills, before a socket
 * closes, and otherwise from an idle handle in the same loop turn.
 */
#define _GNU_SOURCE
#include <arpa/inet.h>
#include <errno.h>
#include <netinet/in.h>
#include <node_api.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <unistd.h>
#include <uv.h>

#define BATCH 64
#define ROUNDS_PER_WAKEUP 8
#define SLOT_BYTES 65536
#define QUEUE_ENTRIES 1024
#define SEND_ARENA_BYTES (1 << 20)

typedef struct udp_socket {
  uv_poll_t poll; /* first: the handle's address is the struct's */
  int fd;
  int id;
  int closed;
  int delivering;       /* JavaScript wants this socket's frames */
  int forward_to;       /* id of the socket frames are forwarded to in C, or -1 */
  double forwarded_frames;
  double forwarded_bytes;
  double errors;
  napi_ref callback;    /* (batch: Buffer, count: number) => void */
  napi_async_context async_context;
} udp_socket;

typedef struct {
  udp_socket *target;
  const uint8_t *data;
  uint32_t length;
} queued_frame;

static napi_env main_env;
static udp_socket **sockets;
static int sockets_capacity;
static uint8_t *receive_arena;
static struct mmsghdr receive_headers[BATCH];
static struct iovec receive_vectors[BATCH];
static uint32_t *batch_lengths; /* shared with JavaScript as a Uint32Array */
static queued_frame queue[QUEUE_ENTRIES];
static int queued;
static uint8_t *send_arena;
static size_t send_arena_used;
static struct mmsghdr send_headers[QUEUE_ENTRIES];
static struct iovec send_vectors[QUEUE_ENTRIES];
static uv_idle_t flusher;
static int dispatching;

/* ---- sending ---- */

static int transient_send_error(int error) {
  return error == EAGAIN || error == EWOULDBLOCK || error == ENOBUFS;
}

/* Sends one run of frames to one socket; a frame the kernel refuses is lost, as on a wire. */
static void send_run(udp_socket *target, int first, int count) {
  for (int index = 0; index < count; index++) {
    send_vectors[index].iov_base = (void *)queue[first + index].data;
    send_vectors[index].iov_len = queue[first + index].length;
    memset(&send_headers[index].msg_hdr, 0, sizeof(struct msghdr));
    send_headers[index].msg_hdr.msg_iov = &send_vectors[index];
    send_headers[index].msg_hdr.msg_iovlen = 1;
  }
  int done = 0;
  while (done < count) {
    int sent = sendmmsg(target->fd, send_headers + done, (unsigned)(count - done), MSG_DONTWAIT);
    if (sent > 0) {
      done += sent;
    } else if (sent < 0 && errno == EINTR) {
      continue;
    } else {
      target->errors += 1;
      /* A full send buffer refuses the rest too; any other error (ECONNREFUSED) is this frame's. */
      if (sent < 0 && transient_send_error(errno)) return;
      done += 1;
    }
  }
}

static void flush_queue(void) {
  int start = 0;
  while (start < queued) {
    udp_socket *target = queue[start].target;
    int end = start + 1;
    while (end < queued && queue[end].target == target) end++;
    if (!target->closed) send_run(target, start, end - start);
    start = end;
  }
  queued = 0;
  send_arena_used = 0;
  if (uv_is_active((uv_handle_t *)&flusher)) uv_idle_stop(&flusher);
}

static void flush_when_idle(uv_idle_t *handle) {
  (void)handle;
  flush_queue();
}

static void enqueue(udp_socket *target, const uint8_t *data, uint32_t length) {
  if (queued == QUEUE_ENTRIES) flush_queue();
  queue[queued].target = target;
  queue[queued].data = data;
  queue[queued].length = length;
  queued++;
}

static void enqueue_copy(udp_socket *target, const uint8_t *data, size_t length) {
  if (length > SEND_ARENA_BYTES) return; /* larger than any UDP datagram */
  if (send_arena_used + length > SEND_ARENA_BYTES || queued == QUEUE_ENTRIES) flush_queue();
  uint8_t *copy = send_arena + send_arena_used;
  memcpy(copy, data, length);
  send_arena_used += length;
  enqueue(target, copy, (uint32_t)length);
  if (!dispatching && !uv_is_active((uv_handle_t *)&flusher)) uv_idle_start(&flusher, flush_when_idle);
}

/* ---- receiving ---- */

static udp_socket *socket_by_id(int id) {
  if (id < 0 || id >= sockets_capacity) return NULL;
  udp_socket *found = sockets[id];
  return found != NULL && !found->closed ? found : NULL;
}

static void report_exception(napi_env env) {
  bool pending = false;
  napi_is_exception_pending(env, &pending);
  if (!pending) return;
  napi_value error;
  napi_get_and_clear_last_exception(env, &error);
  napi_fatal_exception(env, error);
}

static void deliver_batch(udp_socket *source, int count) {
  napi_env env = main_env;
  size_t total = 0;
  for (int index = 0; index < count; index++) total += receive_headers[index].msg_len;
  napi_handle_scope scope;
  napi_open_handle_scope(env, &scope);
  void *data;
  napi_value batch;
  if (napi_create_buffer(env, total == 0 ? 1 : total, &data, &batch) == napi_ok) {
    uint8_t *cursor = data;
    for (int index = 0; index < count; index++) {
      uint32_t length = receive_headers[index].msg_len;
      memcpy(cursor, receive_arena + (size_t)index * SLOT_BYTES, length);
      cursor += length;
      batch_lengths[index] = length;
    }
    napi_value callback, receiver, argv[2], result;
    napi_get_reference_value(env, source->callback, &callback);
    napi_get_global(env, &receiver);
    argv[0] = batch;
    napi_create_int32(env, count, &argv[1]);
    napi_make_callback(env, source->async_context, receiver, callback, 2, argv, &result);
    report_exception(env);
  }
  napi_close_handle_scope(env, scope);
}

static void on_readable(uv_poll_t *handle, int status, int events) {
  (void)events;
  udp_socket *source = (udp_socket *)handle;
  if (status < 0) {
    /* libuv stops a poll handle on POLLERR: here an ICMP error on the connected socket
       (ECONNREFUSED while the peer is not listening). Clear it, count it, watch again. */
    int error = 0;
    socklen_t length = sizeof error;
    getsockopt(source->fd, SOL_SOCKET, SO_ERROR, &error, &length);
    source->errors += 1;
    if (source->closed) return;
    uv_poll_start(&source->poll, UV_READABLE, on_readable);
  }
  for (int round = 0; round < ROUNDS_PER_WAKEUP && !source->closed; round++) {
    int count = recvmmsg(source->fd, receive_headers, BATCH, MSG_DONTWAIT, NULL);
    if (count < 0) {
      if (errno == EAGAIN || errno == EWOULDBLOCK) break;
      /* ICMP errors of a connected socket (ECONNREFUSED) surface here once each. */
      if (errno != EINTR) source->errors += 1;
      continue;
    }
    if (count == 0) break;
    udp_socket *target = socket_by_id(source->forward_to);
    dispatching = 1;
    if (target != NULL) {
      for (int index = 0; index < count; index++) {
        uint32_t length = receive_headers[index].msg_len;
        source->forwarded_frames += 1;
        source->forwarded_bytes += length;
        enqueue(target, receive_arena + (size_t)index * SLOT_BYTES, length);
      }
    } else if (source->delivering) {
      deliver_batch(source, count);
    }
    flush_queue();
    dispatching = 0;
    if (count < BATCH) break;
  }
}

/* ---- JavaScript API ---- */

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

static int register_socket(udp_socket *created) {
  for (int id = 0; id < sockets_capacity; id++) {
    if (sockets[id] == NULL) {
      sockets[id] = created;
      return id;
    }
  }
  int capacity = sockets_capacity == 0 ? 64 : sockets_capacity * 2;
  udp_socket **grown = realloc(sockets, sizeof(udp_socket *) * (size_t)capacity);
  if (grown == NULL) return -1;
  memset(grown + sockets_capacity, 0, sizeof(udp_socket *) * (size_t)(capacity - sockets_capacity));
  sockets = grown;
  int id = sockets_capacity;
  sockets_capacity = capacity;
  sockets[id] = created;
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

  udp_socket *created = calloc(1, sizeof *created);
  int id = created == NULL ? -1 : register_socket(created);
  uv_loop_t *loop = NULL;
  napi_get_uv_event_loop(env, &loop);
  if (id < 0 || uv_poll_init_socket(loop, &created->poll, fd) != 0) {
    if (id >= 0) sockets[id] = NULL;
    free(created);
    close(fd);
    return throw_errno(env, "socket", ENOMEM, local_text, local_port);
  }
  created->fd = fd;
  created->id = id;
  created->forward_to = -1;
  napi_create_reference(env, argv[7], 1, &created->callback);
  napi_value resource_name;
  napi_create_string_utf8(env, "UDPBATCH", NAPI_AUTO_LENGTH, &resource_name);
  napi_async_init(env, NULL, resource_name, &created->async_context);
  uv_poll_start(&created->poll, UV_READABLE, on_readable);

  napi_value result, element;
  napi_create_array_with_length(env, 2, &result);
  napi_create_int32(env, id, &element);
  napi_set_element(env, result, 0, element);
  napi_create_int32(env, bound_port, &element);
  napi_set_element(env, result, 1, element);
  return result;
}

/* send(id, frame: Uint8Array) */
static napi_value js_send(napi_env env, napi_callback_info info) {
  ARGS(2);
  udp_socket *target = socket_by_id(int_arg(env, argv[0]));
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
  udp_socket *found = socket_by_id(int_arg(env, argv[0]));
  bool on = false;
  napi_get_value_bool(env, argv[1], &on);
  if (found != NULL) found->delivering = on;
  return NULL;
}

/* forward(id, targetId): frames read from id go to targetId in C; -1 stops */
static napi_value js_forward(napi_env env, napi_callback_info info) {
  ARGS(2);
  udp_socket *found = socket_by_id(int_arg(env, argv[0]));
  if (found != NULL) found->forward_to = int_arg(env, argv[1]);
  return NULL;
}

/* stats(id, into: Float64Array(3)): frames and bytes forwarded in C, socket errors */
static napi_value js_stats(napi_env env, napi_callback_info info) {
  ARGS(2);
  int id = int_arg(env, argv[0]);
  udp_socket *found = id >= 0 && id < sockets_capacity ? sockets[id] : NULL;
  napi_typedarray_type type;
  size_t length, offset;
  void *data;
  napi_value backing;
  if (found == NULL || napi_get_typedarray_info(env, argv[1], &type, &length, &data, &backing, &offset) != napi_ok) return NULL;
  if (type != napi_float64_array || length < 3) return NULL;
  double *into = data;
  into[0] = found->forwarded_frames;
  into[1] = found->forwarded_bytes;
  into[2] = found->errors;
  return NULL;
}

static void free_closed(uv_handle_t *handle) {
  free(handle);
}

/* close(id): frames already queued for it are sent first */
static napi_value js_close(napi_env env, napi_callback_info info) {
  ARGS(1);
  int id = int_arg(env, argv[0]);
  udp_socket *found = socket_by_id(id);
  if (found == NULL) return NULL;
  flush_queue();
  found->closed = 1;
  sockets[id] = NULL;
  for (int other = 0; other < sockets_capacity; other++) {
    if (sockets[other] != NULL && sockets[other]->forward_to == id) sockets[other]->forward_to = -1;
  }
  napi_delete_reference(env, found->callback);
  napi_async_destroy(env, found->async_context);
  uv_poll_stop(&found->poll);
  close(found->fd);
  uv_close((uv_handle_t *)&found->poll, free_closed);
  return NULL;
}

static napi_value js_batch_lengths(napi_env env) {
  napi_value buffer, lengths;
  napi_create_external_arraybuffer(env, batch_lengths, sizeof(uint32_t) * BATCH, NULL, NULL, &buffer);
  napi_create_typedarray(env, napi_uint32_array, BATCH, buffer, 0, &lengths);
  return lengths;
}

static napi_value init(napi_env env, napi_value exports) {
  if (main_env != NULL) {
    napi_throw_error(env, NULL, "the batched UDP addon serves one thread only");
    return NULL;
  }
  main_env = env;
  receive_arena = malloc((size_t)BATCH * SLOT_BYTES);
  send_arena = malloc(SEND_ARENA_BYTES);
  batch_lengths = calloc(BATCH, sizeof(uint32_t));
  if (receive_arena == NULL || send_arena == NULL || batch_lengths == NULL) {
    napi_throw_error(env, NULL, "out of memory");
    return NULL;
  }
  for (int index = 0; index < BATCH; index++) {
    receive_vectors[index].iov_base = receive_arena + (size_t)index * SLOT_BYTES;
    receive_vectors[index].iov_len = SLOT_BYTES;
    receive_headers[index].msg_hdr.msg_iov = &receive_vectors[index];
    receive_headers[index].msg_hdr.msg_iovlen = 1;
  }
  uv_loop_t *loop = NULL;
  napi_get_uv_event_loop(env, &loop);
  uv_idle_init(loop, &flusher);

  napi_property_descriptor properties[] = {
      {"open", NULL, js_open, NULL, NULL, NULL, napi_default, NULL},
      {"send", NULL, js_send, NULL, NULL, NULL, napi_default, NULL},
      {"deliver", NULL, js_deliver, NULL, NULL, NULL, napi_default, NULL},
      {"forward", NULL, js_forward, NULL, NULL, NULL, napi_default, NULL},
      {"stats", NULL, js_stats, NULL, NULL, NULL, napi_default, NULL},
      {"close", NULL, js_close, NULL, NULL, NULL, napi_default, NULL},
      {"batchLengths", NULL, NULL, NULL, NULL, js_batch_lengths(env), napi_default, NULL},
  };
  napi_define_properties(env, exports, sizeof properties / sizeof properties[0], properties);
  return exports;
}

NAPI_MODULE_INIT() {
  return init(env, exports);
}
