#include "harness/conform/refusal_log.h"

#include <fcntl.h>
#include <unistd.h>

#include <cstdlib>

#include <nlohmann/json.hpp>

#include "harness/conform/error_body.h"

namespace dockside::conform {

void note_refusal(const Exchange& ex, const std::string& rule, RefusalStance stance) {
    static const int fd = [] {
        const char* path = std::getenv("DOCKSIDE_REFUSAL_LOG");
        return path && *path ? ::open(path, O_WRONLY | O_CREAT | O_APPEND | O_CLOEXEC, 0644) : -1;
    }();
    if (fd < 0 || !ex.response || ex.not_sent) return;
    const std::string line = nlohmann::json{{"stance", stance.id}, {"member", stance.member}, {"status", ex.status()},
                                            {"operation", ex.operation_id}, {"rule", rule},
                                            {"media_type", ex.response->media_type()}, {"members", body_members(ex.response->body)}}
                                 .dump(-1, ' ', false, nlohmann::json::error_handler_t::replace) + "\n";
    [[maybe_unused]] const ssize_t written = ::write(fd, line.data(), line.size());
}

}  // namespace dockside::conform
