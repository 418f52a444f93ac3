/*
 * Batched node ports for the dataplane daemon (Node-API, C): UDP tunnel sockets, TAP devices
 * and AF_PACKET sockets on host interfaces (device_ports.c opens the last two).
 *
 * Why it exists: node:dgram costs one recvmsg, one Buffer, one rinfo object and one send
 * request per datagram. Here a socket is read with recvmmsg, up to BATCH datagrams per system
 * call, and handed to JavaScript once per batch; what JavaScript sends is queued and leaves with
 * sendmmsg, one system call per run of datagrams to the same socket. A link direction with
 * nothing to do in JavaScript (no filter but a delay, no capture) is forwarded here from
 * socket to socket, counting frames and bytes for the relay to read. A delayed direction
 * keeps its own delay line here (a timer per line, frames in arrival order), because holding
 * each frame as a JavaScript object and sending it with a call of its own cost a delayed link
 * a third of its throughput.
 *
 * Everything runs on the Node main thread, on Node's own libuv loop (uv_poll per socket), so
 * no locking is needed and a batch is processed synchronously: one receive arena and one send
 * queue serve every socket, and an idle socket costs only its small struct.
 *
 * Send queue lifetime: entries point either into the send arena (copies of JavaScript frames,
 * which JavaScript may drop or the GC may free at any time) or into the receive arena (frames
 * forwarded in C, valid until the next recvmmsg, which never happens before the queue is
 * flushed) or at frames a delay line releases (freed once the queue is flushed). The queue is
 * flushed after every received batch and every release, when it fills, before a socket
 * closes, and otherwise from an idle handle in the same loop turn.
 *
 * A delay line's frames count against a byte budget shared with JavaScript's delay lines: a
 * Float64Array [limit, held] of the relay's, which C reads and updates in place (one thread).
 */
#define _GNU_SOURCE
#include <arpa/inet.h>
#include <errno.h>
#include <linux/if_packet.h>
#include <netinet/in.h>
#include <netinet/udp.h>
#include <node_api.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <pthread.h>
#include <sys/epoll.h>
#include <sys/socket.h>
#include <unistd.h>
#include <uv.h>

#include "device_ports.h"
#include "frame_checksum.h"

#define BATCH 64
#define ROUNDS_PER_WAKEUP 8
#define SLOT_BYTES 65536
/* An AF_PACKET frame is read this far into its slot, so that a VLAN tag can be put back in front of it. */
#define TAG_ROOM 4
#define QUEUE_ENTRIES 1024
/* UDP_SEGMENT's bounds: the kernel's UDP_MAX_SEGMENTS (64 before Linux 6.2), and one IPv6 datagram. */
#define GSO_MAX_SEGMENTS 64
#define GSO_MAX_BYTES 65000
/* A segment must fit the path's MTU: start with what fits 1500 bytes over IPv6, learn lower. */
#define GSO_FIRST_SEGMENT_LIMIT 1452
#define SEND_ARENA_BYTES (1 << 20)
/* What a held frame costs its budget beyond its bytes; the same figure as JavaScript's lines. */
#define HELD_FRAME_OVERHEAD 128
/* Timers fire on whole milliseconds: a frame due within this margin leaves now. */
#define RELEASE_MARGIN_NS 500000ULL

/*
 * The fields stats() writes, in order. JavaScript reads each one's position by name from the
 * addon's `statFields`, so the two sides cannot drift apart.
 */
enum stat_field {
  STAT_FRAMES_IN,
  STAT_BYTES_IN,
  STAT_FRAMES_OUT,
  STAT_BYTES_OUT,
  STAT_ERRORS,
  STAT_DROPPED_DELAY_FULL,
  STAT_HELD,
  STAT_DROPPED_OVERSIZE,
  STATS_FIELDS
};
static const char *const stat_names[STATS_FIELDS] = {
    [STAT_FRAMES_IN] = "framesIn",
    [STAT_BYTES_IN] = "bytesIn",
    [STAT_FRAMES_OUT] = "framesOut",
    [STAT_BYTES_OUT] = "bytesOut",
    [STAT_ERRORS] = "errors",
    [STAT_DROPPED_DELAY_FULL] = "droppedDelayFull",
    [STAT_HELD] = "held",
    [STAT_DROPPED_OVERSIZE] = "droppedOversize",
};

/* What a port's descriptor is: how it is read and written. */
enum port_kind { PORT_UDP, PORT_TAP, PORT_PACKET };

typedef struct native_port native_port;

/*
 * Held frames are copied back to back into chunks: the release reads memory in the order it
 * was written, which the prefetcher follows (frames held 100 ms at 150 k/s are megabytes, long
 * out of cache), and a frame costs no allocation. A chunk is reused or freed once its last
 * frame left; an idle line keeps none.
 */
#define CHUNK_BYTES (120 * 1024) /* above any datagram, below glibc's mmap threshold */

typedef struct {
  uint32_t used;
  uint32_t live; /* frames stored here and not released yet */
  uint8_t bytes[CHUNK_BYTES];
} frame_chunk;

typedef struct {
  uint64_t due_ns;
  uint32_t length;
  uint8_t *data;
  frame_chunk *chunk;
} held_frame;

