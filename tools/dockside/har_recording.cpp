#include "tools/dockside/har_recording.h"

#include <fcntl.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <map>
#include <sstream>

#include "harness/conform/lockstep.h"
#include "harness/http/url.h"
#include "tools/dockside/preparation_findings.h"

namespace dockside::cli {

using nlohmann::json;

Result<std::unique_ptr<HarRecording>, std::string> HarRecording::open(const std::string& path, http::HarSecrets secrets,
                                                                     std::uint64_t seed) {
    const std::string lines = path + ".entries";
    const int fd = ::open(lines.c_str(), O_WRONLY | O_CREAT | O_TRUNC | O_APPEND | O_CLOEXEC, 0600);
    if (fd < 0) return fail("--har: cannot write " + lines + ": " + std::strerror(errno));
    return std::unique_ptr<HarRecording>(new HarRecording(path, fd, std::move(secrets), seed));
}

HarRecording::~HarRecording() {
    if (fd_ >= 0) ::close(fd_);
}

void HarRecording::append(const std::string& test, std::uint64_t sequence, const http::HarExchange& exchange) const {
    json entry = http::har_entry(exchange, secrets_);
    entry["_dockside"] = {{"test", test}, {"exchange", test + "#" + std::to_string(sequence)}, {"seed", seed_}};
    if (!exchange.operation.empty()) entry["_dockside"]["operation"] = exchange.operation;
    // Sent in its turn beside another target's recording (`dockside diff`): its latency can be paired.
    if (const std::string& lockstep = conform::LockstepTurn::held(); !lockstep.empty()) entry["_dockside"]["lockstep"] = lockstep;
    // One write(2) per line: whole, whichever worker writes beside it.
    const std::string line = entry.dump(-1, ' ', false, json::error_handler_t::replace) + "\n";
    [[maybe_unused]] const ssize_t written = ::write(fd_, line.data(), line.size());
}

void HarRecording::append_preparation(const http::PreparationAnswers& answers) const {
    const auto names = preparation_exchanges(answers);
    for (std::size_t i = 0; i < answers.size(); ++i) {
        const auto origin = http::parse_url(answers[i].origin);
        const std::string url = origin ? http::absolute_url(*origin, answers[i].request.target) : answers[i].request.target;
        append(names[i].first, names[i].second, {url, &answers[i].request, &answers[i].response, "", answers[i].started, answers[i].operation});
    }
}

Result<std::size_t, std::string> HarRecording::finish(const conform::RunResults& results) {
    std::map<std::string, json> findings;  // by the exchange they name
    for (const auto& test : results.tests)
        for (const auto& f : test.findings)
            if (!f.exchange.empty())
                findings[f.exchange].push_back({{"rule", f.rule}, {"key", f.key()}, {"title", f.title}});
    const std::string lines = path_ + ".entries";
    std::ifstream in(lines);
    json entries = json::array();
    std::size_t unreadable = 0;
    for (std::string line; std::getline(in, line);) {
        json entry = json::parse(line, nullptr, false);
        if (!entry.is_object()) {
            ++unreadable;
            continue;
        }
        const auto named = findings.find(entry["_dockside"].value("exchange", ""));
        if (named != findings.end()) entry["_dockside"]["findings"] = named->second;
        entries.push_back(std::move(entry));
    }
    const std::size_t count = entries.size();
    const std::string partial = path_ + ".partial";
    {
        std::ofstream out(partial, std::ios::trunc);
        out << http::har_document(std::move(entries), results.meta.dockside_version).dump(1, ' ', false, json::error_handler_t::replace) << "\n";
        if (!out) return fail("--har: cannot write " + partial);
    }
    std::error_code ec;
    std::filesystem::rename(partial, path_, ec);
    if (ec) return fail("--har: cannot write " + path_ + ": " + ec.message());
    std::filesystem::remove(lines, ec);
    if (unreadable > 0) return fail("--har: " + std::to_string(unreadable) + " entries could not be read back; " + path_ + " holds the rest");
    return count;
}

}  // namespace dockside::cli
