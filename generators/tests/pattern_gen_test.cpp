// Pattern generation: every pattern of the contract yields matching strings; what the subset cannot
// handle is refused with a message, not generated wrongly.
#include <regex>

#include <gtest/gtest.h>

#include "generators/pattern_gen.h"
#include "generators/tests/test_support.h"

namespace dockside::generators {
namespace {

using nlohmann::json;
using testing::sample;

void collect_patterns(const json& node, std::set<std::string>& out) {
    if (node.is_object()) {
        for (const auto& [key, value] : node.items()) {
            if (key == "pattern" && value.is_string()) out.insert(value.get<std::string>());
            else collect_patterns(value, out);
        }
    } else if (node.is_array()) {
        for (const auto& item : node) collect_patterns(item, out);
    }
}

TEST(PatternGen, EveryPatternOfTheContractMatches) {
    std::set<std::string> patterns;
    collect_patterns(testing::real_spec().document(), patterns);
    ASSERT_GE(patterns.size(), 5u);
    for (const auto& pattern : patterns) {
        auto gen = gen_matching(pattern);
        ASSERT_TRUE(gen) << gen.error();
        std::regex re(pattern, std::regex::ECMAScript);
        for (std::uint64_t seed = 1; seed <= 30; ++seed) {
            auto text = sample(gen->gen, seed);
            EXPECT_TRUE(std::regex_search(text, re)) << pattern << " vs \"" << text << "\"";
        }
    }
}

TEST(PatternGen, QuantifiersClassesAndGroups) {
    for (std::string pattern : {"^[A-F0-9]{4}-[a-z]+$", "^(ab|cd)?x*\\d{2,3}$", "^\\.[0-9]{1,}$", "^(?:one|two)$"}) {
        auto gen = gen_matching(pattern);
        ASSERT_TRUE(gen) << gen.error();
        EXPECT_FALSE(gen->open_end);
        std::regex re(pattern);
        for (std::uint64_t seed = 1; seed <= 40; ++seed) {
            auto text = sample(gen->gen, seed);
            EXPECT_TRUE(std::regex_match(text, re)) << pattern << " vs \"" << text << "\"";
        }
    }
}

TEST(PatternGen, OpenEndIsReported) {
    auto gen = gen_matching("^https://");
    ASSERT_TRUE(gen);
    EXPECT_TRUE(gen->open_end);
    EXPECT_EQ(sample(gen->gen, 3), "https://");
}

TEST(PatternGen, UnsupportedSyntaxIsAnError) {
    for (std::string pattern : {"^(?=a)b$", "[^a]", "a*?", "\\1", "(ab", "[z-a]"}) {
        auto gen = gen_matching(pattern);
        ASSERT_FALSE(gen) << pattern;
        EXPECT_NE(gen.error().find(pattern), std::string::npos) << gen.error();
    }
}

}  // namespace
}  // namespace dockside::generators
