// No lost writes under concurrency: many connections create, cancel and list orders
// at once; afterwards every acknowledged write must be visible and every state one the state machines
// of specs/rules.yaml allow.

#include <gtest/gtest.h>

#include <iostream>
#include <map>
#include <mutex>
#include <set>
#include <vector>

#include <nlohmann/json.hpp>

#include "specs/loader/spec.h"
#include "tools/hostile/hostile_support.h"

namespace dockside::hostile {
namespace {

using json = nlohmann::json;

constexpr int kConnections = 8;
constexpr int kOrdersPerConnection = 30;

std::set<std::string> states_of(const json& rules, const char* machine) {
    std::set<std::string> out;
    for (const auto& s : rules["state_machines"][machine]["states"]) out.insert(s.get<std::string>());
    return out;
}

struct Acks {
    std::mutex mutex;
    std::map<std::int64_t, std::string> created;  ///< order id -> reference_id, for every 2xx create
    std::set<std::int64_t> cancelled;             ///< orders whose cancel answered status Success
    std::vector<std::string> problems;            ///< anything seen mid-run that breaks a rule
    int lists = 0;
};

void check_states(const json& order, const std::set<std::string>& order_states, const std::set<std::string>& shipment_states,
                  std::vector<std::string>& problems) {
    const std::string status = order.value("status", "");
    if (!order_states.count(status)) problems.push_back("order " + order.value("id", json()).dump() + " in state " + status);
    for (const auto& s : order.value("shipments", json::array())) {
        const std::string shipment_status = s.value("status", "");
        if (!shipment_states.count(shipment_status))
            problems.push_back("shipment " + s.value("id", json()).dump() + " in state " + shipment_status);
    }
}

void client(const Live& live, int connection, Acks& acks, const std::set<std::string>& order_states,
            const std::set<std::string>& shipment_states) {
    http::HttpClient http(live.url());  // one keep-alive connection per client
    for (int i = 0; i < kOrdersPerConnection; ++i) {
        const std::string reference = "CW-" + std::to_string(connection) + "-" + std::to_string(i);
        auto created = http.send(live.request("POST", "/2025-07/order", order_body(reference)));
        if (!created || created->status / 100 != 2) continue;  // not acknowledged: nothing to find later
        const auto id = json::parse(created->body).value("id", std::int64_t{0});
        {
            std::lock_guard lock(acks.mutex);
            acks.created[id] = reference;
        }
        if (i % 3 == 0) {
            auto cancel = http.send(live.request("POST", "/2025-07/order/" + std::to_string(id) + ":cancel"));
            if (cancel && cancel->status == 200 && json::parse(cancel->body).value("status", "") == "Success") {
                std::lock_guard lock(acks.mutex);
                acks.cancelled.insert(id);
            }
        }
        if (i % 5 == 4) {
            auto list = http.send(live.request("GET", "/2025-07/order?Limit=250&SortOrder=Descending"));
            std::lock_guard lock(acks.mutex);
            ++acks.lists;
            if (!list || list->status != 200) {
                acks.problems.push_back("list failed: " + (list ? std::to_string(list->status) : http::to_string(list.error())));
                continue;
            }
            const auto page = json::parse(list->body, nullptr, false);
            for (const auto& order : page.is_array() ? page : json::array()) check_states(order, order_states, shipment_states, acks.problems);
        }
    }
}

TEST(ConcurrentWrites, EveryAcknowledgedWriteIsVisibleAndEveryStateIsAllowed) {
    auto spec = spec::Spec::load(std::string(DOCKSIDE_SPECS_DIR) + "/fulfillment-2025-07.openapi.yaml",
                                 std::string(DOCKSIDE_SPECS_DIR) + "/rules.yaml");
    ASSERT_TRUE(spec) << spec.error().to_string();
    const auto order_states = states_of(spec->rules_document(), "order");
    const auto shipment_states = states_of(spec->rules_document(), "shipment");
    ASSERT_FALSE(order_states.empty());

    Live live;
    Acks acks;
    std::vector<std::thread> clients;
    for (int c = 0; c < kConnections; ++c)
        clients.emplace_back([&, c] { client(live, c, acks, order_states, shipment_states); });
    for (auto& t : clients) t.join();

    // Every acknowledged create is there, under its own id and reference; every acknowledged cancel held.
    int missing = 0, wrong_state = 0;
    for (const auto& [id, reference] : acks.created) {
        auto got = live.send("GET", "/2025-07/order/" + std::to_string(id));
        const auto order = got && got->status == 200 ? json::parse(got->body, nullptr, false) : json();
        if (!order.is_object() || order.value("reference_id", "") != reference) {
            ++missing;
            continue;
        }
        check_states(order, order_states, shipment_states, acks.problems);
        if (acks.cancelled.count(id) && order.value("status", "") != "Cancelled") ++wrong_state;
    }
    // And every one of them is listed exactly once.
    std::map<std::int64_t, int> listed;
    for (int page = 1; page < 100; ++page) {
        auto list = live.send("GET", "/2025-07/order?Limit=250&Page=" + std::to_string(page));
        ASSERT_TRUE(list && list->status == 200);
        const auto items = json::parse(list->body);
        if (!items.is_array() || items.empty()) break;
        for (const auto& order : items) ++listed[order.value("id", std::int64_t{0})];
    }
    int not_listed = 0, listed_twice = 0;
    for (const auto& [id, reference] : acks.created) {
        if (!listed.count(id)) ++not_listed;
        else if (listed[id] > 1) ++listed_twice;
    }
    const int expected = kConnections * kOrdersPerConnection;
    std::cout << acks.created.size() << " creates acknowledged of " << expected << ", " << acks.cancelled.size()
              << " cancels, " << acks.lists << " lists; missing " << missing << ", wrong state " << wrong_state
              << ", not listed " << not_listed << ", listed twice " << listed_twice << "\n";
    EXPECT_EQ(static_cast<int>(acks.created.size()), expected);
    EXPECT_EQ(missing, 0);
    EXPECT_EQ(wrong_state, 0);
    EXPECT_EQ(not_listed, 0);
    EXPECT_EQ(listed_twice, 0);
    EXPECT_TRUE(acks.problems.empty()) << acks.problems.front();
    record(std::to_string(expected) + " creates, " + std::to_string(expected / 3) + " cancels and " +
               std::to_string(acks.lists) + " lists of orders",
           std::to_string(kConnections) + " keep-alive connections at once",
           std::to_string(acks.created.size()) + " creates acknowledged, " + std::to_string(missing) + " lost, " +
               std::to_string(not_listed) + " unlisted; " + std::to_string(acks.cancelled.size()) +
               " cancels acknowledged, " + std::to_string(wrong_state) + " not Cancelled; " +
               std::to_string(acks.problems.size()) + " states outside specs/rules.yaml");
}

TEST(ConcurrentWrites, OneReferenceIdRacedFromManyConnectionsIsCreatedOnce) {
    Live live;
    std::atomic<int> created{0}, conflicts{0}, other{0};
    std::vector<std::thread> clients;
    for (int c = 0; c < kConnections; ++c)
        clients.emplace_back([&] {
            auto r = live.send("POST", "/2025-07/order", order_body("CW-RACE"));
            if (r && r->status / 100 == 2) ++created;
            else if (r && r->status == 409) ++conflicts;
            else ++other;
        });
    for (auto& t : clients) t.join();
    EXPECT_EQ(created.load(), 1);
    EXPECT_EQ(conflicts.load(), kConnections - 1);
    record("one reference_id created from " + std::to_string(kConnections) + " connections at once", "POST /2025-07/order",
           std::to_string(created.load()) + " created, " + std::to_string(conflicts.load()) + " answered 409, " +
               std::to_string(other.load()) + " other");
}

}  // namespace
}  // namespace dockside::hostile
