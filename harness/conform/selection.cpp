#include "harness/conform/selection.h"

#include <algorithm>

#include <gtest/gtest.h>

#include "harness/conform/run_apart.h"

namespace dockside::conform {
namespace {

bool matches_pattern(const char* pattern, const char* name) {
    // '*' any run of characters, '?' one character; the pattern ends at ':' or at its end.
    for (;; ++pattern, ++name) {
        switch (*pattern) {
            case '\0':
            case ':': return *name == '\0';
            case '?':
                if (*name == '\0') return false;
                break;
            case '*':
                for (const char* rest = name;; ++rest) {
                    if (matches_pattern(pattern + 1, rest)) return true;
                    if (*rest == '\0') return false;
                }
            default:
                if (*pattern != *name) return false;
        }
    }
}

bool matches_any(const std::string& patterns, const std::string& name) {
    for (std::size_t start = 0;;) {
        if (matches_pattern(patterns.c_str() + start, name.c_str())) return true;
        const auto colon = patterns.find(':', start);
        if (colon == std::string::npos) return false;
        start = colon + 1;
    }
}

std::string suite_of(const std::string& test) { return test.substr(0, test.find('.')); }

}  // namespace

bool matches_gtest_filter(const std::string& name, const std::string& filter) {
    const auto dash = filter.find('-');
    const std::string positive = dash == 0 || filter.empty() ? std::string(1, '*') : filter.substr(0, dash);
    const std::string negative = dash == std::string::npos ? std::string() : filter.substr(dash + 1);
    return matches_any(positive, name) && (negative.empty() || !matches_any(negative, name));
}

std::vector<std::string> selected_tests(const std::string& filter) {
    std::vector<std::string> out;
    const auto& unit = *::testing::UnitTest::GetInstance();
    for (int s = 0; s < unit.total_test_suite_count(); ++s) {
        const auto& suite = *unit.GetTestSuite(s);
        for (int t = 0; t < suite.total_test_count(); ++t) {
            const auto& info = *suite.GetTestInfo(t);
            const std::string name = std::string(suite.name()) + "." + info.name();
            const bool disabled = std::string(suite.name()).rfind("DISABLED_", 0) == 0 ||
                                  std::string(info.name()).rfind("DISABLED_", 0) == 0;
            if (!disabled && matches_gtest_filter(name, filter)) out.push_back(name);
        }
    }
    return out;
}

std::vector<TestBatch> batches_of(const std::vector<std::string>& tests, int workers) {
    std::vector<TestBatch> batches;
    for (const auto& test : tests) {
        if (workers > 1 || batches.empty() || suite_of(batches.back().tests.front()) != suite_of(test))
            batches.emplace_back();
        batches.back().tests.push_back(test);
    }
    // Side by side, the tests known to run long start first: started last, they would be the run's tail.
    if (workers > 1)
        std::stable_partition(batches.begin(), batches.end(),
                              [](const TestBatch& b) { return run_apart_of(b.tests.front()).long_running; });
    return batches;
}

}  // namespace dockside::conform
