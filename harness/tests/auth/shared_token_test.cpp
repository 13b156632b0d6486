// The token shared with forked children: a child reads what the parent publishes after the fork, a child's
// refusal asks the parent for a renewal exactly while the newest token is the refused one, and a child
// waiting for a newer token gets it or gives up at its limit.

#include <gtest/gtest.h>
#include <sys/wait.h>
#include <unistd.h>

#include <chrono>
#include <thread>

#include "harness/auth/shared_token.h"

namespace dockside::auth {
namespace {

using namespace std::chrono_literals;

std::unique_ptr<SharedToken> made(const std::string& initial) {
    auto shared = SharedToken::create(initial);
    if (!shared) throw std::runtime_error(shared.error());
    return std::move(shared.value());
}

/// Runs `body` in a forked child; its return is the child's exit status.
template <class F>
int in_child(F body) {
    const pid_t pid = ::fork();
    if (pid == 0) ::_exit(body());
    int status = 0;
    ::waitpid(pid, &status, 0);
    return WIFEXITED(status) ? WEXITSTATUS(status) : 100;
}

TEST(SharedToken, TheFirstTokenIsGenerationOneAndEachPublishIsANewGeneration) {
    auto shared = made("first");
    EXPECT_EQ(shared->current().token, "first");
    EXPECT_EQ(shared->current().generation, 1u);
    ASSERT_TRUE(shared->publish("second"));
    EXPECT_EQ(shared->current().token, "second");
    EXPECT_EQ(shared->generation(), 2u);
}

TEST(SharedToken, ATokenTooLongToShareIsRefusedAndTheOldOneStays) {
    auto shared = made("first");
    EXPECT_FALSE(shared->publish(std::string(SharedToken::kMaxToken + 1, 'x')));
    EXPECT_EQ(shared->current().token, "first");
}

TEST(SharedToken, ARefusalAsksForARenewalUntilANewerTokenIsPublished) {
    auto shared = made("first");
    EXPECT_FALSE(shared->renewal_wanted());
    shared->reject(1);
    EXPECT_TRUE(shared->renewal_wanted());
    ASSERT_TRUE(shared->publish("second"));
    EXPECT_FALSE(shared->renewal_wanted());
    shared->reject(1);  // a late refusal of the old token asks for nothing
    EXPECT_FALSE(shared->renewal_wanted());
}

TEST(SharedToken, AChildReadsWhatTheParentPublishesAfterTheFork) {
    auto shared = made("first");
    std::thread parent([&] {
        std::this_thread::sleep_for(100ms);
        (void)shared->publish("second");
    });
    const int status = in_child([&] {
        shared->reject(1);
        if (!shared->wait_newer(1, 5s)) return 1;
        if (shared->current().token != "second") return 2;
        shared->count_retry();
        return 0;
    });
    parent.join();
    EXPECT_EQ(status, 0);
    EXPECT_EQ(shared->retries(), 1);  // counted in the child, seen by the parent
}

TEST(SharedToken, AChildWaitingInVainGivesUpAtItsLimit) {
    auto shared = made("first");
    const auto started = std::chrono::steady_clock::now();
    const int status = in_child([&] { return shared->wait_newer(1, 200ms) ? 1 : 0; });
    EXPECT_EQ(status, 0);
    EXPECT_LT(std::chrono::steady_clock::now() - started, 3s);
}

TEST(SharedToken, AChildStopsWaitingOnceTheParentDeclinesTheRenewal) {
    auto shared = made("first");
    shared->reject(1);
    shared->decline();
    const auto started = std::chrono::steady_clock::now();
    EXPECT_FALSE(shared->wait_newer(1, 10s));
    EXPECT_LT(std::chrono::steady_clock::now() - started, 1s);
    ASSERT_TRUE(shared->publish("second"));  // renewed later after all: the new token is waited for again
    shared->reject(2);
    EXPECT_FALSE(shared->wait_newer(2, 50ms));
}

}  // namespace
}  // namespace dockside::auth
