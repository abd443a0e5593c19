import SystemSupport

extension DMGBuilder {
  /// Builds the image, reporting progress and stopping when its task is cancelled.
  ///
  /// The build stages the source, lays out the volume with its Finder layout, then compresses
  /// the volume in 1 MiB chunks, ``DMGBuildOptions/threads`` at a time, into a temporary file
  /// beside ``DMGBuildOptions/output`` that is renamed into place once complete. It runs off
  /// the caller's actor, on the global concurrent executor, and keeps one of its threads busy
  /// until it ends (the chunks are compressed on Dispatch's threads).
  ///
  /// ```swift
  /// let task = Task {
  ///   try await DMGBuilder(options: options).build { progress in
  ///     print("\(progress.completedBytes) of \(progress.totalBytes) bytes")
  ///   }
  /// }
  /// task.cancel()  // stops after the batch of chunks being written
  /// ```
  ///
  /// Cancellation is checked before the build starts and after each batch of chunks (4 chunks
  /// a thread): a cancelled build throws `CancellationError` and leaves neither an image nor a
  /// temporary file, the output path keeping what it held before (nothing, for a new image).
  ///
  /// - Parameter progress: Called after each batch of chunks, on the thread that builds, with
  ///   the volume's bytes written so far; they grow with each call and end at the total.
  /// - Returns: What was written: the volume's name and size, the image's size, the counts of
  ///   files and folders, and the image's path.
  /// - Throws: `CancellationError` when the task is cancelled; otherwise an error whose
  ///   description names the problem and the file or option it concerns (an unreadable source,
  ///   a picture of the wrong size, an icon placed outside the window, a license a language's
  ///   encoding cannot hold, a full disk).
  @concurrent
  public func build(progress: (@Sendable (DMGBuildProgress) -> Void)? = nil) async throws
    -> Result
  {
    try Task.checkCancellation()
    // The task's cancellation, as a flag the build's own thread reads between batches: it does
    // not depend on which thread the writer calls back on.
    let cancelled = Locked(false)
    return try await withTaskCancellationHandler {
      try build { (done: Int64, total: Int64) throws in
        if cancelled.withLock({ $0 }) { throw CancellationError() }
        progress?(DMGBuildProgress(completedBytes: done, totalBytes: total))
      }
    } onCancel: {
      cancelled.withLock { $0 = true }
    }
  }
}
