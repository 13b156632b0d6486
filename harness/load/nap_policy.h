#pragma once
/// Closed loop: whether a worker that has nothing to do but wait for answers should first sleep a short
/// while on a timer ("nap") and then read, in one batch, every answer that arrived meanwhile.
///
/// Why: a worker that waits on its sockets is woken by the first answer, and on Linux the waking is paid
/// by whoever delivers it. On loopback that is the target's own thread, inside its write: a generator that
/// reads each answer the moment it arrives makes a saturated target on the same machine spend part of its
/// CPU waking the generator, and the target then serves fewer requests than it could (measured on a 2-core
/// VM, nginx served 3-7 % fewer requests for dockside than for wrk, which reads more slowly; with naps,
/// 6-9 % more). A nap pays only while the target stays busy with the requests still in flight; where
/// it does not (few connections, an idle target far away), the nap lengthens every round trip. So the
/// worker measures instead of guessing: it runs a stretch with naps and one without, keeps whichever
/// completed more answers, and tries both again after a while. It does not even try where a nap, as this
/// machine's timers really deliver it, would not end well within the round trip (a handful of
/// connections on a fast target): the trial's stretch of naps would cost there for nothing. Latency stays
/// exact either way, because answers carry the kernel's arrival stamp (receive_stamp.h), not the time
/// they were read.
///
/// Pure bookkeeping, driven by the worker's 10 ms tick; no clock, no I/O.

#include <algorithm>
#include <cstdint>

namespace dockside::load {

class NapPolicy {
public:
    struct Settings {
        int trial_ticks = 10;     ///< ticks each mode is tried for
        int settle_ticks = 2;     ///< of those, the first are not counted (the switch's own transient)
        int keep_ticks = 80;      ///< then the better mode is kept this long before trying both again
        int recheck_ticks = 5;    ///< while naps are not worth trying: how often to look again
        double gain = 1.03;       ///< naps are kept only when they complete at least this many times more
    };

    NapPolicy() : NapPolicy(false) {}
    explicit NapPolicy(bool allowed) : NapPolicy(allowed, Settings{}) {}
    /// Starts without naps, for `recheck_ticks`, to learn the round trip first.
    NapPolicy(bool allowed, Settings settings)
        : allowed_(allowed), settings_(settings), keep_length_(settings.recheck_ticks) {}

    /// Never nap from now on (the kernel stopped stamping arrivals, say).
    void forbid() { allowed_ = false; }
    bool allowed() const { return allowed_; }

    /// Whether the worker naps in the current stretch.
    bool napping() const { return allowed_ && napping_; }

    /// How long to nap given the smoothed round trip of this worker's requests: a quarter of it, so that
    /// most requests in flight are still at the target when the nap ends, within [kMinNapNs, kMaxNapNs].
    static std::int64_t nap_ns(std::int64_t round_trip_ns) {
        return std::clamp(round_trip_ns / 4, kMinNapNs, kMaxNapNs);
    }

    /// Whether naps are worth a trial: the nap for this round trip plus the timer's usual lateness
    /// (`overshoot_ns`, measured) ends within half the round trip.
    static bool worth_trying(std::int64_t round_trip_ns, std::int64_t overshoot_ns) {
        return round_trip_ns > 0 && 2 * (nap_ns(round_trip_ns) + overshoot_ns) <= round_trip_ns;
    }

    /// At each tick, with the answers completed since the previous one and whether naps are worth trying
    /// now (read only where a new trial would begin).
    void on_tick(std::int64_t answers, bool worth_trying) {
        if (!allowed_) return;
        ++ticks_;
        if (napping_) ++napping_ticks_;
        if (phase_ == Phase::keep) {
            if (++tick_in_phase_ >= keep_length_) begin_cycle(worth_trying);
            return;
        }
        if (tick_in_phase_ >= settings_.settle_ticks) (napping_ ? answers_on_ : answers_off_) += answers;
        if (++tick_in_phase_ < settings_.trial_ticks) return;
        tick_in_phase_ = 0;
        if (phase_ == Phase::first_trial) {
            phase_ = Phase::second_trial;
            napping_ = !napping_;
            return;
        }
        phase_ = Phase::keep;
        keep_length_ = settings_.keep_ticks;
        napping_ = static_cast<double>(answers_on_) >= settings_.gain * static_cast<double>(answers_off_) &&
                   answers_on_ > 0;
        ++cycles_;
    }

    /// Trials run so far (both modes tried and one kept).
    std::int64_t trials() const { return cycles_; }

    /// Share of the ticks so far spent napping (0 when naps are not allowed).
    double napping_share() const {
        return ticks_ == 0 ? 0.0 : static_cast<double>(napping_ticks_) / static_cast<double>(ticks_);
    }

    static constexpr std::int64_t kMinNapNs = 10'000;
    static constexpr std::int64_t kMaxNapNs = 250'000;

private:
    enum class Phase { first_trial, second_trial, keep };

    void begin_cycle(bool worth_trying) {
        tick_in_phase_ = 0;
        answers_on_ = answers_off_ = 0;
        if (!worth_trying) {
            phase_ = Phase::keep;
            keep_length_ = settings_.recheck_ticks;
            napping_ = false;
            return;
        }
        phase_ = Phase::first_trial;
        // Alternate which mode goes first, so a trend (connections warming up, a neighbour starting)
        // does not always favour the same one.
        napping_ = cycles_ % 2 == 1;
    }

    bool allowed_;
    Settings settings_;
    Phase phase_ = Phase::keep;
    bool napping_ = false;
    int tick_in_phase_ = 0;
    int keep_length_;
    std::int64_t answers_on_ = 0;
    std::int64_t answers_off_ = 0;
    std::int64_t cycles_ = 0;
    std::int64_t ticks_ = 0;
    std::int64_t napping_ticks_ = 0;
};

}  // namespace dockside::load