/* A direction's delay line, created the first time its source forwards with a delay. */
typedef struct {
  uv_timer_t timer; /* first: the handle's address is the struct's */
  native_port *owner; /* NULL once the socket closed */
  held_frame *held;  /* a ring of held_capacity (a power of two) entries */
  uint32_t held_capacity;
  uint32_t head;
  uint32_t count;
  frame_chunk *tail_chunk; /* where the next frame is stored */
  frame_chunk *spare;      /* one emptied chunk kept while the line holds frames */
  uint64_t latency_ns;
  uint32_t jitter_ms;
  uint64_t random_state; /* xorshift64* */
  uint64_t last_due_ns;
  double *budget; /* [limit, held] in bytes, the relay's DelayBudget cells */
  napi_ref budget_ref;
} delay_line;

struct native_port {
  uv_poll_t poll; /* first: the handle's address is the struct's */
  int fd;
  int id;
  enum port_kind kind;
  /* An AF_PACKET port drops what is longer (a frame the kernel merged despite the offloads off). */
  uint32_t max_frame;
  /* An AF_PACKET port's interface, and the offloads it turned off there, turned on again at close. */
  char device[IFNAMSIZ];
  int offloads_off;
  int closed;
  /* Who reads the port: the main thread's loop (-1) or forwarding thread `reader`. */
  int reader;
  /* A TAP whose device is gone: never read again. */
  int gone;
  /* A UDP socket sends runs of equal frames up to this size with UDP_SEGMENT (0: never). */
  uint32_t segment_limit;
  int delivering;       /* JavaScript wants this socket's frames */
  int forward_to;       /* id of the socket frames are forwarded to in C, or -1 */
  /* Frames forwarded in C: read from this socket, sent on, and dropped by a full budget. */
  double frames_in;
  double bytes_in;
  double frames_out;
  double bytes_out;
  double dropped_delay_full;
  double dropped_oversize;
  /* Any thread sending to the port may count one: added atomically. */
  uint64_t errors;
  delay_line *line;     /* NULL until the socket forwards with a delay */
  napi_ref callback;    /* (batch: Buffer, count: number) => void */
  napi_async_context async_context;
};

typedef struct {
  native_port *target;
  const uint8_t *data;
  uint32_t length;
} queued_frame;

/*
 * What one thread needs to forward: its receive arena and headers, the frames of the batch in
 * hand, and its send queue. The main thread has one; so has each forwarding thread.
 */
typedef struct {
  uint8_t *receive_arena;
  struct mmsghdr receive_headers[BATCH];
  struct iovec receive_vectors[BATCH];
  struct sockaddr_ll receive_links[BATCH]; /* AF_PACKET: who sent it, and which way */
  union {
    struct cmsghdr header;
    char bytes[CMSG_SPACE(sizeof(struct tpacket_auxdata))];
  } receive_controls[BATCH];
  /* The frames of the batch being handled: where each starts in the arena, and its length. */
  uint8_t *frame_data[BATCH];
  uint32_t frame_length[BATCH];
  queued_frame queue[QUEUE_ENTRIES];
  int queued;
  struct mmsghdr send_headers[QUEUE_ENTRIES];
  struct iovec send_vectors[QUEUE_ENTRIES];
  /* A segmented send's messages: each one's UDP_SEGMENT, first frame (in the run) and frame count. */
  union {
    struct cmsghdr header;
    char bytes[CMSG_SPACE(sizeof(uint16_t))];
  } send_controls[QUEUE_ENTRIES];
  int message_first[QUEUE_ENTRIES];
  int message_segments[QUEUE_ENTRIES];
} forwarder;

static napi_env main_env;
static native_port **sockets;
static int sockets_capacity;
static forwarder *main_work;
static uint32_t *batch_lengths; /* shared with JavaScript as a Uint32Array */
/* Copies of frames JavaScript sent, waiting in the main thread's queue. */
static uint8_t *send_arena;
static size_t send_arena_used;
static uv_idle_t flusher;
static int dispatching;
static bool placements_pending;

/* ---- sending ---- */

static void count_error(native_port *port) {
  __atomic_fetch_add(&port->errors, 1, __ATOMIC_RELAXED);
}

static int transient_send_error(int error) {
  return error == EAGAIN || error == EWOULDBLOCK || error == ENOBUFS;
}

/*
 * A TAP takes one frame per write. One that is down or moving between namespaces fails with
 * EIO: the frame is lost, as on an unplugged wire, and the rest still go.
 */
static void write_run(forwarder *f, native_port *target, int first, int count) {
  for (int index = 0; index < count; index++) {
    ssize_t written;
    do written = write(target->fd, f->queue[first + index].data, f->queue[first + index].length);
    while (written < 0 && errno == EINTR);
    if (written >= 0) continue;
    count_error(target);
    if (transient_send_error(errno)) return;
  }
}

