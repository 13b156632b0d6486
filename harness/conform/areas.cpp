#include "harness/conform/areas.h"

#include <algorithm>
#include <cctype>
#include <sstream>

#include "harness/conform/finding.h"

namespace dockside::conform {

const std::vector<std::string>& known_areas() {
    static const std::vector<std::string> areas = {"channels", "orders",    "shipments", "products", "returns",
                                                   "receiving", "locations", "inventory", "billing",  "webhooks",
                                                   "auth",     "paging",    "versioning", "stateful",
                                                   "rulechecks"};
    return areas;
}

std::string suite_name(std::string_view area) {
    // The checks the rules data plans are one suite whose name has two words.
    if (area == "rulechecks") return "RuleChecks";
    std::string name(area);
    if (!name.empty()) name[0] = static_cast<char>(std::toupper(static_cast<unsigned char>(name[0])));
    return name;
}

Result<std::vector<std::string>, std::string> parse_areas(std::string_view only) {
    std::vector<std::string> areas;
    std::vector<std::string> unknown;
    std::size_t start = 0;
    while (start <= only.size()) {
        const auto end = std::min(only.find(',', start), only.size());
        std::string area;
        for (char c : only.substr(start, end - start))
            if (!std::isspace(static_cast<unsigned char>(c))) area += static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
        start = end + 1;
        if (area.empty()) continue;
        const auto& known = known_areas();
        if (std::find(known.begin(), known.end(), area) == known.end()) {
            unknown.push_back(area);
        } else if (std::find(areas.begin(), areas.end(), area) == areas.end()) {
            areas.push_back(area);
        }
    }
    if (!unknown.empty()) {
        std::string message = "unknown area";
        message += unknown.size() > 1 ? "s " : " ";
        for (std::size_t i = 0; i < unknown.size(); ++i) message += (i ? ", " : "") + unknown[i];
        message += "; valid areas: ";
        for (std::size_t i = 0; i < known_areas().size(); ++i) message += (i ? ", " : "") + known_areas()[i];
        return fail(message);
    }
    return areas;
}

std::string gtest_filter(const std::vector<std::string>& areas) {
    if (areas.empty()) return "*";
    std::string filter;
    for (const auto& area : areas) {
        const std::string suite = suite_name(area);
        for (const std::string& pattern :
             {suite + ".*", "*/" + suite + ".*", suite + "/*", suite + "_RapidCheck.*"})
            filter += (filter.empty() ? "" : ":") + pattern;
        if (area != "rulechecks") filter += ":" + suite_name("rulechecks") + ".*_" + area;
    }
    return filter;
}

std::string gtest_filter(const std::vector<std::string>& areas, const std::string& narrow) {
    const std::string by_area = gtest_filter(areas);
    if (narrow.empty()) return by_area;
    if (by_area == "*") return narrow;
    std::string filter;
    std::istringstream patterns(narrow);
    for (std::string pattern; std::getline(patterns, pattern, ':');)
        for (const auto& area : areas)
            if (area_of_test(pattern) == area || rule_check_area(pattern) == area)
                filter += (filter.empty() ? "" : ":") + pattern;
    return filter.empty() ? "-*" : filter;
}

std::string rule_check_area(std::string_view test_name) {
    const std::string prefix = suite_name("rulechecks") + ".";
    if (test_name.substr(0, prefix.size()) != prefix) return "";
    const auto cut = test_name.rfind('_');
    return cut == std::string_view::npos || cut < prefix.size() ? "" : std::string(test_name.substr(cut + 1));
}

}  // namespace dockside::conform
