#include "harness/conform/areas.h"

#include <algorithm>
#include <cctype>
#include <sstream>

#include "core/text.h"


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

std::string area_of_test(std::string_view test_name) {
    // The suite is the part before the first '.'. Value-parameterised suites carry an instantiation
    // prefix ("P/Returns"), typed ones an index ("Returns/0"): take the last segment that is not a number.
    std::string_view suite = test_name.substr(0, test_name.find('.'));
    std::string_view chosen = suite;
    std::size_t start = 0;
    while (start <= suite.size()) {
        const auto end = std::min(suite.find('/', start), suite.size());
        const std::string_view segment = suite.substr(start, end - start);
        const bool numeric = !segment.empty() && std::all_of(segment.begin(), segment.end(), [](char c) {
            return std::isdigit(static_cast<unsigned char>(c));
        });
        if (!segment.empty() && !numeric) chosen = segment;
        start = end + 1;
    }
    // RC_GTEST_FIXTURE_PROP names its suite "<Fixture>_RapidCheck".
    constexpr std::string_view kRcSuffix = "_RapidCheck";
    if (chosen.size() > kRcSuffix.size() && chosen.substr(chosen.size() - kRcSuffix.size()) == kRcSuffix)
        chosen.remove_suffix(kRcSuffix.size());
    return ascii_lower(chosen);
}

std::string rule_of_test(std::string_view test_name) {
    const auto dot = test_name.find('.');
    if (dot == std::string_view::npos) return {};
    std::string_view name = test_name.substr(dot + 1);
    if (const auto slash = name.find('/'); slash != std::string_view::npos) name = name.substr(0, slash);
    std::string rule;
    std::size_t start = 0;
    while (start < name.size()) {
        const auto end = std::min(name.find('_', start), name.size());
        const std::string_view word = name.substr(start, end - start);
        const bool upper = !word.empty() && std::all_of(word.begin(), word.end(), [](char c) {
            return std::isupper(static_cast<unsigned char>(c)) || std::isdigit(static_cast<unsigned char>(c));
        });
        if (!upper || end == name.size()) break;  // the last word is the description, never part of the id
        rule += (rule.empty() ? "" : "-") + std::string(word);
        start = end + 1;
    }
    return rule;
}

}  // namespace dockside::conform