/* Sends frames one datagram each; a frame the kernel refuses is lost, as on a wire. */
static void send_each(forwarder *f, native_port *target, int first, int count) {
  for (int index = 0; index < count; index++) {
    f->send_vectors[index].iov_base = (void *)f->queue[first + index].data;
    f->send_vectors[index].iov_len = f->queue[first + index].length;
    memset(&f->send_headers[index].msg_hdr, 0, sizeof(struct msghdr));
    f->send_headers[index].msg_hdr.msg_iov = &f->send_vectors[index];
    f->send_headers[index].msg_hdr.msg_iovlen = 1;
  }
  int done = 0;
  while (done < count) {
    int sent = sendmmsg(target->fd, f->send_headers + done, (unsigned)(count - done), MSG_DONTWAIT);
    if (sent > 0) {
      done += sent;
    } else if (sent < 0 && errno == EINTR) {
      continue;
    } else {
      count_error(target);
      /* A full send buffer refuses the rest too; any other error (ECONNREFUSED) is this frame's. */
      if (sent < 0 && transient_send_error(errno)) return;
      done += 1;
    }
  }
}

/*
 * What UDP_SEGMENT refused tells: a segment of this size does not fit the path (EINVAL,
 * EMSGSIZE), or this kernel or device cannot segment at all. The socket stops asking for it.
 */
static bool segmentation_refused(native_port *target, uint32_t size, int error) {
  if (error == EINVAL || error == EMSGSIZE) __atomic_store_n(&target->segment_limit, size - 1, __ATOMIC_RELAXED);
  else if (error == EIO || error == EOPNOTSUPP || error == ENOPROTOOPT) __atomic_store_n(&target->segment_limit, 0, __ATOMIC_RELAXED);
  else return false;
  return true;
}

/*
 * Sends a run of frames to a UDP socket as few datagram trains as it can: consecutive frames
 * of one length (the last of a train may be shorter) leave as one message with UDP_SEGMENT,
 * which the kernel carries through the stack once and cuts into the same datagrams on the
 * wire or at the local receiver. Runs of equal frames are what a busy link carries.
 */
static void send_segmented(forwarder *f, native_port *target, int first, int count) {
  int messages = 0;
  for (int index = 0; index < count;) {
    uint32_t size = f->queue[first + index].length;
    int segments = 1;
    uint32_t bytes = size;
    while (index + segments < count && segments < GSO_MAX_SEGMENTS && size <= __atomic_load_n(&target->segment_limit, __ATOMIC_RELAXED)) {
      uint32_t next = f->queue[first + index + segments].length;
      if (next > size || next == 0 || bytes + next > GSO_MAX_BYTES) break;
      segments++;
      bytes += next;
      if (next < size) break;
    }
    struct msghdr *header = &f->send_headers[messages].msg_hdr;
    memset(header, 0, sizeof *header);
    header->msg_iov = &f->send_vectors[index];
    header->msg_iovlen = (size_t)segments;
    for (int segment = 0; segment < segments; segment++) {
      f->send_vectors[index + segment].iov_base = (void *)f->queue[first + index + segment].data;
      f->send_vectors[index + segment].iov_len = f->queue[first + index + segment].length;
    }
    if (segments > 1) {
      header->msg_control = f->send_controls[messages].bytes;
      header->msg_controllen = sizeof f->send_controls[messages].bytes;
      struct cmsghdr *control = CMSG_FIRSTHDR(header);
      control->cmsg_level = SOL_UDP;
      control->cmsg_type = UDP_SEGMENT;
      control->cmsg_len = CMSG_LEN(sizeof(uint16_t));
      uint16_t segment_size = (uint16_t)size;
      memcpy(CMSG_DATA(control), &segment_size, sizeof segment_size);
    }
    f->message_first[messages] = index;
    f->message_segments[messages] = segments;
    messages++;
    index += segments;
  }
  int done = 0;
  while (done < messages) {
    int sent = sendmmsg(target->fd, f->send_headers + done, (unsigned)(messages - done), MSG_DONTWAIT);
    if (sent > 0) {
      done += sent;
      continue;
    }
    if (sent < 0 && errno == EINTR) continue;
    int error = sent < 0 ? errno : EAGAIN;
    int from = f->message_first[done];
    if (f->message_segments[done] > 1 && segmentation_refused(target, f->queue[first + from].length, error)) {
      /* The rest still goes, one datagram a frame. */
      send_each(f, target, first + from, count - from);
      return;
    }
    count_error(target);
    if (transient_send_error(error)) return;
    done += 1;
  }
}

/* Sends one run of frames to one port, in as few system calls as its kind allows. */
static void send_run(forwarder *f, native_port *target, int first, int count) {
  if (target->kind == PORT_TAP) write_run(f, target, first, count);
  else if (__atomic_load_n(&target->segment_limit, __ATOMIC_RELAXED) > 0 && count > 1) send_segmented(f, target, first, count);
  else send_each(f, target, first, count);
}

/* Sends what the forwarder queued, a run per target; the main thread's queue also frees its copies. */
static void flush_queue(forwarder *f) {
  int start = 0;
  while (start < f->queued) {
    native_port *target = f->queue[start].target;
    int end = start + 1;
    while (end < f->queued && f->queue[end].target == target) end++;
    if (!target->closed) send_run(f, target, start, end - start);
    start = end;
  }
  f->queued = 0;
  if (f != main_work) return;
  send_arena_used = 0;
  if (uv_is_active((uv_handle_t *)&flusher)) uv_idle_stop(&flusher);
}

static void flush_when_idle(uv_idle_t *handle) {
  (void)handle;
  flush_queue(main_work);
}

