// Load mixes read from specs/mixes/, a YAML file or the command line, and resolved against the contract's
// operation table: every problem named, a weight blamed as a weight, a path the contract does not know
// let through with a warning.

#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "harness/load/mix.h"
#include "harness/tests/support/contract.h"

namespace dockside::load {
namespace {

using dockside::testing::contract;
using dockside::testing::mixes_dir;

// `--mix 'getOrder:five'` said 'unknown operation "getOrder:five"': the weight is what is wrong.
TEST(Mix, AWeightThatIsNoNumberIsBlamedAsTheWeight) {
    auto mix = parse_inline_mix("getOrder:five");
    ASSERT_FALSE(mix);
    ASSERT_EQ(mix.error().size(), 1u);
    EXPECT_NE(mix.error()[0].find("the weight \"five\" of getOrder must be a number >= 0"), std::string::npos)
        << mix.error()[0];
    EXPECT_EQ(mix.error()[0].find("unknown operation"), std::string::npos);
    // In "METHOD /path" a colon may belong to the path.
    auto path = parse_inline_mix("POST /2025-07/order:estimate");
    ASSERT_TRUE(path);
    EXPECT_EQ(path->entries[0].text, "POST /2025-07/order:estimate");
}

TEST(Mix, InlineFormsResolveToTheContract) {
    std::vector<std::string> warnings;
    auto mix = parse_inline_mix("getOrder:5, createOrder:1,GET /2025-07/location,POST /2025-07/order:estimate:2,GET /nope");
    ASSERT_TRUE(mix);
    auto entries = resolve_mix(*mix, contract(), warnings);
    ASSERT_TRUE(entries);
    ASSERT_EQ(entries->size(), 5u);
    EXPECT_EQ((*entries)[0].name, "getOrder");
    EXPECT_DOUBLE_EQ((*entries)[0].weight, 5);
    EXPECT_EQ((*entries)[2].operation->id, "listLocations");
    EXPECT_EQ((*entries)[3].operation->id, "estimateOrder");
    EXPECT_DOUBLE_EQ((*entries)[3].weight, 2);
    EXPECT_EQ((*entries)[4].operation, nullptr);
    ASSERT_EQ(warnings.size(), 1u);
    EXPECT_NE(warnings[0].find("GET /nope"), std::string::npos);
    EXPECT_FALSE(parse_inline_mix("getOrder:-1"));
    EXPECT_FALSE(parse_inline_mix(" , "));
}

TEST(Mix, MerchantDayIsAFileOfWeightedOperations) {
    auto mix = read_mix("merchant-day", mixes_dir());
    ASSERT_TRUE(mix);
    std::vector<std::string> warnings;
    auto entries = resolve_mix(*mix, contract(), warnings);
    ASSERT_TRUE(entries);
    EXPECT_TRUE(warnings.empty());
    double reads = 0, total = 0;
    for (const auto& e : *entries) {
        total += e.weight;
        if (e.method == "GET") reads += e.weight;
    }
    EXPECT_GT(reads / total, 0.7);  // mostly reads
    EXPECT_FALSE(read_mix(mixes_dir() + "/does-not-exist.yaml", mixes_dir()));
}

// A mistyped file name said 'unknown operation "day.yaml"'; it now says the file cannot be read.
TEST(Mix, AFileThatCannotBeReadIsNamedAsAFile) {
    for (const std::string arg : {"no-such-mix.yaml", "no-such-mix.yml", "dir/no-such-mix.json"}) {
        auto mix = read_mix(arg, mixes_dir());
        ASSERT_FALSE(mix) << arg;
        const std::string message = mix.error().front();
        EXPECT_EQ(message.find("unknown operation"), std::string::npos) << message;
        EXPECT_NE(message.find(arg), std::string::npos) << message;
    }
    // An existing file without a mix's extension, which is no mix: read as a file, and its problem named.
    auto not_a_mix = read_mix(mixes_dir() + "/../CMakeLists.txt", mixes_dir());
    ASSERT_FALSE(not_a_mix);
    EXPECT_EQ(not_a_mix.error().front().find("unknown operation"), std::string::npos) << not_a_mix.error().front();
    EXPECT_NE(not_a_mix.error().front().find("CMakeLists.txt"), std::string::npos) << not_a_mix.error().front();
}

// The examples of the message are operations of the contract in use, so they can be pasted as shown.
TEST(Mix, AnUnknownNameShowsTheInlineFormsWithOperationsOfTheContract) {
    const auto message = unknown_mix_name("nosuchmix", mixes_dir(), contract());
    EXPECT_NE(message.find("(the named mixes: merchant-day)"), std::string::npos) << message;
    const auto& first = contract().operations().at(0);
    EXPECT_NE(message.find("a mix can also be a YAML file, '" + first.id + ":5,"), std::string::npos) << message;
    const auto forms = message.substr(message.find("YAML file, ") + 11);
    const auto request = forms.substr(forms.find(" or '") + 5);
    std::vector<std::string> warnings;
    auto resolved = resolve_mix(parse_inline_mix(request.substr(0, request.size() - 1)).value(), contract(), warnings);
    ASSERT_TRUE(resolved) << message;
    EXPECT_TRUE(warnings.empty()) << message << ": " << warnings.front();  // a path of the contract
}

}  // namespace
}  // namespace dockside::load
