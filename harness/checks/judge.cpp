#include "harness/checks/judge.h"

#include <algorithm>
#include <cctype>
#include <set>

#include "harness/http/message.h"

namespace dockside::checks {

namespace {

std::string received(const Observation& o) {
    return o.status ? std::to_string(o.status) : "no response (" + o.transport_error + ")";
}

bool is_4xx(int status) { return status >= 400 && status < 500; }
bool is_2xx(int status) { return status >= 200 && status < 300; }

std::string join(const std::vector<int>& codes) {
    std::string out;
    for (int c : codes) out += (out.empty() ? "" : ", ") + std::to_string(c);
    return out;
}

bool among(const std::vector<int>& codes, int status) {
    return std::find(codes.begin(), codes.end(), status) != codes.end();
}

bool snake_case(const std::string& name) {
    if (name.empty() || !std::islower(static_cast<unsigned char>(name[0]))) return false;
    return std::all_of(name.begin(), name.end(), [](unsigned char c) { return std::islower(c) || std::isdigit(c) || c == '_'; });
}

void collect_misnamed(const nlohmann::json& node, const std::set<std::string>& allowed, std::set<std::string>& out, int depth) {
    if (depth > 64) return;
    if (node.is_object()) {
        for (const auto& [name, child] : node.items()) {
            if (!snake_case(name) && !allowed.count(name)) out.insert(name);
            collect_misnamed(child, allowed, out, depth + 1);
        }
    } else if (node.is_array()) {
        for (const auto& item : node) collect_misnamed(item, allowed, out, depth + 1);
    }
}

/// The expectation as a "Expected: …" text and whether `o` meets it (body expectations aside).
std::pair<std::string, bool> expectation(const Probe& p, const Observation& o, const JudgeOptions& options) {
    const int s = o.status;
    switch (p.expect) {
        case Expect::Accepted: return {"2XX", is_2xx(s)};
        case Expect::Rejected:
            if (options.reject_code) return {std::to_string(*options.reject_code) + " (strict)", s == *options.reject_code};
            return {"4XX", is_4xx(s)};
        case Expect::Status: return {std::to_string(p.status), s == p.status};
        case Expect::Documented: return {"one of " + join(p.statuses), among(p.statuses, s)};
        case Expect::NotAmong: return {"any status but " + join(p.statuses) + " or 5XX", s != 0 && s < 500 && !among(p.statuses, s)};
        case Expect::NotServed:
            if (!options.not_served_codes.empty())
                return {join(options.not_served_codes) + " (strict)", among(options.not_served_codes, s)};
            return {"4XX (not served)", is_4xx(s)};
        case Expect::Served: return {"served: not 404, 405 or 5XX", s != 0 && s != 404 && s != 405 && s < 500};
        case Expect::JsonResponse:
        case Expect::FieldNaming: return {"2XX", is_2xx(s)};
    }
    return {"?", false};
}

/// For the body expectations: what is wrong with a 2xx answer ("" when nothing is).
std::string body_problem(const Probe& p, const Observation& o) {
    if (p.expect == Expect::JsonResponse) {
        if (http::media_type(o.content_type) != http::media_type(p.content_type))
            return "Content-Type is '" + o.content_type + "', not " + p.content_type;
        if (!o.body.empty() && nlohmann::json::parse(o.body, nullptr, false).is_discarded())
            return "the body does not parse as JSON";
    }
    if (p.expect == Expect::FieldNaming) {
        const auto body = nlohmann::json::parse(o.body, nullptr, false);
        if (body.is_discarded()) return "";  // not JSON: the content_type check's finding, not this one
        const auto bad = misnamed_fields(body, p.naming);
        if (!bad.empty()) {
            std::string names;
            for (const auto& n : bad) names += (names.empty() ? "" : ", ") + n;
            return "body field names not " + (p.naming.is_object() ? p.naming.value("body_fields", std::string("snake_case")) : std::string("snake_case")) + ": " + names;
        }
    }
    return "";
}

}  // namespace

std::optional<CheckFinding> judge(const Probe& probe, const Observation& observed, const JudgeOptions& options) {
    auto [expected, met] = expectation(probe, observed, options);
    CheckFinding f{probe.rule_id, probe.check_type, probe.operation.empty() ? probe.method + " " + probe.raw_path : probe.operation,
                   probe.what, ""};
    if (!met) {
        f.message = "Received: " + received(observed) + " / Expected: " + expected + " / Probe: " + probe.value.describe();
        if (observed.status >= 500 && !options.server_error_rule.empty()) {
            f.rule_id = options.server_error_rule;
            f.message += " / never 5XX (" + probe.rule_id + " not judged)";
        }
        return f;
    }
    if (auto problem = body_problem(probe, observed); !problem.empty()) {
        f.message = "Received: " + received(observed) + " / " + problem;
        return f;
    }
    return std::nullopt;
}

std::vector<std::string> misnamed_fields(const nlohmann::json& body, const nlohmann::json& naming) {
    std::set<std::string> allowed;
    for (const char* key : {"body_field_exceptions", "observed_in_document"})
        if (auto it = naming.find(key); it != naming.end() && it->is_array())
            for (const auto& name : *it)
                if (name.is_string()) allowed.insert(name.get<std::string>());
    std::set<std::string> bad;
    collect_misnamed(body, allowed, bad, 0);
    return {bad.begin(), bad.end()};
}

}  // namespace dockside::checks
