/*
 * What the addon's modules share: a port (a UDP tunnel socket, a TAP or an AF_PACKET socket)
 * and its delay line, a forwarder (what one thread needs to read and send batches), the main
 * thread's state, and each module's entry points.
 *
 *   udp_batch.c           the Node-API surface: opening, configuring and closing ports
 *   port_reading.c        reading a port's batch and dispatching it: forwarded, delayed or to JavaScript
 *   frame_sending.c       a forwarder's send queue: sendmmsg, UDP_SEGMENT trains, TAP writes
 *   delay_line.c          a direction's delay held in C
 *   forwarding_threads.c  the threads that read ports forwarding in C, and which reader has which port
 */
#ifndef NATIVE_PORT_H
#define NATIVE_PORT_H

#include <linux/if_packet.h>
#include <net/if.h>
#include <node_api.h>
#include <stdbool.h>
#include <stdint.h>
#include <sys/socket.h>
#include <uv.h>

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
  STAT_FANNED_FRAMES,
  STAT_FANNED_BYTES,
  STATS_FIELDS
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
  /*
   * Or the ports of a hub's other links (fanOut): every frame read here goes to each. The
   * hub's ports count what reached them so: `fanned_*`, added by whichever reader sent it.
   */
  int *fan_out;
  int fan_out_count;
  uint64_t fanned_frames;
  uint64_t fanned_bytes;
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

/* ---- the main thread's state (udp_batch.c, port_reading.c) ---- */

extern napi_env main_env;
/* Every open port by id; forwarding threads look ports up here, so it changes with them stopped. */
extern native_port **sockets;
extern int sockets_capacity;
extern forwarder *main_work;
extern uint32_t *batch_lengths; /* shared with JavaScript as a Uint32Array */
/* The main thread is handing a batch to JavaScript (or forwarding it): sends wait for its end. */
extern int dispatching;

/* ---- port_reading.c ---- */

forwarder *new_forwarder(void);
native_port *socket_by_id(int id);
void read_rounds(forwarder *f, native_port *source);
bool port_failed(native_port *source);
/* Forwards somewhere in C: to one port, or to a hub's other ports. */
bool forwards_in_c(const native_port *port);
/* Queues one frame read from `source` for where it forwards in C, counted; false when that is nowhere now. */
bool send_on(forwarder *f, native_port *source, const uint8_t *data, uint32_t length);
void on_readable(uv_poll_t *handle, int status, int events);

/* ---- frame_sending.c ---- */

bool start_sending(uv_loop_t *loop);
void count_error(native_port *port);
void enqueue(forwarder *f, native_port *target, const uint8_t *data, uint32_t length);
void enqueue_copy(native_port *target, const uint8_t *data, size_t length);
void flush_queue(forwarder *f);

/* ---- delay_line.c ---- */

bool delaying(const delay_line *line);
void release_until(delay_line *line, uint64_t now);
void hold(native_port *source, const uint8_t *data, uint32_t length, uint64_t now);
void forget_held(delay_line *line);
void close_line(napi_env env, delay_line *line);

/* ---- forwarding_threads.c ---- */

extern int thread_count;
/* The niceness the forwarding threads run at, and why not the one asked for (an errno, or 0). */
extern int thread_nice;
extern int thread_nice_error;
void start_threads(uv_loop_t *loop);
void stop_threads(void);
void resume_threads(void);
void place(native_port *port);
void place_stopped(native_port *port);
void leave_thread_stopped(native_port *port);

#endif