static void enqueue(forwarder *f, native_port *target, const uint8_t *data, uint32_t length) {
  if (f->queued == QUEUE_ENTRIES) flush_queue(f);
  f->queue[f->queued].target = target;
  f->queue[f->queued].data = data;
  f->queue[f->queued].length = length;
  f->queued++;
}

/* A frame from JavaScript (main thread): copied, since JavaScript may drop or reuse its buffer. */
static void enqueue_copy(native_port *target, const uint8_t *data, size_t length) {
  if (length > SEND_ARENA_BYTES) return; /* larger than any UDP datagram */
  if (send_arena_used + length > SEND_ARENA_BYTES || main_work->queued == QUEUE_ENTRIES) flush_queue(main_work);
  uint8_t *copy = send_arena + send_arena_used;
  memcpy(copy, data, length);
  send_arena_used += length;
  enqueue(main_work, target, copy, (uint32_t)length);
  if (!dispatching && !uv_is_active((uv_handle_t *)&flusher)) uv_idle_start(&flusher, flush_when_idle);
}

/* ---- delay lines ---- */

static uint64_t next_random(delay_line *line) {
  uint64_t x = line->random_state;
  x ^= x >> 12;
  x ^= x << 25;
  x ^= x >> 27;
  line->random_state = x;
  return x * 0x2545F4914F6CDD1DULL;
}

/* A whole number of ms in [L - J, L + J], clamped at 0: the delay filter's semantics. */
static uint64_t next_delay_ns(delay_line *line) {
  if (line->jitter_ms == 0) return line->latency_ns;
  int64_t latency_ms = (int64_t)(line->latency_ns / 1000000ULL);
  uint64_t span = 2ULL * line->jitter_ms + 1;
  int64_t delay_ms = latency_ms - (int64_t)line->jitter_ms + (int64_t)(next_random(line) % span);
  return delay_ms > 0 ? (uint64_t)delay_ms * 1000000ULL : 0;
}

static native_port *socket_by_id(int id);
static void release_due(uv_timer_t *timer);

static void arm(delay_line *line, uint64_t now) {
  uint64_t due = line->held[line->head].due_ns;
  uint64_t wait_ms = due > now ? (due - now + 999999ULL) / 1000000ULL : 0;
  uv_timer_start(&line->timer, release_due, wait_ms, 0);
}

/* A chunk whose frames all left: kept as the spare (or reused in place when it is the tail). */
static void chunk_released(delay_line *line, frame_chunk *chunk) {
  if (--chunk->live > 0) return;
  if (chunk == line->tail_chunk) chunk->used = 0;
  else if (line->spare == NULL) line->spare = chunk;
  else free(chunk);
}

/* An empty line gives its chunks back: a link that stops delaying costs nothing. */
static void free_chunks_if_empty(delay_line *line) {
  if (line->count > 0) return;
  free(line->tail_chunk);
  free(line->spare);
  line->tail_chunk = NULL;
  line->spare = NULL;
}

/* Copies a frame into the tail chunk, starting a new one when it is full; NULL when out of memory. */
static uint8_t *store(delay_line *line, const uint8_t *data, uint32_t length, frame_chunk **chunk_of) {
  uint32_t room = (length + 15u) & ~15u;
  frame_chunk *chunk = line->tail_chunk;
  if (chunk == NULL || chunk->used + room > CHUNK_BYTES) {
    frame_chunk *fresh = line->spare != NULL ? line->spare : malloc(sizeof(frame_chunk));
    if (fresh == NULL) return NULL;
    line->spare = NULL;
    fresh->used = 0;
    fresh->live = 0;
    /* The full chunk still holds frames (an emptied tail is reused in place): its last release frees it. */
    line->tail_chunk = chunk = fresh;
  }
  uint8_t *copy = chunk->bytes + chunk->used;
  memcpy(copy, data, length);
  chunk->used += room;
  chunk->live += 1;
  *chunk_of = chunk;
  return copy;
}

static int grow_held(delay_line *line) {
  uint32_t capacity = line->held_capacity == 0 ? 64 : line->held_capacity * 2;
  held_frame *grown = malloc(sizeof(held_frame) * capacity);
  if (grown == NULL) return 0;
  for (uint32_t index = 0; index < line->count; index++) grown[index] = line->held[(line->head + index) & (line->held_capacity - 1)];
  free(line->held);
  line->held = grown;
  line->held_capacity = capacity;
  line->head = 0;
  return 1;
}

/*
 * Sends every frame due by `now`; frames are freed once the send queue is flushed, since its
 * entries point at them. Frames whose target closed are dropped, as an unplugged wire does.
 */
static void release_until(delay_line *line, uint64_t now) {
  native_port *owner = line->owner;
  native_port *target = socket_by_id(owner->forward_to);
  uint32_t mask = line->held_capacity - 1;
  uint32_t first = line->head, released = 0;
  while (line->count > 0 && line->held[line->head].due_ns <= now + RELEASE_MARGIN_NS) {
    held_frame *frame = &line->held[line->head];
    if (target != NULL) {
      owner->frames_out += 1;
      owner->bytes_out += frame->length;
      enqueue(main_work, target, frame->data, frame->length);
    }
    line->budget[1] -= (double)frame->length + HELD_FRAME_OVERHEAD;
    line->head = (line->head + 1) & mask;
    line->count -= 1;
    released += 1;
  }
  if (released == 0) return;
  flush_queue(main_work);
  for (uint32_t index = 0; index < released; index++) chunk_released(line, line->held[(first + index) & mask].chunk);
  free_chunks_if_empty(line);
}

