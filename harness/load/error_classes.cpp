#include "harness/load/error_classes.h"

namespace dockside::load {

std::vector<std::pair<std::string, std::int64_t>> error_classes(const OperationCounters& counters) {
    std::vector<std::pair<std::string, std::int64_t>> classes;
    for (auto kind : all_error_kinds())
        if (const auto n = counters.errors[static_cast<std::size_t>(kind)]; n > 0) classes.emplace_back(to_string(kind), n);
    std::int64_t client = 0, server = 0;
    for (int code = 400; code <= kMaxStatus; ++code)
        (code < 500 ? client : server) += code == 429 ? 0 : counters.status_count(code);
    const std::int64_t limited = counters.status_count(429);
    for (const auto& [name, n] : {std::pair<const char*, std::int64_t>{"4xx", client}, {"rate_limited", limited},
                                  {"5xx", server}, {"other_status", counters.other_status}})
        if (n > 0) classes.emplace_back(name, n);
    return classes;
}

}  // namespace dockside::load
