#pragma once
/// Per-operation policies the harness and the reference server both need: who may call it (security)
/// and how its list pages (paging). Read from the OpenAPI `security`/x-channel-header and from the rules
/// data's `auth` and `paging` checks; reached through `spec.security(op)` and `spec.paging(op)`.

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

namespace dockside::spec {

/// Whether an operation needs the `service_channel_id` header (x-channel-header).
enum class ChannelHeader { Required, Optional, NotUsed };

std::string_view to_string(ChannelHeader value);

struct Security {
    std::string operation;
    bool bearer = true;                  ///< a bearer token is required (`security` is not empty)
    std::vector<std::string> scopes;     ///< scopes named by `security`, deduplicated
    ChannelHeader channel_header = ChannelHeader::Optional;
    std::string channel_header_name;     ///< "service_channel_id"
};

enum class PagingStyle { Page, Cursor };

std::string_view to_string(PagingStyle style);

/// How a list operation pages, merged from every `paging` check that names it.
struct Paging {
    std::string operation;
    PagingStyle style = PagingStyle::Page;
    std::string page_param;    ///< "Page" ("" when the operation has none: `page_param: none`)
    std::string size_param;    ///< "Limit", "RecordsPerPage", … ("" when not stated)
    std::string cursor_param;  ///< "Cursor" ("" for page paging)
    std::optional<std::int64_t> size_default;
    nlohmann::json shape;      ///< {array: Order} or {object: ReturnPage, items: items, links: […]}; null = not stated
    bool at_most_size_per_page = false;
    bool pages_disjoint = false;
    std::vector<std::string> rules;  ///< rule ids whose paging checks name the operation
};

}  // namespace dockside::spec