static bool delaying(const delay_line *line);
static void place(native_port *port);

static void release_due(uv_timer_t *timer) {
  delay_line *line = (delay_line *)timer;
  if (line->owner == NULL) return;
  uint64_t now = uv_hrtime();
  release_until(line, now);
  if (line->count > 0) arm(line, now);
  /* The last frame of a delay since removed left: a forwarding thread may read the port now. */
  else if (!delaying(line)) place(line->owner);
}

/* Holds one frame until it is due, or drops it (counted) when the budget has no room. */
static void hold(native_port *source, native_port *target, const uint8_t *data, uint32_t length, uint64_t now) {
  delay_line *line = source->line;
  uint64_t due = now + next_delay_ns(line);
  if (line->count == 0 && due <= now) {
    source->frames_out += 1;
    source->bytes_out += length;
    enqueue(main_work, target, data, length);
    return;
  }
  /* Jitter never reorders: a frame due before the one ahead of it waits for it. */
  if (line->count > 0 && due < line->last_due_ns) due = line->last_due_ns;
  double cost = (double)length + HELD_FRAME_OVERHEAD;
  uint8_t *copy = NULL;
  frame_chunk *chunk = NULL;
  if (line->budget[1] + cost > line->budget[0] || (line->count == line->held_capacity && !grow_held(line)) ||
      (copy = store(line, data, length, &chunk)) == NULL) {
    source->dropped_delay_full += 1;
    return;
  }
  held_frame *slot = &line->held[(line->head + line->count) & (line->held_capacity - 1)];
  slot->due_ns = due;
  slot->length = length;
  slot->data = copy;
  slot->chunk = chunk;
  line->count += 1;
  line->last_due_ns = due;
  line->budget[1] += cost;
  if (line->count == 1) arm(line, now);
}

static void free_line(uv_handle_t *handle) {
  delay_line *line = (delay_line *)handle;
  free(line->held);
  free(line);
}

/* Forgets every held frame, giving their room back to the budget. */
static void forget_held(delay_line *line) {
  uint32_t mask = line->held_capacity - 1;
  for (uint32_t index = 0; index < line->count; index++) {
    held_frame *frame = &line->held[(line->head + index) & mask];
    line->budget[1] -= (double)frame->length + HELD_FRAME_OVERHEAD;
    chunk_released(line, frame->chunk);
  }
  line->count = 0;
  line->head = 0;
  free_chunks_if_empty(line);
}

/* The socket closes: its held frames are dropped and their room given back. */
static void close_line(napi_env env, delay_line *line) {
  forget_held(line);
  line->owner = NULL;
  if (line->budget_ref != NULL) napi_delete_reference(env, line->budget_ref);
  uv_timer_stop(&line->timer);
  uv_close((uv_handle_t *)&line->timer, free_line);
}

/* ---- receiving ---- */

