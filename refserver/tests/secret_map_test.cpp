// Credentials are found by keyed digest and confirmed in constant time (refserver/auth/secret_map.h).

#include <gtest/gtest.h>

#include "refserver/auth/secret_map.h"

namespace dockside::refserver {
namespace {

TEST(SecretMap, FindsOnlyTheExactSecret) {
    SecretMap<int> map;
    map.insert("token-abcdef", 7);
    ASSERT_NE(map.find("token-abcdef"), nullptr);
    EXPECT_EQ(*map.find("token-abcdef"), 7);
    for (const char* guess : {"token-abcde", "token-abcdeg", "token-abcdef ", "", "TOKEN-ABCDEF"})
        EXPECT_EQ(map.find(guess), nullptr) << guess;
    EXPECT_EQ(map.size(), 1u);
}

TEST(SecretMap, InsertingTheSameSecretReplacesIt) {
    SecretMap<std::string> map;
    map.insert("s", "old");
    map.insert("s", "new");
    EXPECT_EQ(*map.find("s"), "new");
    EXPECT_EQ(map.size(), 1u);
}

TEST(SecretMap, DigestsAreKeyedPerMap) {
    // Two maps digest the same secret differently: digests cannot be precomputed by a guesser.
    const std::string a = random_key(), b = random_key();
    ASSERT_EQ(a.size(), 32u);
    EXPECT_NE(a, b);
    EXPECT_NE(keyed_digest(a, "secret"), keyed_digest(b, "secret"));
    EXPECT_EQ(keyed_digest(a, "secret"), keyed_digest(a, "secret"));
    EXPECT_EQ(keyed_digest(a, "secret").size(), 32u);
}

TEST(SecretMap, SecretsEqualComparesContentAndLength) {
    EXPECT_TRUE(secrets_equal("abc", "abc"));
    EXPECT_FALSE(secrets_equal("abc", "abd"));
    EXPECT_FALSE(secrets_equal("abc", "abcd"));
    EXPECT_TRUE(secrets_equal("", ""));
}

}  // namespace
}  // namespace dockside::refserver
