/*
 * Ports that forward in C with no delay are read by forwarding threads (one per core by
 * default; GNS3_DATAPLANE_THREADS sets how many, 0 for none), so that busy links use every
 * core; the main thread keeps the ports whose frames go to JavaScript or through a delay line
 * (its timers are the main loop's). A thread holds its lock while it handles a wakeup; the
 * main thread takes every thread's lock (`stop_threads`) around anything that changes ports,
 * so a thread never meets a port half-changed, moved or closed. Counters of a port are
 * written by its reader only; errors, by any sender, are added atomically.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <pthread.h>
#include <stdlib.h>
#include <stdio.h>
#include <sys/epoll.h>
#include <sys/resource.h>
#include <sys/syscall.h>
#include <time.h>
#include <unistd.h>

#include "native_port.h"

#define MAX_THREADS 16
/*
 * The niceness forwarding threads ask for (GNS3_DATAPLANE_THREAD_NICE overrides): the network
 * of a host busy with its emulators should not be what starves, so forwarding runs ahead of
 * them (Open vSwitch's ovs-ctl starts ovs-vswitchd at -10). Not that far ahead: a thread that
 * preempts the receiver of every frame it sends forwards smaller batches, and at -10 one busy
 * link carried half as much on two cores (docs/performance.md has the measurements). Without
 * CAP_SYS_NICE the threads keep the default priority.
 */
#define THREAD_NICE -5

typedef struct {
  forwarder *work;
  pthread_t thread;
  pthread_mutex_t lock;
  int epoll_fd;
  int index;
  int ports;
  int wanted_nice;
  int started;    /* set once by the thread: its priority is settled */
  int nice_error; /* 0, or the errno setpriority gave */
} forwarding_thread;

static forwarding_thread threads[MAX_THREADS];
int thread_count;
int thread_nice;
int thread_nice_error;
/* Moves to a thread wait for the end of the loop turn they were asked in (`place_stopped`). */
static bool placements_pending;
static uv_idle_t placer;

void stop_threads(void) {
  for (int index = 0; index < thread_count; index++) pthread_mutex_lock(&threads[index].lock);
}

void resume_threads(void) {
  for (int index = thread_count - 1; index >= 0; index--) pthread_mutex_unlock(&threads[index].lock);
}

static void *forward_loop(void *argument) {
  forwarding_thread *self = argument;
  char name[16];
  snprintf(name, sizeof name, "gns3-forward-%d", self->index);
  pthread_setname_np(pthread_self(), name);
  if (self->wanted_nice != 0 && setpriority(PRIO_PROCESS, (id_t)syscall(SYS_gettid), self->wanted_nice) != 0) self->nice_error = errno;
  __atomic_store_n(&self->started, 1, __ATOMIC_RELEASE);
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

/* Starts the forwarding threads; as many as could be started serve (none: the main thread forwards everything). */
void start_threads(uv_loop_t *loop) {
  uv_idle_init(loop, &placer);
  long cores = sysconf(_SC_NPROCESSORS_ONLN);
  const char *configured = getenv("GNS3_DATAPLANE_THREADS");
  long wanted = configured != NULL && *configured != '\0' ? strtol(configured, NULL, 10) : (cores > 1 ? cores : 0);
  if (wanted > MAX_THREADS) wanted = MAX_THREADS;
  const char *nice_text = getenv("GNS3_DATAPLANE_THREAD_NICE");
  thread_nice = nice_text != NULL && *nice_text != '\0' ? (int)strtol(nice_text, NULL, 10) : THREAD_NICE;
  while (thread_count < wanted) {
    forwarding_thread *thread = &threads[thread_count];
    thread->index = thread_count;
    thread->wanted_nice = thread_nice;
    thread->work = new_forwarder();
    thread->epoll_fd = epoll_create1(EPOLL_CLOEXEC);
    if (thread->work == NULL || thread->epoll_fd < 0 || pthread_mutex_init(&thread->lock, NULL) != 0) break;
    if (pthread_create(&thread->thread, NULL, forward_loop, thread) != 0) {
      pthread_mutex_destroy(&thread->lock);
      break;
    }
    thread_count++;
  }
  /* What the threads' priority came to, for the daemon's log (they settle it within microseconds). */
  for (int index = 0; index < thread_count; index++) {
    for (int waited = 0; !__atomic_load_n(&threads[index].started, __ATOMIC_ACQUIRE) && waited < 10000; waited++) {
      nanosleep(&(struct timespec){0, 100000}, NULL);
    }
    if (threads[index].nice_error != 0) thread_nice_error = threads[index].nice_error;
  }
  if (thread_nice_error != 0) thread_nice = 0;
}

static bool wants_thread(const native_port *port) {
  return thread_count > 0 && !port->closed && !port->gone && forwards_in_c(port) && !delaying(port->line);
}

static void place_pending(uv_idle_t *handle);

/*
 * Gives the port to the reader the rule above says: a forwarding thread, or the main loop.
 * Threads stopped. Back to the main loop is at once: JavaScript wants the port's frames from
 * now on. To a thread waits for the end of the loop turn (`place_pending`), as everything
 * JavaScript asks takes effect when its turn ends: a relay created unfiltered and filtered in
 * the same turn forwards no frame unfiltered, and the rest of a batch being handed to
 * JavaScript when the move was asked leaves before the thread's newer frames.
 */
void place_stopped(native_port *port) {
  bool threaded = wants_thread(port);
  if (threaded == (port->reader >= 0)) return;
  if (threaded && !placements_pending) {
    placements_pending = true;
    uv_idle_start(&placer, place_pending);
    return;
  }
  if (threaded) return;
  leave_thread_stopped(port);
  if (!port->gone && !port->closed) uv_poll_start(&port->poll, UV_READABLE, on_readable);
}

/* Hands the port to the thread with the fewest. Threads stopped. */
static void move_to_thread(native_port *port) {
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
}

void place(native_port *port) {
  if (wants_thread(port) == (port->reader >= 0)) return;
  stop_threads();
  place_stopped(port);
  resume_threads();
}

/* The moves to threads asked for in the last loop turn, for the ports that still want one. */
static void place_pending(uv_idle_t *handle) {
  uv_idle_stop(handle);
  placements_pending = false;
  stop_threads();
  for (int id = 0; id < sockets_capacity; id++) {
    native_port *port = sockets[id];
    if (port != NULL && port->reader < 0 && wants_thread(port)) move_to_thread(port);
  }
  resume_threads();
}

/* Its thread stops watching the port (which goes back to the main loop, or closes). Threads stopped. */
void leave_thread_stopped(native_port *port) {
  if (port->reader < 0) return;
  epoll_ctl(threads[port->reader].epoll_fd, EPOLL_CTL_DEL, port->fd, NULL);
  threads[port->reader].ports -= 1;
  port->reader = -1;
}
