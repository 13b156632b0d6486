#pragma once
/// Helpers shared by the orders, shipments and paging suites: unique client ids, a minimal valid order
/// create body, creating orders, reading GET /order completely, and RFC 3339 times. Header-only because
/// suites/CMakeLists.txt compiles only `*_suite.cpp`.
///
/// The valid body identifies its one product by reference_id plus name, which the document allows for a
/// product the merchant does not have yet (ORD-PRODUCT-NAME); so the suites need no catalog knowledge of
/// the target and never depend on seed data being present.

#include <atomic>
#include <chrono>
#include <cstdint>
#include <cctype>
#include <cstdio>
#include <ctime>
#include <optional>
#include <random>
#include <set>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "generators/run_spec.h"
#include "suites/suite.h"

namespace dockside::suites::orders_support {

using json = nlohmann::json;
using TimePoint = std::chrono::system_clock::time_point;


/// A recipient with every documented field (Recipient: name, email, phone_number, address).
inline json valid_recipient() {
    return {{"name", "Dockside Probe"},
            {"email", "probe@example.com"},
            {"phone_number", "+1 555 0100"},
            {"address",
             {{"address1", "1 Harbour Way"},
              {"address2", "Unit 2"},
              {"city", "Seattle"},
              {"company_name", "Dockside"},
              {"country", "US"},
              {"state", "WA"},
              {"zip_code", "98101"}}}};
}

/// The smallest create body the document calls valid: products (one line) and recipient, with a
/// reference_id so the order can be found again.
inline json valid_order_body(const std::string& reference_id) {
    return {{"reference_id", reference_id},
            {"products", json::array({{{"reference_id", reference_id + "-ITEM"},
                                       {"name", "Dockside probe item"},
                                       {"quantity", 1}}})},
            {"recipient", valid_recipient()}};
}

/// POST /order with `body` (write channel, full token).
inline Exchange send_create(const json& body) { return send({.operation = "createOrder", .body = body}); }

/// The Order a create answered, when it is one: an integer id (CONV-TYPES) and the reference_id sent
/// (ORD-CREATED: the answer is the created order). nullopt otherwise (recorded): nothing downstream reads
/// fields from an answer that is not the order.
inline std::optional<json> created_order(const Exchange& ex, const json& body) {
    json order = ex.json();
    if (!expect_that(order.is_object() && order.contains("id") && order["id"].is_number_integer(), ex, "CONV-TYPES",
                     "the created Order carries an integer id"))
        return std::nullopt;
    if (body.contains("reference_id") &&
        !expect_that(order.value("reference_id", json()) == body["reference_id"], ex, "ORD-CREATED",
                     "the 201 answer is the created Order, with the reference_id sent"))
        return std::nullopt;
    return order;
}

/// Creates an order from `body`; the created Order, or nullopt (the test is then skipped, or the finding
/// recorded). That a create answers 201 is ORD-CREATED's rule check, not every test's that makes an order.
inline std::optional<json> create_order(const json& body) {
    Exchange ex = send_create(body);
    if (!needs_success(ex)) return std::nullopt;
    return created_order(ex, body);
}

/// Creates a fresh valid order with a unique reference_id, as the test's setup (a failure blocks the test).
inline std::optional<json> create_probe_order(const std::string& tag) {
    SetupStep setup("creating an order of the test's own");
    return create_order(valid_order_body(unique_ref(tag)));
}

/// GET /order with `query`; expects 200 and a JSON array (ORD-LIST-SHAPE). nullopt when not.
inline std::optional<json> list_orders(http::QueryParams query, std::optional<std::string> channel = std::nullopt) {
    Exchange ex = send({.operation = "listOrders", .query = std::move(query), .channel = channel});
    if (!expect_status(ex, 200, "ORD-LIST-SHAPE")) return std::nullopt;
    json items = ex.json();
    if (!expect_that(items.is_array(), ex, "ORD-LIST-SHAPE", "GET /order answers a JSON array")) return std::nullopt;
    return items;
}

/// The largest Limit GET /order documents (ORD-LIST-LIMIT), read from the session's spec.
inline int max_orders_per_page() { return static_cast<int>(generators::maximum_of("listOrders.Limit")); }

/// Every order `query` selects, read page by page with Limit `limit` (0: the documented maximum; bounded
/// by `max_pages`); stops at the first short page. nullopt when a page could not be read.
inline std::optional<std::vector<json>> list_all_orders(http::QueryParams query, int limit = 0, int max_pages = 40) {
    if (limit <= 0) limit = max_orders_per_page();
    std::vector<json> all;
    for (int page = 1; page <= max_pages; ++page) {
        http::QueryParams q = query;
        q.emplace_back("Limit", std::to_string(limit));
        q.emplace_back("Page", std::to_string(page));
        auto items = list_orders(q);
        if (!items) return std::nullopt;
        for (auto& item : *items) all.push_back(item);
        if (static_cast<int>(items->size()) < limit) return all;
    }
    return all;
}

/// The integer ids of a list of objects (entries without an integer id are skipped).
inline std::vector<std::int64_t> ids_of(const json& items) {
    std::vector<std::int64_t> out;
    for (const auto& item : items)
        if (item.is_object() && item.contains("id") && item["id"].is_number_integer())
            out.push_back(item["id"].get<std::int64_t>());
    return out;
}

/// Comma-separated list of the ids, for IDs filters.
inline std::string csv(const std::vector<std::int64_t>& ids) {
    std::string out;
    for (auto id : ids) out += (out.empty() ? "" : ",") + std::to_string(id);
    return out;
}

/// An RFC 3339 date-time ("2025-06-01T10:00:00Z", "…T10:00:00.123+02:00") as a time point; nullopt
/// for anything else. Fractions are kept to the millisecond.
inline std::optional<TimePoint> parse_time(const json& value) {
    if (!value.is_string()) return std::nullopt;
    const std::string s = value.get<std::string>();
    int y, mo, d, h, mi, sec, consumed = 0;
    if (std::sscanf(s.c_str(), "%4d-%2d-%2dT%2d:%2d:%2d%n", &y, &mo, &d, &h, &mi, &sec, &consumed) != 6 ||
        consumed != 19)
        return std::nullopt;
    std::size_t pos = 19;
    std::int64_t millis = 0;
    if (pos < s.size() && s[pos] == '.') {
        int digits = 0;
        for (++pos; pos < s.size() && std::isdigit(static_cast<unsigned char>(s[pos])); ++pos, ++digits)
            if (digits < 3) millis = millis * 10 + (s[pos] - '0');
        for (; digits < 3; ++digits) millis *= 10;
    }
    std::int64_t offset_minutes = 0;
    if (pos < s.size() && (s[pos] == 'Z' || s[pos] == 'z')) {
        ++pos;
    } else if (pos + 6 == s.size() && (s[pos] == '+' || s[pos] == '-') && s[pos + 3] == ':') {
        int oh = std::stoi(s.substr(pos + 1, 2)), om = std::stoi(s.substr(pos + 4, 2));
        offset_minutes = (s[pos] == '-' ? -1 : 1) * (oh * 60 + om);
        pos += 6;
    } else {
        return std::nullopt;
    }
    if (pos != s.size()) return std::nullopt;
    using namespace std::chrono;
    const sys_days day = year{y} / month{static_cast<unsigned>(mo)} / std::chrono::day{static_cast<unsigned>(d)};
    return TimePoint(day) + hours{h} + minutes{mi} + seconds{sec} + milliseconds{millis} - minutes{offset_minutes};
}

/// Whether a value read back is the value sent: date-time strings compare as instants ("…Z",
/// "….000+00:00" and "…+00:00" name one moment), numbers by value (2 and 2.0), objects and arrays
/// member by member with the same rule; anything else exactly.
inline bool same_value(const json& got, const json& sent) {
    if (sent.is_string() && got.is_string()) {
        if (got == sent) return true;
        auto a = parse_time(got), b = parse_time(sent);
        return a && b && *a == *b;
    }
    if (sent.is_number() && got.is_number()) return got.get<double>() == sent.get<double>();
    if (sent.is_array() && got.is_array()) {
        if (sent.size() != got.size()) return false;
        for (std::size_t i = 0; i < sent.size(); ++i)
            if (!same_value(got[i], sent[i])) return false;
        return true;
    }
    if (sent.is_object() && got.is_object()) {
        for (const auto& [k, v] : sent.items())
            if (!got.contains(k) || !same_value(got[k], v)) return false;
        return true;
    }
    return got == sent;
}

/// A time point as RFC 3339 UTC with milliseconds, for date filters.
inline std::string format_time(TimePoint t) {
    using namespace std::chrono;
    const auto ms = duration_cast<milliseconds>(t.time_since_epoch()).count();
    const std::time_t secs = static_cast<std::time_t>(ms / 1000 - (ms % 1000 < 0 ? 1 : 0));
    std::tm tm{};
    gmtime_r(&secs, &tm);
    char buf[80];
    std::snprintf(buf, sizeof buf, "%04d-%02d-%02dT%02d:%02d:%02d.%03dZ", tm.tm_year + 1900, tm.tm_mon + 1, tm.tm_mday,
                  tm.tm_hour, tm.tm_min, tm.tm_sec, static_cast<int>(((ms % 1000) + 1000) % 1000));
    return buf;
}

/// The shipments array of an order (empty when absent or not an array).
inline json shipments_of(const json& order) {
    return order.is_object() && order.contains("shipments") && order["shipments"].is_array() ? order["shipments"]
                                                                                             : json::array();
}

/// Whether any shipment of the order has a non-empty tracking number.
inline bool has_tracking(const json& order) {
    for (const auto& s : shipments_of(order)) {
        const json* t = s.contains("tracking") ? &s["tracking"] : nullptr;
        if (t && t->is_object() && t->contains("tracking_number") && (*t)["tracking_number"].is_string() &&
            !(*t)["tracking_number"].get<std::string>().empty())
            return true;
    }
    return false;
}

}  // namespace dockside::suites::orders_support
