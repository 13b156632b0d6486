#include "harness/auth/shared_token.h"

#include <sys/mman.h>

#include <cerrno>
#include <cstring>
#include <new>
#include <thread>

namespace dockside::auth {

struct SharedToken::Page {
    pthread_mutex_t mutex;
    std::atomic<std::uint64_t> generation{0};
    std::atomic<std::uint64_t> rejected{0};  ///< the newest generation a child found refused
    std::atomic<std::uint64_t> declined{0};  ///< the newest generation the parent failed to renew
    std::atomic<int> retries{0};
    std::atomic<int> unrenewed{0};
    std::size_t length = 0;
    char text[kMaxToken];
};

namespace {

/// Locks a robust mutex; when its holder died holding it, the token text is still whole (a holder only
/// copies it or replaces it under the lock, and the parent, the one writer, never dies mid-run).
class Locked {
public:
    explicit Locked(pthread_mutex_t& mutex) : mutex_(mutex) {
        if (::pthread_mutex_lock(&mutex_) == EOWNERDEAD) ::pthread_mutex_consistent(&mutex_);
    }
    ~Locked() { ::pthread_mutex_unlock(&mutex_); }
    Locked(const Locked&) = delete;
    Locked& operator=(const Locked&) = delete;

private:
    pthread_mutex_t& mutex_;
};

}  // namespace

Result<std::unique_ptr<SharedToken>, std::string> SharedToken::create(const std::string& initial) {
    void* memory = ::mmap(nullptr, sizeof(Page), PROT_READ | PROT_WRITE, MAP_SHARED | MAP_ANONYMOUS, -1, 0);
    if (memory == MAP_FAILED) return fail(std::string("cannot map memory to share the access token: ") + std::strerror(errno));
    Page* page = new (memory) Page;
    pthread_mutexattr_t attributes;
    ::pthread_mutexattr_init(&attributes);
    ::pthread_mutexattr_setpshared(&attributes, PTHREAD_PROCESS_SHARED);
    ::pthread_mutexattr_setrobust(&attributes, PTHREAD_MUTEX_ROBUST);
    const int made = ::pthread_mutex_init(&page->mutex, &attributes);
    ::pthread_mutexattr_destroy(&attributes);
    if (made != 0) {
        page->~Page();
        ::munmap(memory, sizeof(Page));
        return fail(std::string("cannot make a shared lock for the access token: ") + std::strerror(made));
    }
    std::unique_ptr<SharedToken> shared(new SharedToken(page));
    if (auto published = shared->publish(initial); !published) return fail(published.error());
    return shared;
}

SharedToken::~SharedToken() {
    ::pthread_mutex_destroy(&page_->mutex);
    page_->~Page();
    ::munmap(page_, sizeof(Page));
}

Result<bool, std::string> SharedToken::publish(const std::string& token) {
    if (token.size() > kMaxToken)
        return fail("the access token is " + std::to_string(token.size()) + " bytes long; at most " +
                    std::to_string(kMaxToken) + " can be shared with the tests");
    Locked lock(page_->mutex);
    std::memcpy(page_->text, token.data(), token.size());
    page_->length = token.size();
    page_->generation.fetch_add(1, std::memory_order_release);
    return true;
}

SharedToken::Current SharedToken::current() const {
    Locked lock(page_->mutex);
    return {std::string(page_->text, page_->length), page_->generation.load(std::memory_order_relaxed)};
}

std::uint64_t SharedToken::generation() const { return page_->generation.load(std::memory_order_acquire); }

void SharedToken::reject(std::uint64_t generation) {
    std::uint64_t seen = page_->rejected.load();
    while (seen < generation && !page_->rejected.compare_exchange_weak(seen, generation)) {
    }
}

bool SharedToken::renewal_wanted() const { return page_->rejected.load() >= generation(); }

bool SharedToken::wait_newer(std::uint64_t generation, std::chrono::milliseconds limit) const {
    // Renewals are rare and take a round trip to the authorization server: polling costs nothing that
    // matters and needs no wake-up across processes.
    const auto until = std::chrono::steady_clock::now() + limit;
    while (this->generation() <= generation) {
        if (std::chrono::steady_clock::now() >= until || page_->declined.load() >= generation) return false;
        std::this_thread::sleep_for(std::chrono::milliseconds(5));
    }
    return true;
}

void SharedToken::decline() {
    const std::uint64_t current = generation();
    std::uint64_t seen = page_->declined.load();
    while (seen < current && !page_->declined.compare_exchange_weak(seen, current)) {
    }
}

void SharedToken::count_retry() { page_->retries.fetch_add(1); }
void SharedToken::count_unrenewed() { page_->unrenewed.fetch_add(1); }
int SharedToken::retries() const { return page_->retries.load(); }
int SharedToken::unrenewed() const { return page_->unrenewed.load(); }

}  // namespace dockside::auth
