/*
 * A link direction's delay held in C (`forward` with a latency or jitter). A timer per line,
 * frames in arrival order: holding each frame as a JavaScript object and sending it with a
 * call of its own cost a delayed link a third of its throughput. Lines live on the main
 * thread (their timers are the main loop's): a port whose line holds frames is read there.
 * Held frames count against a byte budget shared with JavaScript's delay lines: a
 * Float64Array [limit, held] of the relay's, which C reads and updates in place.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <unistd.h>

#include "native_port.h"

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
 * entries point at them. Frames with nowhere to go (their target closed) are dropped, as an
 * unplugged wire does.
 */
void release_until(delay_line *line, uint64_t now) {
  native_port *owner = line->owner;
  uint32_t mask = line->held_capacity - 1;
  uint32_t first = line->head, released = 0;
  while (line->count > 0 && line->held[line->head].due_ns <= now + RELEASE_MARGIN_NS) {
    held_frame *frame = &line->held[line->head];
    send_on(main_work, owner, frame->data, frame->length);
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
void hold(native_port *source, const uint8_t *data, uint32_t length, uint64_t now) {
  delay_line *line = source->line;
  uint64_t due = now + next_delay_ns(line);
  if (line->count == 0 && due <= now) {
    send_on(main_work, source, data, length);
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
void forget_held(delay_line *line) {
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
void close_line(napi_env env, delay_line *line) {
  forget_held(line);
  line->owner = NULL;
  if (line->budget_ref != NULL) napi_delete_reference(env, line->budget_ref);
  uv_timer_stop(&line->timer);
  uv_close((uv_handle_t *)&line->timer, free_line);
}

/* Frames wait in the line, or must: a delay is set or frames are still held. */
bool delaying(const delay_line *line) {
  return line != NULL && (line->latency_ns > 0 || line->jitter_ms > 0 || line->count > 0);
}
