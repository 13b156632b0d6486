#pragma once
/// The head of an HTTP/1.1 response in its common shape (a status line, plain header fields, a
/// Content-Length), scanned in one pass without callbacks: the fast path of the load engine's reader.
/// Beast's full parser costs about 5000 instructions per response on a typical head (measured with
/// callgrind, 8 fields); this costs a few hundred. Anything outside the common shape — chunked or
/// EOF-delimited bodies, 1xx, obs-fold, a Connection option other than close/keep-alive, a duplicate
/// Content-Length, any byte the grammar does not allow — is `unsupported` and left to Beast's parser,
/// which then also judges every malformed response. A differential test holds the two to the same
/// answers wherever this one claims a head.

#include <cstddef>
#include <cstdint>
#include <string_view>

namespace dockside::load {

struct ResponseHead {
    int status = 0;
    bool keep_alive = true;
    std::size_t length = 0;            ///< bytes of the head, the empty line included
    std::uint64_t content_length = 0;  ///< 0 for 204 and 304 without one
    std::string_view content_type;     ///< into the scanned text; empty when absent
};

enum class HeadScan { complete, need_more, unsupported };

/// Scans `text` (the bytes received so far, starting at the response's first byte).
HeadScan scan_response_head(std::string_view text, ResponseHead& head);

}  // namespace dockside::load
