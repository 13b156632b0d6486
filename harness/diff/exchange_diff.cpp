#include "harness/diff/exchange_diff.h"

#include <algorithm>
#include <optional>
#include <regex>

#include "harness/http/url.h"

namespace dockside::diff {
namespace {

using nlohmann::json;

/// A value as the map keys it: a string's text, any other value's JSON ("5" in a path and 5 in a body are one).
std::string key_of(const json& value) { return value.is_string() ? value.get<std::string>() : value.dump(); }

/// The words of a text: its runs of letters and digits ("/2025-07/order/12" → 2025, 07, order, 12).
std::vector<std::string> words_of(const std::string& text) {
    std::vector<std::string> out;
    std::string word;
    for (const char c : text) {
        if (std::isalnum(static_cast<unsigned char>(c))) {
            word += c;
        } else if (!word.empty()) {
            out.push_back(std::move(word));
            word.clear();
        }
    }
    if (!word.empty()) out.push_back(std::move(word));
    return out;
}

/// The text with its words taken out: what two texts must share for their words to be compared one by one.
std::string frame_of(const std::string& text) {
    std::string out;
    for (const char c : text)
        if (!std::isalnum(static_cast<unsigned char>(c))) out += c;
    return out;
}

/// A word a server made up to hand back later (a cursor, a token): 16 or more letters and digits, both
/// kinds in it. Each target makes its own, so two are compared by kind only.
bool opaque_token(const std::string& word) {
    const auto digits = std::count_if(word.begin(), word.end(), [](unsigned char c) { return std::isdigit(c); });
    return word.size() >= 16 && digits > 0 && digits < static_cast<std::ptrdiff_t>(word.size());
}

bool id_like(const std::string& name) {
    return name == "id" || (name.size() > 3 && (name.ends_with("_id") || name.ends_with("Id")));
}

std::string type_name(const json& value) {
    return value.is_number() ? "number" : std::string(value.type_name());
}

/// "http://host:8080" of "http://host:8080/v/order?x=1"; "" when the URL has no scheme.
std::string origin_of(const std::string& url) {
    const auto scheme = url.find("://");
    return scheme == std::string::npos ? "" : url.substr(0, url.find('/', scheme + 3));
}

/// The path and the query of an absolute URL, the query as name → value (a repeated name keeps the last).
std::pair<std::string, std::map<std::string, std::string>> split_url(const std::string& url) {
    std::string rest = url;
    if (const auto scheme = rest.find("://"); scheme != std::string::npos) {
        const auto path = rest.find('/', scheme + 3);
        rest = path == std::string::npos ? "/" : rest.substr(path);
    }
    std::map<std::string, std::string> query;
    const auto mark = rest.find('?');
    if (mark == std::string::npos) return {rest, query};
    // A query that does not decode is compared as written, as one value: both sides were sent it so.
    if (auto params = http::parse_query(std::string_view(rest).substr(mark + 1)))
        for (auto& [name, value] : *params) query[name] = std::move(value);
    else
        query[""] = rest.substr(mark + 1);
    return {rest.substr(0, mark), query};
}

class Comparison {
public:
    Comparison(ValueMap& values, std::vector<Difference>& out) : values_(values), out_(out) {}

    /// Two request values: where they differ they stand for each other (the run's unique values, the ids
    /// each target gave); false when they cannot (one is already paired otherwise, or their shapes differ).
    bool learn(const json& a, const json& b) {
        if (a == b) return true;
        if (a.is_structured() || b.is_structured()) return false;
        if (values_.maps(a, b)) return true;
        // A moment each run took from its own clock ("the last seven days up to now").
        if (a.is_string() && b.is_string() && is_time_stamp(a.get<std::string>()) && is_time_stamp(b.get<std::string>()))
            return true;
        if (a.is_string() && b.is_string()) {
            const auto wa = words_of(a.get<std::string>()), wb = words_of(b.get<std::string>());
            if (wa.size() == wb.size() && frame_of(a.get<std::string>()) == frame_of(b.get<std::string>())) {
                // An opaque token each side made (a cursor from its own clock) is its own each time it is made.
                for (std::size_t i = 0; i < wa.size(); ++i) {
                    if (wa[i] == wb[i] || (opaque_token(wa[i]) && opaque_token(wb[i]))) continue;
                    if (!values_.pair(json(wa[i]), json(wb[i]))) return false;
                    values_.made(wa[i]);
                    values_.made(wb[i]);
                }
                return true;
            }
        }
        return values_.pair(a, b);
    }

