#pragma once
/// Dockside's handling of a hostile *target's* responses as one function of bytes: the response
/// validator (status, Content-Type, JSON, schema), the paging-link parser the suites follow links with,
/// and the finding and results rendering that ends up in results.json, the report and JUnit.

#include <cstddef>
#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <string_view>

namespace dockside::fuzz {

class ResponseHandlingTarget {
public:
    /// Loads the contract from `specs_dir` (throws when it cannot).
    explicit ResponseHandlingTarget(const std::string& specs_dir);
    ~ResponseHandlingTarget();

    /// `bytes`: [0] picks the operation, [1..2] the status, [3] the Content-Type, the rest is the body.
    /// Validates the response as that operation's, follows its paging links as the suites would, records
    /// a finding with it and renders the run's results. Returns what is wrong (nothing may throw), or
    /// nullopt.
    std::optional<std::string> run(std::string_view bytes);

private:
    struct Impl;
    std::unique_ptr<Impl> impl_;
};

}  // namespace dockside::fuzz
