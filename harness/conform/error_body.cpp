#include "harness/conform/error_body.h"

#include <algorithm>

#include <nlohmann/json.hpp>

#include "harness/conform/learnt_answers.h"
#include "harness/conform/session.h"

namespace dockside::conform {

std::vector<std::string> body_members(std::string_view body) {
    auto members = filled_members(nlohmann::json::parse(body, nullptr, false));
    std::erase_if(members, [](const std::string& m) { return m.find("[]") != std::string::npos; });
    return members;
}

bool expect_error_body(const Exchange& ex, const std::string& rule) {
    const nlohmann::json stance = current_session().stance("NS-ERROR-BODY");
    const nlohmann::json listed = stance.is_object() ? stance.value("members", nlohmann::json::array()) : nlohmann::json::array();
    if (!listed.is_array() || listed.empty() || !ex.response) return true;
    // A learnt shape names the operations it was seen on; another operation's refusals are not judged by it.
    const nlohmann::json seen_on = stance.value("operations", nlohmann::json());
    if (seen_on.is_array() && std::find(seen_on.begin(), seen_on.end(), nlohmann::json(ex.operation_id)) == seen_on.end()) return true;
    const auto held = body_members(ex.response->body);
    std::string missing;
    for (const auto& member : listed)
        if (member.is_string() && !std::binary_search(held.begin(), held.end(), member.get<std::string>()))
            missing += (missing.empty() ? "" : ", ") + member.get<std::string>();
    if (missing.empty()) return true;
    const std::string stated = "NS-ERROR-BODY of the " + current_session().info().profile + " profile";
    record_failure(rule, ex, ex.operation_id + " refuses with an error body holding " + listed.dump() + " (" + stated + ")",
                   "Received: " + std::to_string(ex.status()) + " with a body lacking " + missing + " / Expected: " + listed.dump() +
                       " (" + stated + ")");
    return false;
}

}  // namespace dockside::conform
