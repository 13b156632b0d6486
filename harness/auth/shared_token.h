#pragma once
/// The current access token of a run whose requests are sent by forked children (a conformance run): the
/// parent renews it and publishes it here, in memory mapped before the children are forked, and every
/// child reads the newest one before each request. A child whose request met a 401 with the current token
/// asks for a renewal and waits for a newer token instead of renewing itself: a refresh token is good once,
/// so children renewing each on its own would spend it many times over and all but one would be left
/// without a token. The token is copied under a robust process-shared mutex: a child killed while
/// reading (a test past its hard limit) leaves it usable.

#include <pthread.h>

#include <atomic>
#include <chrono>
#include <cstdint>
#include <memory>
#include <string>

#include "core/result.h"

namespace dockside::auth {

class SharedToken {
public:
    /// The longest token it holds; a longer one is refused by publish().
    static constexpr std::size_t kMaxToken = 16 * 1024;

    /// Maps the shared memory and publishes `initial` as generation 1. Call before forking.
    static Result<std::unique_ptr<SharedToken>, std::string> create(const std::string& initial);
    ~SharedToken();
    SharedToken(const SharedToken&) = delete;
    SharedToken& operator=(const SharedToken&) = delete;

    struct Current {
        std::string token;
        std::uint64_t generation = 0;  ///< 1 for the first token, one more with each publish
    };

    /// Replaces the token (the parent's refresher). Error when it is longer than kMaxToken.
    Result<bool, std::string> publish(const std::string& token);
    /// The newest token and its generation.
    Current current() const;
    std::uint64_t generation() const;

    /// A child: the token of `generation` was refused (401); asks the parent for a newer one.
    void reject(std::uint64_t generation);
    /// The parent: the newest token has been refused and a renewal is wanted.
    bool renewal_wanted() const;
    /// The parent: renewing the newest token failed (it is tried again later); children stop waiting for it.
    void decline();
    /// A child: waits until a token newer than `generation` is published, at most `limit`, and not at all once
    /// the parent declined it; true when one is.
    bool wait_newer(std::uint64_t generation, std::chrono::milliseconds limit) const;

    /// A request answered 401 with a token that had expired and sent once more with a newer one.
    void count_retry();
    /// Such a request whose newer token did not come in time: its 401 stands.
    void count_unrenewed();
    int retries() const;
    int unrenewed() const;

private:
    struct Page;
    explicit SharedToken(Page* page) : page_(page) {}
    Page* page_;
};

}  // namespace dockside::auth
