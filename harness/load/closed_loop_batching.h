#pragma once
/// Closed loop: answers read in batches. A connection whose answer came in is sent its next request after
/// the rest of the answers one poll of the sockets returned have been read (as wrk does), so the target
/// is sent its requests together and reads them in fewer wake-ups; and where that completes more, the
/// worker naps between polls (nap_policy.h), each nap sized by the smoothed round trip and held against
/// how late this machine's naps end. Touched by the worker's thread only; internal to the engine.

#include <cstddef>
#include <cstdint>
#include <utility>
#include <vector>

#include "harness/load/nap_policy.h"

namespace dockside::load::detail {

class Connection;

class ClosedLoopBatching {
public:
    ClosedLoopBatching(std::size_t connections, NapPolicy nap) : nap_(nap) {
        answered_.reserve(connections);
        flushing_.reserve(connections);
    }

    /// This thread's next request number (0, 1, …), from which the worker derives the request's index.
    std::uint64_t next_number() { return next_number_++; }

    /// `connection` is sent its next request at the end of the batch. True when it is the batch's first:
    /// the worker then posts the flush behind the handlers of the current poll.
    bool answered(Connection& connection) {
        answered_.push_back(&connection);
        if (flush_posted_) return false;
        flush_posted_ = true;
        return true;
    }
    /// The batch to send now; answers read while it is sent start the next one.
    const std::vector<Connection*>& take_batch() {
        flush_posted_ = false;
        std::swap(answered_, flushing_);
        return flushing_;
    }
    void batch_sent() { flushing_.clear(); }

    const NapPolicy& naps() const { return nap_; }
    /// An answer arrived `round_trip` ns after its request was sent: the smoothed round trip (as TCP's
    /// SRTT: the first answer, then gain 1/8) sizes the naps.
    void on_answer(std::int64_t round_trip) {
        ++answers_since_tick_;
        round_trip_ns_ = round_trip_ns_ == 0 ? round_trip : round_trip_ns_ + (round_trip - round_trip_ns_) / 8;
    }
    /// A request ended without an answer (it still completes a request of the tick).
    void on_failure() { ++answers_since_tick_; }
    /// The nap to take now.
    std::int64_t nap_ns() const { return NapPolicy::nap_ns(round_trip_ns_); }
    /// How late the timers ended the naps before the run: the middle of three.
    void set_nap_overshoot(std::int64_t ns) { nap_overshoot_ns_ = ns; }
    /// A nap ended `late` ns after its time.
    void on_nap_end(std::int64_t late) { nap_overshoot_ns_ += (late - nap_overshoot_ns_) / 8; }
    /// At each tick: `unstamped`: a read came without the kernel's arrival stamp, so a nap would show in
    /// latency from then on.
    void on_tick(bool unstamped) {
        if (unstamped) nap_.forbid();
        nap_.on_tick(answers_since_tick_, NapPolicy::worth_trying(round_trip_ns_, nap_overshoot_ns_));
        answers_since_tick_ = 0;
    }

private:
    std::vector<Connection*> answered_;  ///< waiting for the end of the batch
    std::vector<Connection*> flushing_;  ///< the batch being sent (answered_ may grow meanwhile)
    bool flush_posted_ = false;
    std::uint64_t next_number_ = 0;
    NapPolicy nap_;
    std::int64_t round_trip_ns_ = 0;       ///< smoothed send-to-answer time
    std::int64_t answers_since_tick_ = 0;
    std::int64_t nap_overshoot_ns_ = 0;    ///< smoothed lateness of a nap's end
};

}  // namespace dockside::load::detail
