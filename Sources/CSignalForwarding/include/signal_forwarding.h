#ifndef SHIPYARD_SIGNAL_FORWARDING_H
#define SHIPYARD_SIGNAL_FORWARDING_H

/// Installs, for each of the `count` signals in `signals`, a handler that writes the signal's
/// number (one byte) to the descriptor `pipe_write_end` and does nothing else: the one thing a
/// signal handler can safely do. A thread reading the pipe's other end then acts on it.
///
/// Returns 0, or -1 with errno set when a handler cannot be installed.
int shipyard_forward_signals(int pipe_write_end, const int *signals, int count);

#endif
