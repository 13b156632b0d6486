#pragma once
/// Sampled response validation under load: worker threads hand a share of responses (`--validate 0.01`)
/// to one validation thread, so judging a body never delays a send. The judge (the contract's response
/// validator, wired by the tools) is a function; the queue counts what it finds per operation and keeps
/// one example of each violation. A sample the queue had no room for is counted as skipped, never as
/// passed.

#include <condition_variable>
#include <cstddef>
#include <cstdint>
#include <deque>
#include <functional>
#include <map>
#include <mutex>
#include <string>
#include <thread>
#include <vector>

namespace dockside::load {

struct SampledResponse {
    std::size_t operation = 0;
    int status = 0;
    std::string content_type;
    std::string body;
};

/// One thing wrong with a response.
struct SampleViolation {
    std::string rule;     ///< rule id (e.g. CONV-TYPES)
    std::string pointer;  ///< JSON pointer into the body, "" for the whole response
    std::string message;  ///< what was expected and what came
};

using SampleJudge = std::function<std::vector<SampleViolation>(const SampledResponse&)>;

/// Occurrences of one violation (same rule and pointer, array indexes folded to "*") with its first example.
struct ViolationSummary {
    std::string rule;
    std::string pointer;
    std::string message;       ///< of the first occurrence
    int status = 0;            ///< of the first occurrence
    std::string body_excerpt;  ///< first 300 bytes of the first occurrence's body
    std::int64_t count = 0;
};

struct OperationSampling {
    std::int64_t sampled = 0;    ///< responses chosen for validation
    std::int64_t validated = 0;  ///< judged
    std::int64_t failed = 0;     ///< judged and with at least one violation
    std::int64_t skipped = 0;    ///< chosen but dropped: the queue was full
    std::vector<ViolationSummary> violations;

    void add(const OperationSampling& other);
};

class SampleQueue {
public:
    /// Starts the validation thread. `capacity` bounds the responses waiting to be judged.
    SampleQueue(std::size_t operations, SampleJudge judge, std::size_t capacity = 256);
    ~SampleQueue();
    SampleQueue(const SampleQueue&) = delete;
    SampleQueue& operator=(const SampleQueue&) = delete;

    /// From a worker thread: copies the response in; false (and counted skipped) when the queue is full.
    bool offer(std::size_t operation, int status, const std::string& content_type, const std::string& body);
    /// Judges what is queued and stops the thread. Idempotent.
    void finish();
    /// Per operation, after finish().
    std::vector<OperationSampling> results() const;

private:
    void work();
    void judge_one(const SampledResponse& response);

    SampleJudge judge_;
    std::size_t capacity_;
    mutable std::mutex mutex_;
    std::condition_variable ready_;
    std::deque<SampledResponse> queue_;
    bool stopping_ = false;
    std::vector<OperationSampling> results_;
    std::vector<std::map<std::string, std::size_t>> index_;  ///< per operation: violation key → position
    std::thread thread_;
};

/// "/items/3/sku" → "/items/*/sku": occurrences in different array elements count as one violation.
std::string fold_indexes(const std::string& pointer);

}  // namespace dockside::load