    void requests(const Side& a, const Side& b) {
        if (a.method != b.method) return add(Kind::Request, "method", a.method, b.method);
        const auto [path_a, query_a] = split_url(a.url);
        const auto [path_b, query_b] = split_url(b.url);
        // Each target's own address (its links name it) stands for the other's.
        learn(json(origin_of(a.url)), json(origin_of(b.url)));
        if (!learn(json(path_a), json(path_b))) add(Kind::Request, "path", path_a, path_b);
        for (const auto& [name, value] : query_a) {
            const auto other = query_b.find(name);
            if (other == query_b.end()) add(Kind::Request, "query/" + name, value, nullptr);
            else if (!learn(json(value), json(other->second))) add(Kind::Request, "query/" + name, value, other->second);
        }
        for (const auto& [name, value] : query_b)
            if (!query_a.count(name)) add(Kind::Request, "query/" + name, nullptr, value);
        if (!a.cut && !b.cut) request_body(a.request_body, b.request_body, "");
    }

    void answers(const Side& a, const Side& b) {
        if (a.status != b.status) return add(Kind::Status, "", a.status, b.status);
        if (a.media_type != b.media_type) return add(Kind::MediaType, "", a.media_type, b.media_type);
        for (const auto& name : a.headers)
            if (!b.headers.count(name)) add(Kind::Header, name, "present", nullptr);
        for (const auto& name : b.headers)
            if (!a.headers.count(name)) add(Kind::Header, name, nullptr, "present");
        if (!a.cut && !b.cut && !asks_by_time(a) && !asks_by_time(b)) body(a.body, b.body, "", "");
    }

private:
    void add(Kind kind, std::string path, json a, json b) { out_.push_back({kind, std::move(path), std::move(a), std::move(b)}); }

    void request_body(const json& a, const json& b, const std::string& path) {
        if (a.is_object() && b.is_object()) {
            for (const auto& [name, value] : a.items())
                if (b.contains(name)) request_body(value, b[name], path + "/" + name);
                else add(Kind::Request, "body" + path + "/" + name, value, nullptr);
            for (const auto& [name, value] : b.items())
                if (!a.contains(name)) add(Kind::Request, "body" + path + "/" + name, nullptr, value);
        } else if (a.is_array() && b.is_array() && a.size() == b.size()) {
            for (std::size_t i = 0; i < a.size(); ++i) request_body(a[i], b[i], path + "/" + std::to_string(i));
        } else if (!learn(a, b)) {
            add(Kind::Request, "body" + path, a, b);
        }
    }

    /// Two texts that say the same of each target: equal, time stamps both, or the same words but for
    /// mapped values and opaque tokens (a link naming a record, a reference holding the run's tag), and
    /// words shaped as the run's own tag, which an earlier run left in a record (paired from then on).
    bool same_text(const std::string& ta, const std::string& tb) {
        if (ta == tb || values_.maps(json(ta), json(tb)) || (is_time_stamp(ta) && is_time_stamp(tb))) return true;
        const auto wa = words_of(ta), wb = words_of(tb);
        if (wa.size() != wb.size() || frame_of(ta) != frame_of(tb)) return false;
        for (std::size_t i = 0; i < wa.size(); ++i)
            if (wa[i] != wb[i] && !values_.maps(json(wa[i]), json(wb[i])) && !(opaque_token(wa[i]) && opaque_token(wb[i])) &&
                !(values_.made_alike(wa[i], wb[i]) && values_.pair(json(wa[i]), json(wb[i]))))
                return false;
        return true;
    }

    /// Two links with a query: the same address (mapped), path and names, each value the same text.
    bool same_link(const std::string& ta, const std::string& tb) {
        if (ta.find('?') == std::string::npos || tb.find('?') == std::string::npos) return false;
        const auto [path_a, query_a] = split_url(ta);
        const auto [path_b, query_b] = split_url(tb);
        if (!same_text(origin_of(ta), origin_of(tb)) || !same_text(path_a, path_b) || query_a.size() != query_b.size())
            return false;
        for (const auto& [name, value] : query_a) {
            const auto other = query_b.find(name);
            if (other == query_b.end() || !same_text(value, other->second)) return false;
        }
        return true;
    }

