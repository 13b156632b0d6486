#pragma once
/// Shared by the load driver's end-to-end tests: the real contract, an embedded reference server with a
/// known token, validated settings from command-line-like options, a scratch folder, a run whose output
/// is captured, and the summary's JSON Schema check.

#include <gtest/gtest.h>

#include <atomic>
#include <fstream>
#include <memory>
#include <sstream>
#include <string>

#include <nlohmann/json.hpp>

#include "harness/tests/support/contract.h"
#include "harness/tests/support/scratch_dir.h"
#include "harness/tests/support/schema_violations.h"
#include "refserver/embedded/embedded_server.h"
#include "specs/loader/spec.h"
#include "tools/load/load_run.h"

namespace dockside::loadtool::testing {

using dockside::testing::contract;
using dockside::testing::mixes_dir;
using dockside::testing::ScratchDir;

/// The embedded reference server with a known token and the given faults.
inline std::unique_ptr<refserver::EmbeddedServer> start_reference(const std::string& pat,
                                                                   const std::vector<std::string>& faults = {}) {
    refserver::EmbeddedOptions options;
    options.api.pat = pat;
    options.api.faults = {faults.begin(), faults.end()};
    auto server = refserver::EmbeddedServer::start(options);
    if (!server) throw std::runtime_error(server.error().front());
    return std::move(server.value());
}

inline LoadTarget target_of(refserver::EmbeddedServer& server) {
    LoadTarget t;
    t.base_url = server.base_url();
    t.token = server.api().pat();
    t.channel = server.api().write_channel_id();
    t.embedded = true;
    t.timeout_s = 5;
    return t;
}

inline LoadSettings settings(RawLoadOptions raw) {
    if (raw.seed.empty()) raw.seed = "42";
    auto s = validate_load_options(raw, contract(), mixes_dir());
    if (!s) {
        std::string all;
        for (const auto& p : s.error()) all += p + "\n";
        throw std::runtime_error("settings: " + all);
    }
    return std::move(s.value());
}

/// A capacity search of `mix` from 100/s, doubling up to `max_rate`, in steps of `step`.
inline RawLoadOptions capacity_search(const std::string& slo, const std::string& max_rate, const std::string& step,
                                      const std::string& mix = "listLocations") {
    RawLoadOptions raw;
    raw.find_capacity = true;
    raw.slo = slo;
    raw.rate = "100";
    raw.max_rate = max_rate;
    raw.step_duration = step;
    raw.mix = mix;
    return raw;
}

struct RunOutput {
    int code = -1;
    std::string out;
    std::string err;
};

inline RunOutput run(const LoadSettings& s, const LoadTarget& target, const std::atomic<bool>* interrupt = nullptr) {
    std::ostringstream out, err;
    LoadIo io{out, err, false, interrupt};
    RunOutput r;
    r.code = run_load(s, target, contract(), io);
    r.out = out.str();
    r.err = err.str();
    return r;
}

inline nlohmann::json read_json(const std::string& path) {
    std::ifstream in(path);
    return nlohmann::json::parse(in, nullptr, false);
}

inline std::string read_text(const std::string& path) {
    std::ifstream in(path, std::ios::binary);
    std::stringstream text;
    text << in.rdbuf();
    return text.str();
}

/// Every violation of specs/load-summary.schema.json, one line each; empty when the document conforms.
inline std::string schema_violations(const nlohmann::json& document) {
    return dockside::testing::schema_violations(document, std::string(DOCKSIDE_SPECS_DIR) + "/load-summary.schema.json");
}

}  // namespace dockside::loadtool::testing
