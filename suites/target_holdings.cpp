#include "suites/target_holdings.h"

#include <memory>
#include <stdexcept>

#include "harness/conform/session_tests.h"
#include "suites/suite.h"
#include "suites/undocumented_page_sizes.h"

namespace dockside::suites {
namespace {

using nlohmann::json;

generators::TargetHoldings* g_holdings = nullptr;

/// The answer without the items that carry this run's tag.
json without_this_runs(json answer) {
    auto keep = [](json& list) {
        if (!list.is_array()) return;
        json kept = json::array();
        for (auto& item : list)
            if (item.dump().find(conform::run_tag()) == std::string::npos) kept.push_back(std::move(item));
        list = std::move(kept);
    };
    if (answer.is_array()) keep(answer);
    else if (answer.is_object() && answer.contains("items")) keep(answer["items"]);
    return answer;
}

std::optional<json> read_whole_list(const std::string& operation) {
    http::QueryParams query;
    // The catalogue's lists page by a size the document does not bound: ask for one page holding all.
    if (operation == "listInventory" || operation == "listProducts")
        query = {{"PageSize", std::to_string(undocumented_page_sizes::kCatalogue)}};
    const Exchange ex = send({.operation = operation, .query = query});
    if (!ex.response || ex.status() != 200) return std::nullopt;
    return without_this_runs(ex.json());
}

/// Made before the workers are forked, read by each after: every worker starts with nothing read.
struct HoldingsScope {
    explicit HoldingsScope(const spec::Spec& spec) : holdings(spec, read_whole_list) { g_holdings = &holdings; }
    ~HoldingsScope() { g_holdings = nullptr; }
    generators::TargetHoldings holdings;
};

const bool kHoldingsScoped = conform::add_session_scope([](const conform::Session& session) -> std::shared_ptr<void> {
    return std::make_shared<HoldingsScope>(session.spec());
});

}  // namespace

generators::TargetHoldings& target_holdings() {
    if (!g_holdings) throw std::logic_error("the target's holdings are read only while a conform run's suites run");
    return *g_holdings;
}

}  // namespace dockside::suites
