#pragma once
/// A worker's connections that are free to send, each with since when it has been free as far as the
/// target goes (its answer's arrival, which may be before the worker read it). First in, first out, so a
/// due request taking a connection freed after its intended time had every connection busy or taken by
/// requests due before it: it waited for a connection (the target), not for the worker. (Answers read
/// together join in reading order, not arrival order, so a request due within that spread may be
/// misjudged.) Internal to the engine.

#include <cstddef>
#include <cstdint>
#include <vector>

namespace dockside::load::detail {

class Connection;

class IdleRing {
public:
    /// Room for each of the worker's `connections` once: a connection is never in the ring twice.
    explicit IdleRing(std::size_t connections) : connections_(connections), ready_(connections) {}

    std::size_t size() const { return count_; }

    /// `ready`: since when `connection` has been free (steady ns; 0 for before the start).
    void push(Connection& connection, std::int64_t ready) {
        const std::size_t slot = (head_ + count_) % connections_.size();
        connections_[slot] = &connection;
        ready_[slot] = ready;
        ++count_;
    }

    /// The connection free the longest, and since when in `ready`; null when none is free.
    Connection* pop(std::int64_t* ready = nullptr) {
        if (count_ == 0) return nullptr;
        Connection* c = connections_[head_];
        if (ready) *ready = ready_[head_];
        head_ = (head_ + 1) % connections_.size();
        --count_;
        return c;
    }

private:
    std::vector<Connection*> connections_;
    std::vector<std::int64_t> ready_;  ///< beside connections_: since when each has been free
    std::size_t head_ = 0;
    std::size_t count_ = 0;
};

}  // namespace dockside::load::detail
