/// A weak reference that may cross isolation (delegates are set and read under a lock, called outside it).
struct WeakReference: @unchecked Sendable {
    weak var object: AnyObject?
    init(_ object: AnyObject?) { self.object = object }
}
