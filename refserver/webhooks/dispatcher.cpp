#include "refserver/webhooks/dispatcher.h"

#include "harness/http/client.h"
#include "harness/http/url.h"
#include "refserver/webhooks/signature.h"

namespace dockside::refserver {
namespace {

inline constexpr std::size_t kMaxRecords = 1000;

std::int64_t unix_now() {
    return std::chrono::duration_cast<std::chrono::seconds>(std::chrono::system_clock::now().time_since_epoch()).count();
}

}  // namespace

const char* to_string(DeliveryRecord::State state) {
    switch (state) {
        case DeliveryRecord::State::Pending: return "pending";
        case DeliveryRecord::State::Delivered: return "delivered";
        case DeliveryRecord::State::Failed: return "failed";
    }
    return "unknown";
}

WebhookDispatcher::WebhookDispatcher(DispatcherOptions options) : options_(std::move(options)) {}

WebhookDispatcher::~WebhookDispatcher() {
    {
        std::lock_guard lock(mutex_);
        stopping_ = true;
    }
    wake_.notify_all();
    if (worker_.joinable()) worker_.join();
}

void WebhookDispatcher::enqueue(WebhookDelivery delivery) {
    {
        std::lock_guard lock(mutex_);
        if (stopping_) return;
        const auto seq = next_seq_++;
        records_[seq] = DeliveryRecord{std::move(delivery), {}, DeliveryRecord::State::Pending};
        due_.emplace(std::chrono::steady_clock::now(), seq);
        ++pending_;
        if (!worker_.joinable()) worker_ = std::thread([this] { run(); });
        trim_locked();
    }
    wake_.notify_all();
}

std::vector<DeliveryRecord> WebhookDispatcher::records() const {
    std::lock_guard lock(mutex_);
    std::vector<DeliveryRecord> out;
    for (const auto& [seq, r] : records_) out.push_back(r);
    return out;
}

bool WebhookDispatcher::wait_until_settled(std::chrono::milliseconds timeout) const {
    std::unique_lock lock(mutex_);
    return settled_.wait_for(lock, timeout, [this] { return pending_ == 0; });
}

void WebhookDispatcher::trim_locked() {
    while (records_.size() > kMaxRecords && !finished_.empty()) {
        records_.erase(*finished_.begin());
        finished_.erase(finished_.begin());
    }
}

void WebhookDispatcher::run() {
    std::unique_lock lock(mutex_);
    while (!stopping_) {
        if (due_.empty()) {
            wake_.wait(lock, [this] { return stopping_ || !due_.empty(); });
            continue;
        }
        const auto when = due_.begin()->first;
        if (when > std::chrono::steady_clock::now()) {
            wake_.wait_until(lock, when);
            continue;
        }
        const auto seq = due_.begin()->second;
        due_.erase(due_.begin());
        const WebhookDelivery delivery = records_.at(seq).delivery;
        lock.unlock();
        DeliveryAttempt result = attempt(delivery);
        lock.lock();
        DeliveryRecord& rec = records_.at(seq);
        rec.attempts.push_back(result);
        const bool ok = result.status >= 200 && result.status < 300;
        const int tries = static_cast<int>(rec.attempts.size());
        if (!ok && tries < options_.max_attempts && !stopping_) {
            due_.emplace(std::chrono::steady_clock::now() + options_.backoff * (1LL << (tries - 1)), seq);
            continue;
        }
        rec.state = ok ? DeliveryRecord::State::Delivered : DeliveryRecord::State::Failed;
        finished_.insert(seq);
        trim_locked();
        --pending_;
        settled_.notify_all();
    }
    // Whatever is still queued at shutdown is given up, so waiters are not left hanging.
    for (auto& [when, seq] : due_) records_.at(seq).state = DeliveryRecord::State::Failed;
    pending_ = 0;
    due_.clear();
    settled_.notify_all();
}

DeliveryAttempt WebhookDispatcher::attempt(const WebhookDelivery& d) const {
    const auto query_at = d.url.find('?');
    auto url = http::parse_url(std::string_view(d.url).substr(0, query_at));
    if (!url) return {0, url.error()};
    std::string target = url->base_path.empty() ? "/" : url->base_path;
    if (query_at != std::string::npos) target += d.url.substr(query_at);
    url->base_path.clear();

    http::ClientOptions opts;
    opts.connect_timeout = options_.attempt_timeout;
    opts.request_timeout = options_.attempt_timeout;
    opts.insecure = options_.insecure;
    opts.max_body_bytes = 64 * 1024;
    http::HttpClient client(*url, opts);

    const std::int64_t ts = unix_now();
    http::Request req{"POST", target, {{"Content-Type", options_.wrong_content_type ? "text/plain" : "application/json"},
                                      {"webhook-id", d.webhook_id},
                                      {"webhook-timestamp", std::to_string(ts)}}, d.body};
    if (!d.secret.empty()) {
        const std::string key = options_.wrong_signature ? d.secret + "-not-the-secret" : d.secret;
        req.headers.set("webhook-signature", standard_webhook_signature(key, d.webhook_id, ts, d.body));
    }
    auto response = client.send(req);
    if (!response) return {0, http::to_string(response.error())};
    return {response->status, ""};
}

}  // namespace dockside::refserver
