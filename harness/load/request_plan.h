#pragma once
/// What the load engine sends, as bytes: each operation is a list of pre-serialized HTTP/1.1 requests
/// (one per pre-generated body or query) with slots for what can only be known when it is sent: an id
/// from a pool filled by earlier responses, or a unique sequence number. The engine knows no API; the
/// binding that turns a contract and its generators into a plan lives with the tools.

#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

namespace dockside::load {

enum class SlotKind : std::uint8_t {
    read_pool,  ///< an id from the pool, which keeps it (get, list)
    take_pool,  ///< an id removed from the pool (cancel: each id used once)
    sequence,   ///< the request's unique index, zero-padded to `width` digits (fixed-length bodies)
    credential, ///< the run's current credential text (EngineOptions::credential), e.g. a bearer token
};

/// A gap in a request's bytes, filled at send time: decimal text of the value (or the credential's
/// text) is inserted at `position`.
struct Slot {
    std::uint32_t position = 0;  ///< offset in RequestVariant::bytes, slots in ascending order
    SlotKind kind = SlotKind::read_pool;
    std::uint16_t pool = 0;      ///< index into RequestPlan::pools (pool kinds)
    std::uint8_t width = 0;      ///< digits of a sequence slot (the value is taken modulo 10^width)
};

/// One ready request: the whole HTTP/1.1 message (head and body) with slot gaps removed.
struct RequestVariant {
    std::string bytes;
    std::vector<Slot> slots;
};

struct OperationPlan {
    std::string name;  ///< operation id or "METHOD path": the name in every report and the .hlog tag
    std::vector<RequestVariant> variants;  ///< chosen per request by its index
    /// A 2xx response's top-level integer field to capture ("id"), empty for none; the value goes
    /// into every pool of `capture_pools`.
    std::string capture_key;
    std::vector<std::uint16_t> capture_pools;
    /// When a take_pool (or read_pool) slot finds its pool empty, this operation is sent instead
    /// (index into RequestPlan::operations; -1: the request fails as `no_id`). It must not need a
    /// pool itself.
    int fallback = -1;
    bool head = false;  ///< a HEAD request: the response has no body
    /// Its responses can be judged, so --validate samples them; false where there is nothing to judge them
    /// against (a path outside the contract), which is then never counted as validated.
    bool validatable = true;
    /// Safe to send again (GET, HEAD, PUT, DELETE, OPTIONS): when a server closed a kept-alive connection
    /// that had been idle for a second or more before answering anything (its keep-alive timeout racing
    /// the request), the request is resent once on a fresh connection.
    bool idempotent = false;
};

/// A bounded set of ids. Each worker thread keeps its own copy, filled with `initial` at start.
struct PoolPlan {
    std::string name;
    std::vector<std::int64_t> initial;
    std::size_t capacity = 4096;  ///< when full, the oldest id makes room (memory stays fixed)
};

struct RequestPlan {
    std::vector<OperationPlan> operations;
    std::vector<double> weights;  ///< parallel to operations; the mix
    std::vector<PoolPlan> pools;
    /// Whether a credential slot occurs anywhere (the engine then needs EngineOptions::credential).
    bool uses_credential() const;

    /// Every inconsistency (slot out of range, unknown pool, bad fallback, no positive weight), empty
    /// when the plan can run.
    std::vector<std::string> problems() const;
};

}  // namespace dockside::load
