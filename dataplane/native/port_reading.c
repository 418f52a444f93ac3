/*
 * Reading a port: up to BATCH datagrams per recvmmsg (one read each from a TAP), and the batch
 * dispatched: forwarded in C to the port's target (through its delay line if it has one), or
 * handed to JavaScript in one call (one Buffer, its frames' lengths in `batch_lengths`).
 * Whoever reads a port (the main thread's loop or a forwarding thread) does this with its own
 * forwarder.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <unistd.h>

#include "frame_checksum.h"
#include "native_port.h"

int dispatching;

forwarder *new_forwarder(void) {
  forwarder *created = calloc(1, sizeof *created);
  if (created == NULL) return NULL;
  created->receive_arena = malloc((size_t)BATCH * SLOT_BYTES);
  if (created->receive_arena != NULL) return created;
  free(created);
  return NULL;
}

native_port *socket_by_id(int id) {
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


bool forwards_in_c(const native_port *port) {
  return port->forward_to >= 0 || port->fan_out_count > 0;
}

bool send_on(forwarder *f, native_port *source, const uint8_t *data, uint32_t length) {
  bool sent = false;
  native_port *target = socket_by_id(source->forward_to);
  if (target != NULL) {
    enqueue(f, target, data, length);
    sent = true;
  }
  for (int member = 0; member < source->fan_out_count; member++) {
    target = socket_by_id(source->fan_out[member]);
    if (target == NULL) continue;
    enqueue(f, target, data, length);
    __atomic_fetch_add(&target->fanned_frames, 1, __ATOMIC_RELAXED);
    __atomic_fetch_add(&target->fanned_bytes, length, __ATOMIC_RELAXED);
    sent = true;
  }
  if (!sent) return false;
  source->frames_out += 1;
  source->bytes_out += length;
  return true;
}

/* A hub in C: the batch to every other port of the hub, a run per port (runs are what sends batch). */
static void fan_out(forwarder *f, native_port *source, int count) {
  uint64_t bytes = 0;
  for (int index = 0; index < count; index++) bytes += f->frame_length[index];
  source->frames_in += count;
  source->bytes_in += (double)bytes;
  source->frames_out += count;
  source->bytes_out += (double)bytes;
  for (int member = 0; member < source->fan_out_count; member++) {
    native_port *target = socket_by_id(source->fan_out[member]);
    if (target == NULL) continue;
    for (int index = 0; index < count; index++) enqueue(f, target, f->frame_data[index], f->frame_length[index]);
    __atomic_fetch_add(&target->fanned_frames, (uint64_t)count, __ATOMIC_RELAXED);
    __atomic_fetch_add(&target->fanned_bytes, bytes, __ATOMIC_RELAXED);
  }
}

/*
 * Forwards a batch in C (through the delay line if it has one), or hands it to JavaScript.
 * A forwarding thread reads only ports that forward with no delay (`wants_thread`): the
 * delay line and JavaScript are the main thread's.
 */
static void dispatch(forwarder *f, native_port *source, int count) {
  native_port *target = socket_by_id(source->forward_to);
  if (forwards_in_c(source) && delaying(source->line)) {
    uint64_t now = uv_hrtime();
    /* Arrivals come every few microseconds, timers on whole milliseconds: release here too. */
    release_until(source->line, now);
    for (int index = 0; index < count; index++) {
      source->frames_in += 1;
      source->bytes_in += f->frame_length[index];
      hold(source, f->frame_data[index], f->frame_length[index], now);
    }
  } else if (source->fan_out_count > 0) {
    fan_out(f, source, count);
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
void read_rounds(forwarder *f, native_port *source) {
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
bool port_failed(native_port *source) {
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


void on_readable(uv_poll_t *handle, int status, int events) {
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
  /* Its delay line emptied and the delay is gone: a forwarding thread may take it now. */
  if (!source->closed && forwards_in_c(source) && !delaying(source->line)) place(source);
}
