#include "harness/conform/child_events.h"

#include <unistd.h>

#include <cerrno>

#include <nlohmann/json.hpp>

namespace dockside::conform {
namespace {

using json = nlohmann::json;

const char* kind_name(ChildEvent::Kind kind) {
    switch (kind) {
        case ChildEvent::Kind::Started: return "started";
        case ChildEvent::Kind::Sending: return "sending";
        case ChildEvent::Kind::Ended: return "ended";
        case ChildEvent::Kind::Escaped: return "escaped";
        case ChildEvent::Kind::Finished: return "finished";
    }
    return "finished";
}

}  // namespace

std::string encode(const ChildEvent& event) {
    const json line{{"event", kind_name(event.kind)}, {"name", event.name}};
    // Replacement, not an exception: what escaped may quote bytes that are not UTF-8.
    return line.dump(-1, ' ', false, json::error_handler_t::replace) + "\n";
}

std::optional<ChildEvent> decode(const std::string& line) {
    const json parsed = json::parse(line, nullptr, false);
    if (!parsed.is_object() || !parsed.contains("event")) return std::nullopt;
    ChildEvent event;
    const std::string kind = parsed.value("event", "");
    bool known = false;
    for (auto k : {ChildEvent::Kind::Started, ChildEvent::Kind::Sending, ChildEvent::Kind::Ended, ChildEvent::Kind::Escaped,
                   ChildEvent::Kind::Finished})
        if (kind == kind_name(k)) event.kind = k, known = true;
    if (!known) return std::nullopt;
    event.name = parsed.value("name", "");
    return event;
}

std::string request_line(const http::Request& request) {
    return request.method + " " + request.target +
           (request.body.empty() ? " (no body)" : " (" + std::to_string(request.body.size()) + " bytes of body)");
}

bool EventWriter::write(const ChildEvent& event) const {
    const std::string line = encode(event);
    const char* data = line.data();
    std::size_t size = line.size();
    while (size > 0) {
        const ssize_t n = ::write(fd_, data, size);
        if (n < 0 && errno == EINTR) continue;
        if (n <= 0) return false;
        data += n;
        size -= static_cast<std::size_t>(n);
    }
    return true;
}

std::vector<ChildEvent> EventReader::feed(const char* bytes, std::size_t size) {
    pending_.append(bytes, size);
    std::vector<ChildEvent> events;
    std::size_t start = 0;
    for (auto end = pending_.find('\n'); end != std::string::npos; end = pending_.find('\n', start)) {
        if (auto event = decode(pending_.substr(start, end - start))) events.push_back(std::move(*event));
        start = end + 1;
    }
    pending_.erase(0, start);
    return events;
}

}  // namespace dockside::conform
