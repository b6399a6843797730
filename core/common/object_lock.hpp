// One core object shared by several Python threads (DESIGN.md principle 16). A bound object whose
// calls release the GIL (a Duel batch, a searcher) holds an ObjectLock, and every one of its
// methods takes it for the whole call: calls on one object run one after the other, calls on
// separate objects stay parallel. The GIL is never held while waiting for the lock (a thread that
// holds the lock may need the GIL to finish its call: waiting with the GIL would deadlock).
#pragma once
#include <pybind11/pybind11.h>

#include <mutex>

namespace wonders {

class ObjectLock {
 public:
  // Takes the lock; called with the GIL held, which it lets go only while it waits.
  std::unique_lock<std::mutex> acquire() {
    std::unique_lock<std::mutex> lock(mutex_, std::try_to_lock);
    if (!lock.owns_lock()) {
      pybind11::gil_scoped_release release;
      lock.lock();
    }
    return lock;
  }

 private:
  std::mutex mutex_;
};

}  // namespace wonders
