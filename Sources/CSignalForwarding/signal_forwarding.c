// Signals forwarded to a pipe (the self-pipe pattern): the handler runs on whichever thread the
// kernel picks, in the middle of whatever it was doing, so it only writes one byte; everything
// else happens on the thread that reads the pipe.
#include "signal_forwarding.h"

#include <errno.h>
#include <signal.h>
#include <unistd.h>

static volatile sig_atomic_t forwarding_descriptor = -1;

static void forward_signal(int number) {
  int saved = errno;  // the interrupted code may be about to read errno
  unsigned char byte = (unsigned char)number;
  ssize_t written;
  do {
    written = write(forwarding_descriptor, &byte, 1);
  } while (written < 0 && errno == EINTR);
  errno = saved;
}

int shipyard_forward_signals(int pipe_write_end, const int *signals, int count) {
  forwarding_descriptor = pipe_write_end;
  struct sigaction action;
  action.sa_handler = forward_signal;
  sigemptyset(&action.sa_mask);
  // System calls the signal lands in are restarted, not failed with EINTR.
  action.sa_flags = SA_RESTART;
  for (int index = 0; index < count; index++) {
    if (sigaction(signals[index], &action, NULL) != 0) return -1;
  }
  return 0;
}
