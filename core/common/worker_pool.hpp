// A fixed team of threads that runs one job over the chunks of a range: the batches step their
// games on several cores with it (Batch's `threads`). The threads are started once, with the
// batch, and wait between jobs; the caller's thread works on the first chunk. In a process forked
// from the one that started them (the threads stay behind), the caller runs every chunk itself.
#pragma once
#include <condition_variable>
#include <cstdint>
#include <exception>
#include <functional>
#include <mutex>
#include <thread>
#include <vector>

#if defined(_WIN32)
#include <process.h>
#else
#include <unistd.h>
#endif

namespace wonders {

inline int64_t current_process_id() {
#if defined(_WIN32)
  return _getpid();
#else
  return static_cast<int64_t>(getpid());
#endif
}

// The most threads a batch steps its games with (checked at the Python boundary).
constexpr int MAX_BATCH_THREADS = 256;

class WorkerPool {
 public:
  // Job: job(worker, begin, end) over [begin, end); worker in [0, size()).
  using Job = std::function<void(int, int, int)>;

  // `size` >= 1 workers: the caller and size - 1 threads.
  explicit WorkerPool(int size) : size_(size < 1 ? 1 : size), process_(current_process_id()) {
    for (int worker = 1; worker < size_; ++worker) threads_.emplace_back([this, worker] { serve(worker); });
  }
  WorkerPool(const WorkerPool&) = delete;
  WorkerPool& operator=(const WorkerPool&) = delete;
  ~WorkerPool() {
    if (current_process_id() != process_) {               // a forked copy: its threads are not here to join,
      new std::vector<std::thread>(std::move(threads_));  // nor may their handles be destroyed
      return;
    }
    {
      std::lock_guard<std::mutex> guard(mutex_);
      stopping_ = true;
    }
    start_.notify_all();
    for (std::thread& thread : threads_) thread.join();
  }

  int size() const { return size_; }

  // Runs `job` on size() contiguous chunks of [0, count), in order of worker, and returns when
  // every chunk is done; the first exception a chunk threw is thrown here. An empty chunk (count
  // below size()) is not run.
  void run(int count, const Job& job) {
    if (size_ == 1 || count < 2 || current_process_id() != process_) {
      for (int worker = 0; worker < size_; ++worker) {  // the chunks in order, here
        const int begin = worker ? end_of(worker - 1, count) : 0, end = end_of(worker, count);
        if (begin < end) job(worker, begin, end);
      }
      return;
    }
    {
      std::lock_guard<std::mutex> guard(mutex_);
      job_ = &job;
      count_ = count;
      pending_ = size_ - 1;
      error_ = nullptr;
      ++generation_;
    }
    start_.notify_all();
    std::exception_ptr error;
    try {
      job(0, 0, end_of(0, count));
    } catch (...) {
      error = std::current_exception();
    }
    std::unique_lock<std::mutex> lock(mutex_);
    done_.wait(lock, [this] { return pending_ == 0; });
    job_ = nullptr;
    if (!error) error = error_;
    lock.unlock();
    if (error) std::rethrow_exception(error);
  }

 private:
  int end_of(int worker, int count) const {
    return static_cast<int>(static_cast<int64_t>(count) * (worker + 1) / size_);
  }

  void serve(int worker) {
    uint64_t seen = 0;
    for (;;) {
      std::unique_lock<std::mutex> lock(mutex_);
      start_.wait(lock, [&] { return stopping_ || generation_ != seen; });
      if (stopping_) return;
      seen = generation_;
      const Job* job = job_;
      const int count = count_;
      lock.unlock();
      std::exception_ptr error;
      try {
        const int begin = end_of(worker - 1, count), end = end_of(worker, count);
        if (begin < end) (*job)(worker, begin, end);
      } catch (...) {
        error = std::current_exception();
      }
      lock.lock();
      if (error && !error_) error_ = error;
      if (--pending_ == 0) done_.notify_one();
    }
  }

  int size_;
  int64_t process_;  // the process that started the threads
  std::vector<std::thread> threads_;
  std::mutex mutex_;
  std::condition_variable start_, done_;
  const Job* job_ = nullptr;
  int count_ = 0, pending_ = 0;
  uint64_t generation_ = 0;
  bool stopping_ = false;
  std::exception_ptr error_;
};

}  // namespace wonders
