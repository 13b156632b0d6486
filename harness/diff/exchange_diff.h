#pragma once
/// Two targets' answers to the same request compared as a client would notice a change: the status, the
/// media type, and the JSON body field by field (present, JSON type, value). Knows no particular API.
///
/// Each target keeps its own state, so a value one target made (the id it gave a record, a unique value the
/// run wrote, a time stamp) is not the other's. Such values are mapped rather than compared: where the two
/// requests differ, the two values stand for each other from then on; where both answers hold an id at the
/// same place (a member named `id` or ending in `_id`), the first pair seen is the mapping and a later
/// answer that breaks it is a difference; RFC 3339 time stamps, and opaque tokens a server makes to be
/// handed back (a cursor: 16 or more letters and digits, both kinds in it), are compared by kind only.

#include <map>
#include <set>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

namespace dockside::diff {

enum class Kind {
    Status,       ///< the status codes differ
    MediaType,    ///< the Content-Type media types differ
    Header,       ///< a header one answer has and the other lacks (http::varies_per_answer ones aside)
    Missing,      ///< a member one answer has and the other lacks
    Type,         ///< the JSON types at one place differ
    Value,        ///< the values at one place differ (after mapping)
    Request,      ///< the two runs sent different requests here, or one sent none: an earlier answer led them apart
};
std::string to_string(Kind kind);

struct Difference {
    Kind kind = Kind::Value;
    /// Where: a JSON pointer into the body with array indexes as `*` ("/items/*/status"); "" for the status
    /// and the media type; the header's name for Header; the part of the request for Request ("path",
    /// "body/reference_id", "sent").
    std::string path;
    nlohmann::json a;  ///< this side's value (a status, a type name, a value; null when absent)
    nlohmann::json b;
};

/// One side of an exchange, as read from a HAR entry.
struct Side {
    std::string method;
    std::string url;                     ///< absolute, query included
    nlohmann::json request_body;         ///< parsed JSON, or the text as a string, or null when none
    int status = 0;                      ///< 0: no answer
    std::string media_type;              ///< lower case, parameters dropped
    nlohmann::json body;                 ///< parsed JSON, or the text as a string, or null when none
    bool cut = false;                    ///< the recording kept only the start of a body: bodies not compared
    std::set<std::string> headers{};     ///< names of the answer's headers, lower case
};

/// The values one side made and the other side's for them, learnt as exchanges are compared in order.
class ValueMap {
public:
    /// Pairs `a` with `b`: true when new or the same as before, false when `a` (or `b`) is already paired
    /// otherwise.
    bool pair(const nlohmann::json& a, const nlohmann::json& b);
    bool maps(const nlohmann::json& a, const nlohmann::json& b) const;

    /// A word of a text the two runs' requests made differently (the run's tag: "DS-SP-41d9b3d4-7"): its
    /// shape (length, letters or digits) is the shape of what a run makes.
    void made(const std::string& word);
    /// Whether two words of that shape can stand for each other: values an earlier run made the same way
    /// (another tag in a record it left), which this run's requests never named.
    bool made_alike(const std::string& a, const std::string& b) const;

private:
    std::map<std::string, std::string> a_to_b_;
    std::map<std::string, std::string> b_to_a_;
    std::set<std::pair<std::size_t, bool>> made_shapes_;  ///< (length, hexadecimal digits only)
};

/// Whether the request asks by a moment (a time stamp in its query: "created since"): what its answer holds
/// then depends on when each run made its records and sent it, so only its status and media type are
/// compared.
bool asks_by_time(const Side& side);

/// The differences between two answers to one request (in the order met), learning and using `values`.
std::vector<Difference> compare(const Side& a, const Side& b, ValueMap& values);

/// Whether `text` is an RFC 3339 date-time ("2025-07-01T12:00:00Z", offsets and fractions too) or date.
bool is_time_stamp(const std::string& text);

}  // namespace dockside::diff
