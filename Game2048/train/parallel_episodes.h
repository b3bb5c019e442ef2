// Training episodes on several threads at once, sharing one network.
//
// Each thread plays and learns whole episodes on the shared network without
// locking it (the "lock-free optimistic parallelism" of Jaskowski 2018): two
// threads rarely touch the same weight at the same moment, and when they do,
// one update may be lost, never torn (TrainingNetwork reads and writes its
// weights with relaxed atomic loads and stores). What must see a still network,
// saving a checkpoint, runs alone: no episode is in flight and none starts
// until it has returned.
//
// With one thread the episodes are exactly the sequential loop's: one
// generator seeded with `seed`, episodes in order. With more, thread t has a
// generator of its own (seed mixed with t), and the order in which the threads'
// updates land depends on timing, so a run is no longer reproducible bit for bit.
#pragma once
#include <atomic>
#include <chrono>
#include <cstdint>
#include <mutex>
#include <shared_mutex>
#include <thread>
#include <vector>

#include "td_trainer.h"

namespace train2048 {

// Runs episodes first .. last-1 on `threads` threads (at least 1):
//   play(rng, path, episode) -> EpisodeResult  plays and learns episode number `episode`;
//   book(episode, result) -> bool               called after each episode, one at a time, in the
//                                               order they finish, while no save runs; true asks
//                                               for `exclusive` to run next;
//   exclusive()                                 runs alone (no episode in flight);
//   stop() -> bool                              polled before each episode: true ends the run.
// Returns the number of episodes played (all of them unless stop() said so).
template <typename Play, typename Book, typename Exclusive, typename Stop>
uint64_t run_episodes(int threads, uint64_t seed, uint64_t first, uint64_t last, Play play, Book book,
                      Exclusive exclusive, Stop stop) {
  std::mutex books;                  // the next episode to hand out, and every call of book()
  std::shared_mutex network;         // held shared by an episode, alone by exclusive()
  std::atomic<bool> waiting{false};  // exclusive() wants the network: start no episode
  uint64_t next = first, played = 0;
  auto worker = [&](int t) {
    Rng rng(threads == 1 ? seed : seed ^ (0xD1B54A32D192ED03ULL * uint64_t(t + 1)));
    std::vector<Step> path;
    path.reserve(1 << 16);
    for (;;) {
      while (waiting.load()) std::this_thread::sleep_for(std::chrono::milliseconds(1));
      bool exclusive_next = false;
      {
        std::shared_lock<std::shared_mutex> in_flight(network);
        uint64_t episode;
        {
          std::lock_guard<std::mutex> lock(books);
          if (next >= last || stop()) return;
          episode = next++;
        }
        const EpisodeResult r = play(rng, path, episode);
        std::lock_guard<std::mutex> lock(books);  // still in flight: exclusive() sees it booked
        ++played;
        exclusive_next = book(episode, r);
      }
      if (exclusive_next) {
        waiting = true;
        {
          std::unique_lock<std::shared_mutex> alone(network);
          exclusive();
        }
        waiting = false;
      }
    }
  };
  if (threads <= 1) {
    worker(0);
  } else {
    std::vector<std::thread> pool;
    for (int t = 0; t < threads; ++t) pool.emplace_back(worker, t);
    for (std::thread& th : pool) th.join();
  }
  return played;
}

}  // namespace train2048
