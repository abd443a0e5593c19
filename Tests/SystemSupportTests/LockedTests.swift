import Dispatch
import SystemSupport
import Testing

@Suite struct LockedTests {
  @Test func concurrentIncrementsFromManyTasksGiveTheExactTotal() async {
    let counter = Locked(0)
    await withTaskGroup(of: Void.self) { group in
      for _ in 0..<64 {
        group.addTask {
          for _ in 0..<1_000 { counter.withLock { $0 += 1 } }
        }
      }
    }
    #expect(counter.withLock { $0 } == 64_000)
  }

  @Test func concurrentIncrementsFromManyThreadsGiveTheExactTotal() {
    let counter = Locked(0)
    DispatchQueue.concurrentPerform(iterations: 16) { _ in
      for _ in 0..<10_000 { counter.withLock { $0 += 1 } }
    }
    #expect(counter.withLock { $0 } == 160_000)
  }

  @Test func withLockReturnsWhatItsBodyReturns() {
    let names = Locked(["a", "b"])
    let count = names.withLock { names -> Int in
      names.append("c")
      return names.count
    }
    #expect(count == 3)
    #expect(names.withLock { $0 } == ["a", "b", "c"])
  }

  @Test func withLockRethrowsAndKeepsChangesMadeBeforeTheThrow() {
    struct Refused: Error, Equatable {}
    let value = Locked(1)
    #expect(throws: Refused()) {
      try value.withLock { value in
        value = 2
        throw Refused()
      }
    }
    // The lock was released: this would deadlock otherwise.
    #expect(value.withLock { $0 } == 2)
  }

  @Test func withLockKeepsItsBodysErrorType() {
    enum Parse: Error { case empty }
    let text = Locked("")
    do {
      try text.withLock { (text) throws(Parse) in if text.isEmpty { throw .empty } }
      Issue.record("expected a throw")
    } catch {
      // `error` is a `Parse` here, not `any Error`.
      #expect(error == .empty)
    }
  }
}