    bool same_leaf(const json& a, const json& b, const std::string& name) {
        if (a == b || values_.maps(a, b)) return true;
        if (a.is_string() && b.is_string()) {
            const auto& ta = a.get_ref<const std::string&>();
            const auto& tb = b.get_ref<const std::string&>();
            if (same_text(ta, tb) || same_link(ta, tb)) return true;
        }
        return id_like(name) && !a.is_structured() && !a.is_null() && !b.is_null() && values_.pair(a, b);
    }

    void body(const json& a, const json& b, const std::string& path, const std::string& name) {
        if (type_name(a) != type_name(b)) return add(Kind::Type, path, type_name(a), type_name(b));
        if (a.is_object()) {
            for (const auto& [member, value] : a.items())
                if (b.contains(member)) body(value, b[member], path + "/" + member, member);
                else add(Kind::Missing, path + "/" + member, "present", nullptr);
            for (const auto& [member, value] : b.items())
                if (!a.contains(member)) add(Kind::Missing, path + "/" + member, nullptr, "present");
        } else if (a.is_array()) {
            if (a.size() != b.size()) add(Kind::Value, path + "/length", a.size(), b.size());
            for (std::size_t i = 0; i < std::min(a.size(), b.size()); ++i) body(a[i], b[i], path + "/*", name);
        } else if (!same_leaf(a, b, name)) {
            add(Kind::Value, path, a, b);
        }
    }

    ValueMap& values_;
    std::vector<Difference>& out_;
};

}  // namespace

std::string to_string(Kind kind) {
    switch (kind) {
        case Kind::Status: return "status";
        case Kind::MediaType: return "media type";
        case Kind::Header: return "header";
        case Kind::Missing: return "field";
        case Kind::Type: return "type";
        case Kind::Value: return "value";
        case Kind::Request: return "request";
    }
    return "value";
}

bool ValueMap::pair(const json& a, const json& b) {
    const std::string ka = key_of(a), kb = key_of(b);
    const auto ab = a_to_b_.find(ka);
    const auto ba = b_to_a_.find(kb);
    if (ab != a_to_b_.end() || ba != b_to_a_.end())
        return ab != a_to_b_.end() && ba != b_to_a_.end() && ab->second == kb && ba->second == ka;
    a_to_b_.emplace(ka, kb);
    b_to_a_.emplace(kb, ka);
    return true;
}

namespace {

/// A word's shape as `made` keeps it: its length, and whether it is all hexadecimal digits (a run's tag is:
/// "41d9b3d4", and now and then "98695910"). Words of fewer than eight characters (counters, small numbers)
/// have none: too many values share them for a pairing to say anything.
std::optional<std::pair<std::size_t, bool>> shape_of(const std::string& word) {
    if (word.size() < 8) return std::nullopt;
    return std::pair{word.size(), std::all_of(word.begin(), word.end(), [](unsigned char c) { return std::isxdigit(c); })};
}

}  // namespace

void ValueMap::made(const std::string& word) {
    if (const auto shape = shape_of(word)) made_shapes_.insert(*shape);
}

bool ValueMap::made_alike(const std::string& a, const std::string& b) const {
    const auto sa = shape_of(a), sb = shape_of(b);
    return sa && sb && *sa == *sb && made_shapes_.count(*sa) > 0;
}

bool ValueMap::maps(const json& a, const json& b) const {
    const auto it = a_to_b_.find(key_of(a));
    return it != a_to_b_.end() && it->second == key_of(b);
}

std::vector<Difference> compare(const Side& a, const Side& b, ValueMap& values) {
    std::vector<Difference> out;
    Comparison comparison(values, out);
    comparison.requests(a, b);
    // Requests that went apart are answered apart: what follows from them is not a difference of its own.
    if (out.empty()) comparison.answers(a, b);
    return out;
}

bool asks_by_time(const Side& side) {
    const auto query = split_url(side.url).second;
    return std::any_of(query.begin(), query.end(), [](const auto& item) { return is_time_stamp(item.second); });
}

bool is_time_stamp(const std::string& text) {
    static const std::regex stamp(R"(\d{4}-\d{2}-\d{2}([Tt ]\d{2}:\d{2}:\d{2}(\.\d+)?([Zz]|[+-]\d{2}:\d{2})?)?)");
    return text.size() <= 40 && std::regex_match(text, stamp);
}

}  // namespace dockside::diff
