#pragma once
/// What a rule check plans to send, before any concrete request exists: which operation, where the
/// probed value goes, what kind of value (a member left out, an item repeated, …) and what a conforming target answers. The harness knows no API, so concrete bodies come
/// from a RequestProvider (provider.h) that the generators implement; this record is the contract
/// between the two.

#include <cstdint>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

namespace dockside::checks {

/// Where a probe puts its value.
enum class Place {
    Body,   ///< at `Probe::path` inside the JSON body
    Path,   ///< the path parameter `Probe::path[0]`
    None,   ///< nothing changes (the valid request itself, or a raw request)
};

/// The value a probe puts in its place, by kind; the provider draws the concrete value.
struct ProbeValue {
    enum class Kind {
        Unchanged,      ///< the valid request as generated
        Bare,           ///< the operation with its required parameters only (what every list answers)
        Present,        ///< the member added with `literal`, a plausible value of its type (a forbidden field)
        MissingId,      ///< a path id no resource of the target has (one that existed, where possible)
    };
    Kind kind = Kind::Unchanged;
    nlohmann::json literal;       ///< Present

    /// "the member present", "an id no resource has".
    std::string describe() const;
};

/// What a conforming target answers.
enum class Expect {
    Accepted,     ///< a 2xx
    Rejected,     ///< a 4xx (never 2xx or 5xx); a strict profile demands its exact code
    Status,       ///< exactly `Probe::status`
    Documented,   ///< one of `Probe::statuses` (the documented ones)
    NotAmong,     ///< none of `Probe::statuses` and no 5xx (a status the document rules out)
    NotServed,    ///< a 4xx: the route does not exist in this version
    Served,       ///< the route exists: not 404, not 405, not 5xx
    JsonResponse, ///< a 2xx whose content type is `Probe::content_type` and whose body parses as JSON
    FieldNaming,  ///< a 2xx whose body field names follow `Probe::naming` (see judge.h)
};

std::string to_string(Expect expect);

/// The id a raw request's placeholders hold when no operation gives real values: past any id a target
/// plausibly issued, so a target that serves the path changes none of its own records.
inline constexpr const char* kUnknownId = "2147483000";

struct Probe {
    std::string rule_id;
    std::string check_type;
    std::string what;          ///< "gift_message of 501 characters is rejected": stable, unique per rule
    std::string operation;     ///< operationId; "" for a raw request (method + raw_path)
    Place place = Place::None;
    std::vector<std::string> path;  ///< Body: member names, "[]" = every item; Query/Path: {name}
    ProbeValue value;
    Expect expect = Expect::Accepted;
    int status = 0;                 ///< Expect::Status
    std::vector<int> statuses;      ///< Expect::Documented / NotAmong
    std::string content_type;       ///< Expect::JsonResponse
    nlohmann::json naming;          ///< Expect::FieldNaming: the check's naming parameters
    std::string method;             ///< raw requests: "GET"
    std::string raw_path;           ///< raw requests: "/2025-07/order/{orderId}/cancel"
    /// Raw requests: the operation whose valid request (its setup and path values, its body for a write)
    /// fills raw_path's placeholders, so a target that still serves the path acts on a record of the run's
    /// own and answers as if served. "" = placeholders hold an id no record has (kUnknownId).
    std::string path_values_from;
    /// Whether repeated cases draw different requests (a property) or one request says it all.
    bool varies = true;

    /// Identity for merging probes that several rules plan alike ("status_code createOrder 201").
    std::string key() const;
};

/// A rule's check turned into probes. `omitted` names what the check states that these probes do not
/// cover and why (a response-only field is judged by the response validator, a value space too small to
/// be unique on a target with history, …), so a reviewer sees the gap instead of a silent pass.
struct Plan {
    std::vector<Probe> probes;
    std::vector<std::string> omitted;
};

}  // namespace dockside::checks
