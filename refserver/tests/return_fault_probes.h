#pragma once
// Probes for the returns faults (used by faults_test.cpp). Each returns true when the violation is observable on `h`.

#include <algorithm>
#include <string>
#include <vector>

#include "refserver/tests/test_support.h"

namespace dockside::refserver::testing::return_probes {

inline http::Response post_return(Harness& h, nlohmann::json inventory) {
    return h.post("/2025-07/return", {{"inventory", std::move(inventory)}});
}

inline std::vector<int> return_ids(Harness& h, const std::string& target) {
    std::vector<int> out;
    const auto page = body_of(h.get(target));  // a named page: iterating a temporary's member would dangle
    for (const auto& r : page["items"]) out.push_back(r["id"].get<int>());
    return out;
}

inline bool duplicates(Harness& h) { return post_return(h, {{{"id", 4001}}, {{"id", 4001}}}).status == 200; }

inline bool digital(Harness& h) { return post_return(h, {{{"id", 4004}}}).status == 200; }

inline bool bundle(Harness& h) { return post_return(h, {{{"id", 4005}}}).status == 200; }

inline bool cancel_in_processing(Harness& h) { return h.send("POST", "/2025-07/return/8003:cancel").status == 200; }

inline bool cancel_status_unchanged(Harness& h) {
    return h.send("POST", "/2025-07/return/8001:cancel").status == 200 &&
           body_of(h.get("/2025-07/return?Ids=8001"))["items"][0]["status"] == "AwaitingArrival";
}

inline bool cursor_overlap(Harness& h) {
    auto first = body_of(h.get("/2025-07/return?Limit=2"));
    auto next = first["next"].get<std::string>().substr(std::string("http://refserver.test").size());
    auto p1 = return_ids(h, "/2025-07/return?Limit=2"), p2 = return_ids(h, next);
    return !p2.empty() && p1.back() == p2.front();
}

inline bool status_ignored(Harness& h) { return return_ids(h, "/2025-07/return?Status=Completed").size() > 1; }

inline bool return_created_201(Harness& h) { return post_return(h, {{{"id", 4001}}}).status == 201; }

inline bool return_status_pending(Harness& h) { return body_of(post_return(h, {{{"id", 4001}}}))["status"] == "Pending"; }

inline bool cancel_arrived(Harness& h) { return h.send("POST", "/2025-07/return/8002:cancel").status == 200; }

inline bool second_action(Harness& h) {
    return post_return(h, {{{"id", 4001}, {"requested_action", 1}}, {{"id", 4001}}}).status == 200;
}

inline bool return_without_channel(Harness& h) {
    http::Request r{"POST", "/2025-07/return",
                    {{"Authorization", "Bearer " + h.server->pat()}, {"Content-Type", "application/json"}},
                    nlohmann::json{{"inventory", {{{"id", 4001}}}}}.dump()};
    return h.raw(r).status == 200;
}

inline bool tracking_required(Harness& h) { return post_return(h, {{{"id", 4001}}}).status == 400; }

}  // namespace dockside::refserver::testing::return_probes
