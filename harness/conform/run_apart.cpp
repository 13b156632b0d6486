#include "harness/conform/run_apart.h"

#include <algorithm>

namespace dockside::conform {
namespace {

std::map<std::string, RunApart>& declarations() {
    static std::map<std::string, RunApart> all;
    return all;
}

RunApart& entry(const char* who, const char* why) {
    auto& e = declarations()[who];
    e.why += (e.why.empty() ? "" : "; ") + std::string(why);
    return e;
}

bool meets(const std::set<std::string>& a, const std::set<std::string>& b) {
    return std::any_of(a.begin(), a.end(), [&](const std::string& c) { return b.count(c) > 0; });
}

}  // namespace

RunApart run_apart_of(const std::string& test) {
    RunApart out;
    for (const std::string& key : {test.substr(0, test.find('.')), test}) {
        const auto it = declarations().find(key);
        if (it == declarations().end()) continue;
        out.alone = out.alone || it->second.alone;
        out.long_running = out.long_running || it->second.long_running;
        out.walks.insert(it->second.walks.begin(), it->second.walks.end());
        out.writes.insert(it->second.writes.begin(), it->second.writes.end());
    }
    return out;
}

bool may_overlap(const std::string& test_a, const std::string& test_b) {
    const RunApart a = run_apart_of(test_a), b = run_apart_of(test_b);
    if (a.alone || b.alone) return false;
    return !meets(a.walks, b.writes) && !meets(b.walks, a.writes);
}

bool declare_runs_alone(const char* who, const char* why) { return entry(who, why).alone = true; }
bool declare_runs_long(const char* who, const char* why) { return entry(who, why).long_running = true; }
bool declare_walks(const char* who, const char* collection, const char* why) {
    entry(who, why).walks.insert(collection);
    return true;
}
bool declare_writes(const char* who, const char* collection, const char* why) {
    entry(who, why).writes.insert(collection);
    return true;
}

}  // namespace dockside::conform
