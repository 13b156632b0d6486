#pragma once
/// Serializes one request of a load plan into the exact bytes the engine writes: request line (base
/// path, path with id slots, query), Host, Accept, the bearer token (or a credential slot for a token
/// that is refreshed during the run) and channel header as conform sends them, and a JSON body whose
/// unique field is a fixed-width sequence slot (so Content-Length is known).

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "harness/load/request_plan.h"
#include "harness/load/target_access.h"

namespace dockside::load {

/// A piece of a path: literal text, or an id from a pool.
struct PathPiece {
    std::string literal;
    int pool = -1;  ///< >= 0: an id slot
    bool take = false;
};

struct RequestShape {
    std::string method;
    std::vector<PathPiece> path;
    std::string query;                  ///< encoded, without '?'
    /// A query parameter whose value is an id from a pool, appended after `query` (name encoded).
    std::string query_id_name;
    int query_id_pool = -1;
    std::optional<std::string> body;    ///< JSON text
    std::size_t sequence_at = std::string::npos;  ///< offset in `body` where the sequence digits go
    int sequence_width = 12;
    bool channel_header = false;        ///< send the write channel header
};

/// The request as bytes with its slots. Never contains anything but what the shape and access say.
RequestVariant write_request(const RequestShape& shape, const TargetAccess& access);

}  // namespace dockside::load
