#include "refserver/seed/seed.h"

#include <algorithm>
#include <set>

namespace dockside::refserver {
namespace {

void load_channels(const nlohmann::json& seed, Store& store, std::vector<std::string>& problems) {
    auto it = seed.find("channels");
    if (it == seed.end() || !it->is_array() || it->empty()) {
        problems.push_back("channels must be a non-empty array");
        return;
    }
    std::set<std::int32_t> ids;
    for (std::size_t i = 0; i < it->size(); ++i) {
        const auto& c = (*it)[i];
        const std::string where = "channels[" + std::to_string(i) + "]";
        if (!c.is_object() || !c.contains("id") || !c["id"].is_number_integer() || !c.contains("name") ||
            !c["name"].is_string() || !c.contains("scopes") || !c["scopes"].is_array()) {
            problems.push_back(where + " needs integer id, string name and scopes array");
            continue;
        }
        Channel ch;
        ch.id = c["id"].get<std::int32_t>();
        ch.name = c["name"].get<std::string>();
        ch.application_name = c.value("application_name", "");
        ch.role = c.value("role", "write");
        if (ch.role != "write" && ch.role != "read_only" && ch.role != "foreign")
            problems.push_back(where + ".role must be write, read_only or foreign");
        for (const auto& s : c["scopes"]) {
            const auto& known = store.auth.scopes;
            if (!s.is_string() || !std::binary_search(known.begin(), known.end(), s.get<std::string>()))
                problems.push_back(where + ".scopes has an unknown scope " + s.dump());
            else
                ch.scopes.push_back(s.get<std::string>());
        }
        if (!ids.insert(ch.id).second) problems.push_back(where + ".id duplicates another channel");
        store.channels.push_back(std::move(ch));
    }
    if (!store.default_write_channel()) problems.push_back("channels needs one channel with role write");
    bool read_only = false;
    for (const auto& c : store.channels) read_only = read_only || c.role == "read_only";
    if (!read_only) problems.push_back("channels needs one channel with role read_only");
}

void load_client(const nlohmann::json& seed, Store& store, std::vector<std::string>& problems) {
    auto it = seed.find("oauth_client");
    if (it == seed.end()) return;
    const auto& c = *it;
    if (!c.is_object() || !c.value("client_id", nlohmann::json()).is_string() ||
        !c.value("client_secret", nlohmann::json()).is_string() || !c.value("redirect_uris", nlohmann::json()).is_array() ||
        !c.value("scopes", nlohmann::json()).is_array()) {
        problems.push_back("oauth_client needs string client_id, client_secret and arrays redirect_uris, scopes");
        return;
    }
    OAuthClient client;
    client.client_id = c["client_id"];
    client.client_secret = c["client_secret"];
    client.name = c.value("name", "");
    for (const auto& u : c["redirect_uris"])
        if (u.is_string()) client.redirect_uris.push_back(u);
    for (const auto& s : c["scopes"])
        if (s.is_string()) client.scopes.insert(s.get<std::string>());
    store.auth.client = std::move(client);
}

void load_array(const nlohmann::json& seed, const char* key, nlohmann::json& target, const char* id_key,
                std::vector<std::string>& problems) {
    auto it = seed.find(key);
    if (it == seed.end()) return;
    if (!it->is_array()) {
        problems.push_back(std::string(key) + " must be an array");
        return;
    }
    for (std::size_t i = 0; i < it->size(); ++i)
        if (!(*it)[i].is_object() || !(*it)[i].contains(id_key) || !(*it)[i][id_key].is_number_integer())
            problems.push_back(std::string(key) + "[" + std::to_string(i) + "] needs an integer " + id_key);
    target = *it;
}

}  // namespace

Result<nlohmann::json, std::string> parse_seed(const std::string& text) {
    auto parsed = nlohmann::json::parse(text, nullptr, false);
    if (parsed.is_discarded()) return fail(std::string("seed is not well-formed JSON"));
    if (!parsed.is_object()) return fail(std::string("seed must be a JSON object"));
    return parsed;
}

std::vector<std::string> load_core_seed(const nlohmann::json& seed, Store& store) {
    std::vector<std::string> problems;
    store.seed = seed;
    load_channels(seed, store, problems);
    load_client(seed, store, problems);
    load_array(seed, "fulfillment_centers", store.catalog.fulfillment_centers, "id", problems);
    load_array(seed, "locations", store.catalog.locations, "id", problems);
    load_array(seed, "shipping_methods", store.catalog.shipping_methods, "id", problems);
    load_array(seed, "products", store.catalog.products, "id", problems);
    load_array(seed, "inventory", store.catalog.inventory, "inventory_id", problems);
    return problems;
}

}  // namespace dockside::refserver
