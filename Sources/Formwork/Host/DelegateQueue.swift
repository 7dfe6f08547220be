import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The queue one `URLSessionExchange`'s delegate calls run on: serial, and with
/// swift-corelibs-foundation, no queue at all.
///
/// swift-corelibs-foundation hands each piece of a body (16 KiB at most, decoded) to the delegate
/// by adding an operation to the delegate queue, from the thread that reads the socket. A plain
/// `OperationQueue` takes them as fast as the server sends, however far behind the delegate is:
/// a gzip bomb on a fast link fills gigabytes of memory before the body's budget is even
/// checked. Here each call runs at once, on the reading thread, so the socket is read no faster
/// than the exchange counts (and, once decided, drops) what arrives: memory stays at one piece.
///
/// NB: running the calls on URLSession's own thread is safe because the exchange's delegate
/// methods never wait for URLSession (they only take its own lock and dispatch elsewhere), and
/// URLSession's completion handlers for them only enqueue work. Apple's URLSession has its own
/// flow control and cancels promptly: there this is an ordinary serial queue.
final class DelegateQueue: OperationQueue, @unchecked Sendable {
    override init() {
        super.init()
        maxConcurrentOperationCount = 1
        name = "Formwork.URLSessionExchange"
    }

    #if canImport(FoundationNetworking)
    override func addOperation(_ block: @escaping @Sendable () -> Void) {
        block()
    }
    #endif
}
