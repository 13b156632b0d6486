#pragma once
/// Following cursor links (next/prev) of the cursor-paged lists (GET /channel, /return, /webhook)
/// verbatim, as specs/rules.yaml NS-CURSOR-FORMAT says: cursors are opaque, links are followed as given.
/// Header-only because suites/CMakeLists.txt compiles only `*_suite.cpp`.

#include <cstdint>
#include <optional>
#include <set>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "suites/support/api.h"

namespace dockside::suites::paging {

using json = nlohmann::json;

/// The target of a link relative to the base URL (the client prefixes the base path again): an
/// absolute URL loses scheme, authority and the base path; a relative link is kept as it is. Empty when
/// the link is not text.
inline std::string link_target(const json& link) {
    if (!link.is_string()) return {};
    std::string url = link.get<std::string>();
    const auto scheme = url.find("://");
    if (scheme == std::string::npos) return url;
    const auto path = url.find('/', scheme + 3);
    std::string target = path == std::string::npos ? std::string("/") : url.substr(path);
    const std::string& base = current_session().base_url().base_path;
    if (!base.empty() && target.starts_with(base + "/")) target = target.substr(base.size());
    return target;
}

/// GETs a link taken from a page (next, prev, first, last) with the full token, validated as
/// `operation`.
inline Exchange follow(const json& link, const std::string& operation,
                       std::optional<std::string> channel = std::nullopt) {
    http::Request request;
    request.method = "GET";
    request.target = link_target(link);
    request.headers.set("Authorization", "Bearer " + current_session().info().token);
    if (channel) request.headers.set(current_session().info().channel_header, *channel);
    return send_raw(std::move(request), operation);
}

/// One cursor walk: every page's items in order, and whether it ended on a null next link.
struct Walk {
    std::vector<json> pages;  ///< each page's `items` (an array; null items read as empty)
    std::vector<json> items;  ///< all items in page order
    bool complete = false;    ///< the last page had next null within the page budget
    bool failed = false;      ///< a page did not answer 200 with an object (already recorded)
};

/// Walks from `first` (an answered first page) along `next` links, at most `max_pages` pages. Each page
/// must answer 200 (`rule`) with an object; items null counts as an empty page.
inline Walk walk_next(const Exchange& first, const std::string& operation, const std::string& rule,
                      int max_pages = 60) {
    Walk walk;
    Exchange page = first;
    for (int n = 0; n < max_pages; ++n) {
        if (!expect_status(page, 200, rule)) {
            walk.failed = true;
            return walk;
        }
        json body = page.json();
        if (!expect_that(body.is_object(), page, rule, "a page is a JSON object with items and links")) {
            walk.failed = true;
            return walk;
        }
        json items = body.contains("items") && body["items"].is_array() ? body["items"] : json::array();
        walk.pages.push_back(items);
        for (auto& item : items) walk.items.push_back(item);
        const json next = body.contains("next") ? body["next"] : json(nullptr);
        if (next.is_null()) {
            walk.complete = true;
            return walk;
        }
        if (!expect_that(next.is_string() && !next.get<std::string>().empty(), page, rule,
                         "next is a link (string) or null")) {
            walk.failed = true;
            return walk;
        }
        page = follow(next, operation);
    }
    return walk;
}

/// The values of `key` in `items` as text (ids are integers on some lists and strings on others).
inline std::vector<std::string> keys_of(const std::vector<json>& items, const std::string& key = "id") {
    std::vector<std::string> out;
    for (const auto& item : items)
        if (item.is_object() && item.contains(key)) out.push_back(item[key].dump());
    return out;
}

/// Keys that occur more than once.
inline std::set<std::string> duplicates(const std::vector<std::string>& keys) {
    std::set<std::string> seen, dup;
    for (const auto& k : keys)
        if (!seen.insert(k).second) dup.insert(k);
    return dup;
}

/// Text of a key set for messages, shortened.
inline std::string show(const std::set<std::string>& keys, std::size_t max = 10) {
    std::string out;
    std::size_t n = 0;
    for (const auto& k : keys) {
        if (n++ == max) return out + ", …";
        out += (out.empty() ? "" : ", ") + k;
    }
    return out;
}

/// Checks one walk against a reference set: pages disjoint (no key twice), complete (every reference
/// key seen, nothing extra), each page at most `page_size` items. Records findings on `rule`.
inline void expect_disjoint_complete(const Walk& walk, const std::set<std::string>& reference, std::size_t page_size,
                                     const std::string& rule, const std::string& operation) {
    const auto keys = keys_of(walk.items);
    const auto dup = duplicates(keys);
    if (!dup.empty()) record_failure(rule, operation, "pages overlap: " + show(dup) + " appear on more than one page");
    for (std::size_t i = 0; i < walk.pages.size(); ++i)
        if (walk.pages[i].size() > page_size)
            record_failure(rule, operation,
                           "page " + std::to_string(i + 1) + " has " + std::to_string(walk.pages[i].size()) +
                               " items; the page size asked for was " + std::to_string(page_size));
    if (!walk.complete) {
        record_failure(rule, operation, "the walk did not reach a page with next null within the page budget");
        return;
    }
    std::set<std::string> seen(keys.begin(), keys.end()), missing, extra;
    for (const auto& k : reference)
        if (!seen.count(k)) missing.insert(k);
    for (const auto& k : seen)
        if (!reference.count(k)) extra.insert(k);
    if (!missing.empty()) record_failure(rule, operation, "pages are incomplete; never returned: " + show(missing));
    if (!extra.empty()) record_failure(rule, operation, "pages return items the one-page listing lacks: " + show(extra));
}

}  // namespace dockside::suites::paging
