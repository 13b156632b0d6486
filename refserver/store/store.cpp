#include "refserver/store/store.h"

#include <algorithm>

namespace dockside::refserver {

bool Channel::can_write() const {
    return std::any_of(scopes.begin(), scopes.end(), [](const std::string& s) {
        return s.size() > 6 && s.compare(s.size() - 6, 6, "_write") == 0;
    });
}

namespace {
const nlohmann::json* find_in(const nlohmann::json& array, const char* key, std::int64_t id) {
    for (const auto& item : array) {
        auto it = item.find(key);
        if (it != item.end() && it->is_number_integer() && it->get<std::int64_t>() == id) return &item;
    }
    return nullptr;
}
}  // namespace

const nlohmann::json* Catalog::variant_by_id(std::int64_t id) const {
    for (const auto& p : products) {
        auto vs = p.find("variants");
        if (vs == p.end() || !vs->is_array()) continue;
        if (auto* v = find_in(*vs, "id", id)) return v;
    }
    return nullptr;
}

const nlohmann::json* Catalog::variant_by_reference(const std::string& reference) const {
    for (const auto& p : products) {
        auto vs = p.find("variants");
        if (vs == p.end() || !vs->is_array()) continue;
        for (const auto& v : *vs) {
            auto sku = v.find("sku");
            if (sku != v.end() && sku->is_string() && *sku == reference) return &v;
        }
    }
    return nullptr;
}

const nlohmann::json* Catalog::inventory_item(std::int64_t inventory_id) const {
    return find_in(inventory, "inventory_id", inventory_id);
}

const nlohmann::json* Catalog::fulfillment_center(std::int64_t id) const {
    return find_in(fulfillment_centers, "id", id);
}

const Channel* Store::channel(std::int32_t id) const {
    for (const auto& c : channels)
        if (c.id == id) return &c;
    return nullptr;
}

const Channel* Store::default_write_channel() const {
    for (const auto& c : channels)
        if (c.role == "write") return &c;
    return nullptr;
}

}  // namespace dockside::refserver
