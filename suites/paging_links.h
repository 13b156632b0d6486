#pragma once
/// Following cursor links (next/prev) of the cursor-paged lists (GET /channel, /return, /webhook)
/// verbatim, as specs/rules.yaml NS-CURSOR-FORMAT says: cursors are opaque, links are followed as given.
/// Header-only because suites/CMakeLists.txt compiles only `*_suite.cpp`.

#include <algorithm>
#include <chrono>
#include <cstdint>
#include <optional>
#include <set>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "suites/suite.h"
#include "harness/conform/session_token.h"

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
    request.headers.set("Authorization", "Bearer " + session_token());
    if (channel) request.headers.set(current_session().info().channel_header, *channel);
    return send_raw(std::move(request), operation);
}

/// One cursor walk: every page's items in order, and how it ended.
struct Walk {
    std::vector<json> pages;  ///< each page's `items` (an array; null items read as empty)
    std::vector<json> items;  ///< all items in page order
    bool complete = false;    ///< the last page had next null
    bool failed = false;      ///< a page broke the contract, or a link led back (already recorded)
    /// Why the walk stopped before the end without a violation ("60 pages", "20 s"): the end was not
    /// observed, which is no finding; empty when complete or failed.
    std::string stopped;
    std::optional<Exchange> last;  ///< the last page's exchange (the request a finding about the walk shows)
};

/// Walk bounds: whichever comes first ends the walk unobserved.
inline constexpr int kWalkPages = 60;
inline constexpr std::chrono::seconds kWalkTime{20};

/// Walks from `first` (an answered first page) along `next` links, at most `max_pages` pages and
/// `max_time`. Each page must answer 200 (`rule`) with an object; items null counts as an empty page. A
/// next link that was already followed, or a page that repeats an earlier one item for item, is a paging
/// violation recorded at once on `rule` (a looping cursor never hangs the run).
inline Walk walk_next(const Exchange& first, const std::string& operation, const std::string& rule,
                      int max_pages = kWalkPages, std::chrono::seconds max_time = kWalkTime) {
    Walk walk;
    Exchange page = first;
    std::set<std::string> followed{first.request.target};
    std::vector<std::vector<std::string>> seen_pages;
    const auto deadline = std::chrono::steady_clock::now() + max_time;
    for (int n = 0;; ++n) {
        walk.last = page;
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
        std::vector<std::string> keys;
        for (const auto& item : items) keys.push_back(item.dump());
        for (std::size_t earlier = 0; !keys.empty() && earlier < seen_pages.size(); ++earlier)
            if (seen_pages[earlier] == keys) {
                record_failure(rule, page,
                               "page " + std::to_string(n + 1) + " repeats page " + std::to_string(earlier + 1) +
                                   " item for item: the cursor walk goes round in a circle");
                walk.failed = true;
                return walk;
            }
        seen_pages.push_back(std::move(keys));
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
        if (!followed.insert(link_target(next)).second) {
            record_failure(rule, page,
                           "the next link of page " + std::to_string(n + 1) + " (" + next.get<std::string>() +
                               ") leads back to a page already visited: the cursor walk goes round in a circle");
            walk.failed = true;
            return walk;
        }
        if (n + 1 >= max_pages) {
            walk.stopped = std::to_string(max_pages) + " pages";
            return walk;
        }
        if (std::chrono::steady_clock::now() >= deadline) {
            walk.stopped = std::to_string(max_time.count()) + " s";
            return walk;
        }
        page = follow(next, operation);
    }
}

/// A page size that walks `total` items in at most `max_pages` pages (at least `smallest`).
inline int page_size_for(std::size_t total, int smallest = 1, int max_pages = 30) {
    const int needed = static_cast<int>((total + static_cast<std::size_t>(max_pages) - 1) / static_cast<std::size_t>(max_pages));
    return std::max(smallest, needed);
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

/// Checks one walk against a reference set: pages disjoint (no key twice), each page at most `page_size`
/// items, and, when the walk reached its end, complete (every reference key seen, nothing extra). Records
/// findings on `rule`, each showing the walk's last request. Returns false when the end was not observed
/// (the caller says so: not observed is not a violation).
inline bool expect_disjoint_complete(const Walk& walk, const std::set<std::string>& reference, std::size_t page_size,
                                     const std::string& rule, const std::string& operation) {
    auto fail_on = [&](const std::string& message) {
        if (walk.last) record_failure(rule, *walk.last, message);
        else record_failure(rule, operation, message);
    };
    const auto keys = keys_of(walk.items);
    const auto dup = duplicates(keys);
    if (!dup.empty()) fail_on("pages overlap: " + show(dup) + " appear on more than one page");
    for (std::size_t i = 0; i < walk.pages.size(); ++i)
        if (walk.pages[i].size() > page_size)
            fail_on("page " + std::to_string(i + 1) + " has " + std::to_string(walk.pages[i].size()) +
                    " items; the page size asked for was " + std::to_string(page_size));
    if (!walk.complete) return walk.failed;
    std::set<std::string> seen(keys.begin(), keys.end()), missing, extra;
    for (const auto& k : reference)
        if (!seen.count(k)) missing.insert(k);
    for (const auto& k : seen)
        if (!reference.count(k)) extra.insert(k);
    if (!missing.empty()) fail_on("pages are incomplete; never returned: " + show(missing));
    if (!extra.empty()) fail_on("pages return items the one-page listing lacks: " + show(extra));
    return true;
}

}  // namespace dockside::suites::paging