static native_port *socket_by_id(int id) {
  if (id < 0 || id >= sockets_capacity) return NULL;
  native_port *found = sockets[id];
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

/* Hands the main thread's batch to the port's JavaScript handler, copied into one Buffer. */
static void deliver_batch(native_port *source, int count) {
  napi_env env = main_env;
  forwarder *f = main_work;
  size_t total = 0;
  for (int index = 0; index < count; index++) total += f->frame_length[index];
  napi_handle_scope scope;
  napi_open_handle_scope(env, &scope);
  void *data;
  napi_value batch;
  if (napi_create_buffer(env, total == 0 ? 1 : total, &data, &batch) == napi_ok) {
    uint8_t *cursor = data;
    for (int index = 0; index < count; index++) {
      memcpy(cursor, f->frame_data[index], f->frame_length[index]);
      cursor += f->frame_length[index];
      batch_lengths[index] = f->frame_length[index];
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

static uint8_t *slot(forwarder *f, int index) {
  return f->receive_arena + (size_t)index * SLOT_BYTES;
}

/* Reads up to BATCH frames from a TAP, one read each. */
static int read_tap(forwarder *f, native_port *source) {
  int count = 0;
  while (count < BATCH) {
    ssize_t length = read(source->fd, slot(f, count), SLOT_BYTES);
    if (length < 0) {
      if (errno == EINTR) continue;
      if (count > 0 || errno == EAGAIN || errno == EWOULDBLOCK) break;
      return -1;
    }
    f->frame_data[count] = slot(f, count);
    f->frame_length[count] = (uint32_t)length;
    count++;
  }
  return count;
}

/* The frame's PACKET_AUXDATA (what the kernel knows of it beyond its bytes), or false. */
static bool auxdata_of(forwarder *f, int index, struct tpacket_auxdata *auxdata) {
  struct msghdr *header = &f->receive_headers[index].msg_hdr;
  for (struct cmsghdr *control = CMSG_FIRSTHDR(header); control != NULL; control = CMSG_NXTHDR(header, control)) {
    if (control->cmsg_level != SOL_PACKET || control->cmsg_type != PACKET_AUXDATA) continue;
    memcpy(auxdata, CMSG_DATA(control), sizeof *auxdata);
    return true;
  }
  return false;
}

/*
 * The kernel hands an AF_PACKET reader a tagged frame without its tag (the NIC or the stack
 * took it off) and says so in the auxdata: put it back, so that a dot1q port sees it.
 */
static uint32_t restore_vlan_tag(forwarder *f, int index, uint32_t length, const struct tpacket_auxdata *auxdata) {
  if (!(auxdata->tp_status & TP_STATUS_VLAN_VALID) && auxdata->tp_vlan_tci == 0) return length;
  uint16_t tpid = (auxdata->tp_status & TP_STATUS_VLAN_TPID_VALID) ? auxdata->tp_vlan_tpid : 0x8100;
  uint8_t *frame = slot(f, index);
  memmove(frame, frame + TAG_ROOM, 12);
  frame[12] = (uint8_t)(tpid >> 8);
  frame[13] = (uint8_t)tpid;
  frame[14] = (uint8_t)(auxdata->tp_vlan_tci >> 8);
  frame[15] = (uint8_t)auxdata->tp_vlan_tci;
  f->frame_data[index] = frame;
  return length + TAG_ROOM;
}

/* What an AF_PACKET port makes of a frame before it is forwarded: its tag back, its checksum whole. */
static uint32_t as_on_the_wire(forwarder *f, int index, uint32_t length) {
  struct tpacket_auxdata auxdata;
  if (!auxdata_of(f, index, &auxdata)) return length;
  length = restore_vlan_tag(f, index, length, &auxdata);
  if (auxdata.tp_status & TP_STATUS_CSUMNOTREADY) complete_l4_checksum(f->frame_data[index], length);
  return length;
}

/*
 * Reads a batch into the forwarder's frame_data/frame_length. Returns the datagrams read
 * (frames kept in `*kept`: an AF_PACKET port skips the host's own outgoing frames and
 * oversized ones), 0 when there was nothing, -1 on an error (counted).
 */
static int receive_batch(forwarder *f, native_port *source, int *kept) {
  *kept = 0;
  if (source->kind == PORT_TAP) {
    int count = read_tap(f, source);
    if (count < 0) count_error(source);
    else *kept = count;
    return count;
  }
  int packet = source->kind == PORT_PACKET;
  size_t offset = packet ? TAG_ROOM : 0;
  for (int index = 0; index < BATCH; index++) {
    f->receive_vectors[index].iov_base = slot(f, index) + offset;
    f->receive_vectors[index].iov_len = SLOT_BYTES - offset;
    struct msghdr *header = &f->receive_headers[index].msg_hdr;
    header->msg_iov = &f->receive_vectors[index];
    header->msg_iovlen = 1;
    header->msg_name = packet ? &f->receive_links[index] : NULL;
    header->msg_namelen = packet ? sizeof f->receive_links[index] : 0;
    header->msg_control = packet ? f->receive_controls[index].bytes : NULL;
    header->msg_controllen = packet ? sizeof f->receive_controls[index] : 0;
  }
  int count = recvmmsg(source->fd, f->receive_headers, BATCH, MSG_DONTWAIT, NULL);
  if (count < 0) {
    if (errno == EAGAIN || errno == EWOULDBLOCK) return 0;
    /* ICMP errors of a connected socket (ECONNREFUSED) surface here once each. */
    if (errno != EINTR) count_error(source);
    return -1;
  }
  for (int index = 0; index < count; index++) {
    uint32_t length = f->receive_headers[index].msg_len;
    f->frame_data[index] = slot(f, index) + offset;
    if (packet) {
      if (f->receive_links[index].sll_pkttype == PACKET_OUTGOING) continue;
      length = as_on_the_wire(f, index, length);
      if (length > source->max_frame) {
        source->dropped_oversize += 1;
        continue;
      }
    }
    f->frame_data[*kept] = f->frame_data[index];
    f->frame_length[*kept] = length;
    *kept += 1;
  }
  return count;
}

static bool delaying(const delay_line *line) {
  return line != NULL && (line->latency_ns > 0 || line->jitter_ms > 0 || line->count > 0);
}

/*
 * Forwards a batch in C (through the delay line if it has one), or hands it to JavaScript.
 * A forwarding thread reads only ports that forward with no delay (`wants_thread`): the
 * delay line and JavaScript are the main thread's.
 */
static void dispatch(forwarder *f, native_port *source, int count) {
  native_port *target = socket_by_id(source->forward_to);
  if (target != NULL && delaying(source->line)) {
    uint64_t now = uv_hrtime();
    /* Arrivals come every few microseconds, timers on whole milliseconds: release here too. */
    release_until(source->line, now);
    for (int index = 0; index < count; index++) {
      source->frames_in += 1;
      source->bytes_in += f->frame_length[index];
      hold(source, target, f->frame_data[index], f->frame_length[index], now);
    }
  } else if (target != NULL) {
    for (int index = 0; index < count; index++) {
      source->frames_in += 1;
      source->bytes_in += f->frame_length[index];
      source->frames_out += 1;
      source->bytes_out += f->frame_length[index];
      enqueue(f, target, f->frame_data[index], f->frame_length[index]);
    }
  } else if (source->delivering && f == main_work) {
    deliver_batch(source, count);
  }
}

/*
 * Reads what the port has, up to ROUNDS_PER_WAKEUP batches, and forwards or delivers each:
 * a port that never empties does not starve the others.
 */
static void read_rounds(forwarder *f, native_port *source) {
  for (int round = 0; round < ROUNDS_PER_WAKEUP && !source->closed; round++) {
    int kept;
    int read = receive_batch(f, source, &kept);
    if (read < 0) continue;
    if (read == 0) break;
    if (kept > 0) {
      if (f == main_work) dispatching = 1;
      dispatch(f, source, kept);
      flush_queue(f);
      if (f == main_work) dispatching = 0;
    }
    if (read < BATCH) break;
  }
}

/*
 * A port's descriptor reported an error. A TAP does so only once its device is gone (deleted
 * with the namespace it was moved into, a container's that ended): it never reads again, and
 * watching it again would wake its reader without end; writes to it fail and are counted.
 * Otherwise an ICMP error on the connected socket (ECONNREFUSED while the peer is not
 * listening) or an interface gone down: cleared and counted. True when the port is gone.
 */
static bool port_failed(native_port *source) {
  count_error(source);
  if (source->kind == PORT_TAP) {
    source->gone = 1;
    return true;
  }
  int error = 0;
  socklen_t length = sizeof error;
  getsockopt(source->fd, SOL_SOCKET, SO_ERROR, &error, &length);
  return false;
}

static void place(native_port *port);
static void place_pending(void);

static void on_readable(uv_poll_t *handle, int status, int events) {
  (void)events;
  native_port *source = (native_port *)handle;
  if (status < 0) {
    if (port_failed(source)) {
      uv_poll_stop(&source->poll);
      return;
    }
    /* libuv stopped the handle on POLLERR: watch again. */
    if (source->closed) return;
    uv_poll_start(&source->poll, UV_READABLE, on_readable);
  }
  read_rounds(main_work, source);
  place_pending();
  /* Its delay line emptied and the delay is gone: a forwarding thread may take it now. */
  if (!source->closed && source->forward_to >= 0 && !delaying(source->line)) place(source);
}

/* ---- forwarding threads ---- */

/*
 * Ports that forward in C with no delay are read by forwarding threads (one per core by
 * default; GNS3_DATAPLANE_THREADS sets how many, 0 for none), so that busy links use every
 * core; the main thread keeps the ports whose frames go to JavaScript or through a delay line
 * (its timers are the main loop's). A thread holds its lock while it handles a wakeup; the
 * main thread takes every thread's lock (`stop_threads`) around anything that changes ports,
 * so a thread never meets a port half-changed, moved or closed. Counters of a port are
 * written by its reader only; errors, by any sender, are added atomically.
 */
#define MAX_THREADS 16

typedef struct {
  forwarder *work;
  pthread_t thread;
  pthread_mutex_t lock;
  int epoll_fd;
  int index;
  int ports;
} forwarding_thread;

static forwarding_thread threads[MAX_THREADS];
static int thread_count;

static void stop_threads(void) {
  for (int index = 0; index < thread_count; index++) pthread_mutex_lock(&threads[index].lock);
}

static void resume_threads(void) {
  for (int index = thread_count - 1; index >= 0; index--) pthread_mutex_unlock(&threads[index].lock);
}

static void *forward_loop(void *argument) {
  forwarding_thread *self = argument;
  struct epoll_event events[BATCH];
  for (;;) {
    int ready = epoll_wait(self->epoll_fd, events, BATCH, -1);
    if (ready < 0) {
      if (errno == EINTR) continue;
      return NULL;
    }
    pthread_mutex_lock(&self->lock);
    for (int index = 0; index < ready; index++) {
      native_port *source = socket_by_id((int)events[index].data.u32);
      /* Moved or closed since the wakeup: its reader now handles it. */
      if (source == NULL || source->reader != self->index) continue;
      if ((events[index].events & (EPOLLERR | EPOLLHUP)) && port_failed(source)) {
        epoll_ctl(self->epoll_fd, EPOLL_CTL_DEL, source->fd, NULL);
        continue;
      }
      read_rounds(self->work, source);
    }
    pthread_mutex_unlock(&self->lock);
  }
}

static forwarder *new_forwarder(void) {
  forwarder *created = calloc(1, sizeof *created);
  if (created == NULL) return NULL;
  created->receive_arena = malloc((size_t)BATCH * SLOT_BYTES);
  if (created->receive_arena != NULL) return created;
  free(created);
  return NULL;
}

/* Starts the forwarding threads; as many as could be started serve (none: the main thread forwards everything). */
static void start_threads(void) {
  long cores = sysconf(_SC_NPROCESSORS_ONLN);
  const char *configured = getenv("GNS3_DATAPLANE_THREADS");
  long wanted = configured != NULL && *configured != '\0' ? strtol(configured, NULL, 10) : (cores > 1 ? cores : 0);
  if (wanted > MAX_THREADS) wanted = MAX_THREADS;
  while (thread_count < wanted) {
    forwarding_thread *thread = &threads[thread_count];
    thread->index = thread_count;
    thread->work = new_forwarder();
    thread->epoll_fd = epoll_create1(EPOLL_CLOEXEC);
    if (thread->work == NULL || thread->epoll_fd < 0 || pthread_mutex_init(&thread->lock, NULL) != 0) break;
    if (pthread_create(&thread->thread, NULL, forward_loop, thread) != 0) {
      pthread_mutex_destroy(&thread->lock);
      break;
    }
    thread_count++;
  }
}

static bool wants_thread(const native_port *port) {
  return thread_count > 0 && !port->closed && !port->gone && port->forward_to >= 0 && !delaying(port->line);
}

/*
 * Gives the port to the reader the rule above says: a forwarding thread, or the main loop.
 * Threads stopped. While the main thread hands a batch to JavaScript, which may ask for the
 * move, the rest of that batch is still to come and to be sent: a thread taking the port then
 * would send newer frames ahead of it. Such a move waits until the batch is out
 * (`place_pending`).
 */
static void place_stopped(native_port *port) {
  bool threaded = wants_thread(port);
  if (threaded == (port->reader >= 0)) return;
  if (threaded && dispatching) {
    placements_pending = true;
    return;
  }
  if (threaded) {
    forwarding_thread *least = &threads[0];
    for (int index = 1; index < thread_count; index++) {
      if (threads[index].ports < least->ports) least = &threads[index];
    }
    struct epoll_event event = {.events = EPOLLIN, .data.u32 = (uint32_t)port->id};
    /* Refused (out of memory): the main loop goes on reading it. */
    if (epoll_ctl(least->epoll_fd, EPOLL_CTL_ADD, port->fd, &event) != 0) return;
    /* Frames JavaScript sent ahead of the thread's must leave first. */
    flush_queue(main_work);
    uv_poll_stop(&port->poll);
    least->ports += 1;
    port->reader = least->index;
    return;
  }
  forwarding_thread *owner = &threads[port->reader];
  epoll_ctl(owner->epoll_fd, EPOLL_CTL_DEL, port->fd, NULL);
  owner->ports -= 1;
  port->reader = -1;
  if (!port->gone && !port->closed) uv_poll_start(&port->poll, UV_READABLE, on_readable);
}

static void place(native_port *port) {
  if (wants_thread(port) == (port->reader >= 0)) return;
  stop_threads();
  place_stopped(port);
  resume_threads();
}

/* The moves asked for while a batch was being handed to JavaScript, now that it is out. */
static void place_pending(void) {
  if (!placements_pending || dispatching) return;
  placements_pending = false;
  stop_threads();
  for (int id = 0; id < sockets_capacity; id++) {
    if (sockets[id] != NULL) place_stopped(sockets[id]);
  }
  resume_threads();
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
  if (found->reader >= 0) {
    epoll_ctl(threads[found->reader].epoll_fd, EPOLL_CTL_DEL, found->fd, NULL);
    threads[found->reader].ports -= 1;
    found->reader = -1;
  }
  found->closed = 1;
  sockets[id] = NULL;
  /* Ports forwarding here go back to the main thread, which hands their frames to JavaScript. */
  for (int other = 0; other < sockets_capacity; other++) {
    if (sockets[other] == NULL || sockets[other]->forward_to != id) continue;
    sockets[other]->forward_to = -1;
    place_stopped(sockets[other]);
  }
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

/* threads: how many forwarding threads read ports that forward in C */
static napi_value js_thread_count(napi_env env) {
  napi_value count;
  napi_create_int32(env, thread_count, &count);
  return count;
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
  send_arena = malloc(SEND_ARENA_BYTES);
  batch_lengths = calloc(BATCH, sizeof(uint32_t));
  if (main_work == NULL || send_arena == NULL || batch_lengths == NULL) {
    napi_throw_error(env, NULL, "out of memory");
    return NULL;
  }
  start_threads();
  uv_loop_t *loop = NULL;
  napi_get_uv_event_loop(env, &loop);
  uv_idle_init(loop, &flusher);

  napi_property_descriptor properties[] = {
      {"open", NULL, js_open, NULL, NULL, NULL, napi_default, NULL},
      {"openTap", NULL, js_open_tap, NULL, NULL, NULL, napi_default, NULL},
      {"openPacket", NULL, js_open_packet, NULL, NULL, NULL, napi_default, NULL},
      {"setLink", NULL, js_set_link, NULL, NULL, NULL, napi_default, NULL},
      {"send", NULL, js_send, NULL, NULL, NULL, napi_default, NULL},
      {"deliver", NULL, js_deliver, NULL, NULL, NULL, napi_default, NULL},
      {"forward", NULL, js_forward, NULL, NULL, NULL, napi_default, NULL},
      {"takeHeld", NULL, js_take_held, NULL, NULL, NULL, napi_default, NULL},
      {"stats", NULL, js_stats, NULL, NULL, NULL, napi_default, NULL},
      {"close", NULL, js_close, NULL, NULL, NULL, napi_default, NULL},
      {"batchLengths", NULL, NULL, NULL, NULL, js_batch_lengths(env), napi_default, NULL},
      {"statFields", NULL, NULL, NULL, NULL, js_stat_fields(env), napi_default, NULL},
      {"threads", NULL, NULL, NULL, NULL, js_thread_count(env), napi_default, NULL},
  };
  napi_define_properties(env, exports, sizeof properties / sizeof properties[0], properties);
  return exports;
}

NAPI_MODULE_INIT() {
  return init(env, exports);
}
