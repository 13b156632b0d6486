#include "harness/http/json_query.h"

namespace dockside::http {

namespace {

std::string query_text(const nlohmann::json& value) {
    if (value.is_string()) return value.get<std::string>();
    if (value.is_null()) return "";
    if (value.is_array()) {
        std::string out;
        for (const auto& item : value) out += (out.empty() ? "" : ",") + query_text(item);
        return out;
    }
    return value.dump();
}

}  // namespace

QueryParams to_query_params(const nlohmann::json& query) {
    QueryParams out;
    if (!query.is_object()) return out;
    for (const auto& [name, value] : query.items()) out.emplace_back(name, query_text(value));
    return out;
}

}  // namespace dockside::http
