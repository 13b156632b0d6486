#include "suites/support/run_apart.h"

#include <algorithm>

namespace dockside::suites {
namespace {

std::map<std::string, RunApart>& declarations() {
    static std::map<std::string, RunApart> all;
    return all;
}

void add_reason(RunApart& entry, const char* why) {
    if (!entry.why.empty()) entry.why += "; ";
    entry.why += why;
}

}  // namespace

const std::map<std::string, RunApart>& run_apart_declarations() { return declarations(); }

bool declare_runs_alone(const char* suite, const char* why) {
    auto& entry = declarations()[suite];
    entry.alone = true;
    add_reason(entry, why);
    return true;
}

bool declare_shares(const char* suite, const char* collection, const char* why) {
    auto& entry = declarations()[suite];
    entry.shares.insert(collection);
    add_reason(entry, why);
    return true;
}

bool may_overlap(const std::string& suite_a, const std::string& suite_b) {
    const auto& all = declarations();
    const auto a = all.find(suite_a), b = all.find(suite_b);
    if ((a != all.end() && a->second.alone) || (b != all.end() && b->second.alone)) return false;
    if (a == all.end() || b == all.end()) return true;
    return std::none_of(a->second.shares.begin(), a->second.shares.end(),
                        [&](const std::string& c) { return b->second.shares.count(c) > 0; });
}

}  // namespace dockside::suites
