public import Foundation
import SystemSupport

/// A loopback TCP socket that never answers: by default it never accepts or reads, so that an
/// upload to it stalls once the kernel's buffers are full, which lets tests cancel an upload in
/// flight; draining, it reads every connection slowly, so that an upload is always under way.
public final class SilentServer {
  /// The port it listens on, on 127.0.0.1.
  public let port: Int
  private let descriptor: Int32

  /// Opens the socket on a free port; when `draining`, a thread accepts each connection and
  /// reads it (64 KiB every half millisecond) until the client closes it, or, given
  /// `closingAfter`, until it has read that many bytes, when it drops the connection unanswered.
  public init(draining: Bool = false, closingAfter limit: Int? = nil) throws {
    #if canImport(Darwin)
    let descriptor = socket(AF_INET, SOCK_STREAM, 0)
    #else
    let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
    #endif
    var address = sockaddr_in()
    address.sin_family = sa_family_t(AF_INET)
    address.sin_addr.s_addr = inet_addr("127.0.0.1")
    address.sin_port = 0
    var length = socklen_t(MemoryLayout<sockaddr_in>.size)
    let bound = withUnsafeMutablePointer(to: &address) { pointer in
      pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { socketAddress in
        bind(descriptor, socketAddress, length) == 0 && listen(descriptor, 8) == 0
          && getsockname(descriptor, socketAddress, &length) == 0
      }
    }
    guard descriptor >= 0, bound else {
      close(descriptor)
      throw ProcessFailure(
        command: "socket", status: errno, errorOutput: "cannot listen on loopback")
    }
    self.descriptor = descriptor
    port = Int(UInt16(bigEndian: address.sin_port))
    drainer = draining ? Self.drainConnections(to: descriptor, closingAfter: limit) : nil
  }

  /// The draining thread's stop flag and its end; `deinit` stops it and waits for it before
  /// closing the socket, so that it never calls `accept` on a number another test has reused.
  private let drainer: (stop: Locked<Bool>, ended: DispatchSemaphore)?

  private static func drainConnections(
    to descriptor: Int32, closingAfter limit: Int?
  ) -> (stop: Locked<Bool>, ended: DispatchSemaphore) {
    let stop = Locked(false)
    let ended = DispatchSemaphore(value: 0)
    _ = fcntl(descriptor, F_SETFL, fcntl(descriptor, F_GETFL) | O_NONBLOCK)  // accept never waits
    Thread.detachNewThread {
      defer { ended.signal() }
      var waiting = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
      while !stop.withLock({ $0 }) {
        guard poll(&waiting, 1, 20) > 0 else { continue }
        let connection = accept(descriptor, nil, nil)
        guard connection >= 0 else { continue }
        // Darwin passes O_NONBLOCK on to the connection; its reads should wait.
        _ = fcntl(connection, F_SETFL, fcntl(connection, F_GETFL) & ~O_NONBLOCK)
        Thread.detachNewThread {
          var buffer = [UInt8](repeating: 0, count: 1 << 16)
          var total = 0
          while total < limit ?? .max {
            let count = read(connection, &buffer, buffer.count)
            guard count > 0 else { break }
            total += count
            usleep(500)
          }
          close(connection)
        }
      }
    }
    return (stop, ended)
  }

  /// The URL of the socket.
  public var url: URL {
    guard let url = URL(string: "http://127.0.0.1:\(port)/") else {
      preconditionFailure("a loopback URL is valid")
    }
    return url
  }

  deinit {
    if let drainer {
      drainer.stop.withLock { $0 = true }
      drainer.ended.wait()
    }
    close(descriptor)
  }
}
