/*
 * A forwarder's send queue. Frames queued for a target leave in runs, one sendmmsg per run of
 * frames to one socket (runs of equal frames as UDP_SEGMENT trains), one write per frame for a
 * TAP. A frame the kernel refuses is lost, as on a wire, and counted.
 *
 * Queue lifetime: entries point into the send arena (the main thread's copies of JavaScript
 * frames, which JavaScript may drop at any time), into the forwarder's receive arena (frames
 * forwarded in C, valid until its next recvmmsg, which never happens before the queue is
 * flushed) or at frames a delay line releases (freed once the queue is flushed). A queue is
 * flushed after every batch and every release, when it fills, before a port closes or moves
 * to a thread, and the main thread's otherwise from an idle handle in the same loop turn.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <unistd.h>
#include <netinet/udp.h>

#include "native_port.h"

/* Copies of frames JavaScript sent, waiting in the main thread's queue. */
static uint8_t *send_arena;
static size_t send_arena_used;
static uv_idle_t flusher;

void count_error(native_port *port) {
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
void flush_queue(forwarder *f) {
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

void enqueue(forwarder *f, native_port *target, const uint8_t *data, uint32_t length) {
  if (f->queued == QUEUE_ENTRIES) flush_queue(f);
  f->queue[f->queued].target = target;
  f->queue[f->queued].data = data;
  f->queue[f->queued].length = length;
  f->queued++;
}

/* A frame from JavaScript (main thread): copied, since JavaScript may drop or reuse its buffer. */
void enqueue_copy(native_port *target, const uint8_t *data, size_t length) {
  if (length > SEND_ARENA_BYTES) return; /* larger than any UDP datagram */
  if (send_arena_used + length > SEND_ARENA_BYTES || main_work->queued == QUEUE_ENTRIES) flush_queue(main_work);
  uint8_t *copy = send_arena + send_arena_used;
  memcpy(copy, data, length);
  send_arena_used += length;
  enqueue(main_work, target, copy, (uint32_t)length);
  if (!dispatching && !uv_is_active((uv_handle_t *)&flusher)) uv_idle_start(&flusher, flush_when_idle);
}

bool start_sending(uv_loop_t *loop) {
  send_arena = malloc(SEND_ARENA_BYTES);
  if (send_arena == NULL) return false;
  uv_idle_init(loop, &flusher);
  return true;
}
