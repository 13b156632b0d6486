#pragma once
/// `dockside conform --har FILE`: every exchange the tests make, as HAR 1.2. Each worker appends its
/// entries, one JSON line each, to FILE.entries (opened for appending before the workers fork); when the
/// run has ended the parent writes FILE, each entry with a `_dockside` object (the test, the exchange's
/// id that a finding's `exchange` names, the run's seed, and the findings that name it), and removes the
/// lines. Secrets are gone before a line is written (harness/http/har.h).

#include <cstdint>
#include <memory>
#include <string>

#include "core/result.h"
#include "harness/conform/results.h"
#include "harness/http/har.h"
#include "harness/http/preparation_answer.h"

namespace dockside::cli {

class HarRecording {
public:
    static Result<std::unique_ptr<HarRecording>, std::string> open(const std::string& path, http::HarSecrets secrets,
                                                                   std::uint64_t seed);
    ~HarRecording();
    HarRecording(const HarRecording&) = delete;
    HarRecording& operator=(const HarRecording&) = delete;

    /// One exchange of `test` (in a worker). A line the disk refuses is lost; one cut short is counted by `finish`.
    void append(const std::string& test, std::uint64_t sequence, const http::HarExchange& exchange) const;
    /// The exchanges a remote target's preparation made (the token check, the channel list, the OAuth code
    /// flow), each under the test that judges it, as their findings name them (preparation_findings.h).
    void append_preparation(const http::PreparationAnswers& answers) const;
    /// Writes the HAR file from what the workers appended: the number of entries, or why it could not.
    Result<std::size_t, std::string> finish(const conform::RunResults& results);

private:
    HarRecording(std::string path, int fd, http::HarSecrets secrets, std::uint64_t seed)
        : path_(std::move(path)), fd_(fd), secrets_(std::move(secrets)), seed_(seed) {}

    std::string path_;
    int fd_ = -1;
    http::HarSecrets secrets_;
    std::uint64_t seed_ = 0;
};

}  // namespace dockside::cli
