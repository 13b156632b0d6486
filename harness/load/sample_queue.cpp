#include "harness/load/sample_queue.h"

#include <cctype>

namespace dockside::load {
namespace {

constexpr std::size_t kMaxDistinctViolations = 50;  // per operation; further kinds fold into "(other)"
constexpr std::size_t kExcerptBytes = 300;

}  // namespace

std::string fold_indexes(const std::string& pointer) {
    std::string out;
    std::size_t i = 0;
    while (i < pointer.size()) {
        const std::size_t next = pointer.find('/', i + 1);
        const std::string token = pointer.substr(i, next == std::string::npos ? std::string::npos : next - i);
        bool digits = token.size() > 1;
        for (std::size_t j = 1; j < token.size(); ++j) digits = digits && std::isdigit(static_cast<unsigned char>(token[j]));
        out += digits ? "/*" : token;
        if (next == std::string::npos) break;
        i = next;
    }
    return out;
}

void OperationSampling::add(const OperationSampling& other) {
    sampled += other.sampled;
    validated += other.validated;
    failed += other.failed;
    skipped += other.skipped;
    for (const auto& v : other.violations) {
        bool merged = false;
        for (auto& mine : violations)
            if (mine.rule == v.rule && mine.pointer == v.pointer) {
                mine.count += v.count;
                merged = true;
                break;
            }
        if (!merged) violations.push_back(v);
    }
}

SampleQueue::SampleQueue(std::size_t operations, SampleJudge judge, std::size_t capacity)
    : judge_(std::move(judge)), capacity_(capacity), results_(operations), index_(operations) {
    thread_ = std::thread([this] { work(); });
}

SampleQueue::~SampleQueue() { finish(); }

bool SampleQueue::offer(std::size_t operation, int status, const std::string& content_type, const std::string& body) {
    std::lock_guard lock(mutex_);
    if (operation >= results_.size()) return false;
    ++results_[operation].sampled;
    if (stopping_ || queue_.size() >= capacity_) {
        ++results_[operation].skipped;
        return false;
    }
    queue_.push_back({operation, status, content_type, body});
    ready_.notify_one();
    return true;
}

void SampleQueue::finish() {
    {
        std::lock_guard lock(mutex_);
        if (stopping_ && !thread_.joinable()) return;
        stopping_ = true;
    }
    ready_.notify_one();
    if (thread_.joinable()) thread_.join();
}

std::vector<OperationSampling> SampleQueue::results() const {
    std::lock_guard lock(mutex_);
    return results_;
}

void SampleQueue::work() {
    for (;;) {
        SampledResponse response;
        {
            std::unique_lock lock(mutex_);
            ready_.wait(lock, [this] { return stopping_ || !queue_.empty(); });
            if (queue_.empty()) return;  // stopping, and everything queued has been judged
            response = std::move(queue_.front());
            queue_.pop_front();
        }
        judge_one(response);
    }
}

void SampleQueue::judge_one(const SampledResponse& response) {
    std::vector<SampleViolation> found;
    try {
        found = judge_(response);
    } catch (const std::exception& e) {
        found.push_back({"HARNESS", "", std::string("the validator failed: ") + e.what()});
    }
    std::lock_guard lock(mutex_);
    auto& stats = results_[response.operation];
    ++stats.validated;
    if (!found.empty()) ++stats.failed;
    auto& index = index_[response.operation];
    for (const auto& v : found) {
        std::string pointer = fold_indexes(v.pointer);
        std::string key = v.rule + " " + pointer;
        auto it = index.find(key);
        if (it == index.end() && index.size() >= kMaxDistinctViolations) {
            pointer = "(other)";
            key = v.rule + " (other)";
            it = index.find(key);
        }
        if (it != index.end()) {
            ++stats.violations[it->second].count;
            continue;
        }
        index.emplace(key, stats.violations.size());
        stats.violations.push_back(
            {v.rule, pointer, v.message, response.status, response.body.substr(0, kExcerptBytes), 1});
    }
}

}  // namespace dockside::load
