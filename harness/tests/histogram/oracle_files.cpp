// Dockside's side of the format oracle test (harness/histogram/js-oracle): writes the .hlog, .hgrm
// and expected figures that hdr-histogram-js checks, and checks what hdr-histogram-js wrote.
//
//   histogram_oracle_files write DIR     (created if need be) dockside.hlog, dockside-N.hgrm, dockside-expected.json and
//                                        dockside-wrong-expected.json (one figure off, for the
//                                        test that proves the oracle can fail)
//   histogram_oracle_files check-js DIR  js.hlog against js-expected.json, JS's re-encodings of
//                                        dockside.hlog (js-reencoded.json); writes dockside-reencoded.json
#include <cmath>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <random>
#include <sstream>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "harness/histogram/codec.h"
#include "harness/histogram/interval_log.h"
#include "harness/histogram/percentiles_text.h"

namespace dockside::histogram {
namespace {

using nlohmann::json;

constexpr double kStart = 1751328000.125;
const std::vector<double> kPercentiles = {0, 10, 25, 50, 75, 90, 95, 99, 99.5, 99.9, 99.99, 99.999, 100};

struct Written {
    Histogram histogram;
    std::string tag;
    double start_s;
};

std::vector<Written> dockside_intervals() {
    std::mt19937_64 random(20250701);
    std::vector<Written> out;
    Histogram reads;
    std::lognormal_distribution<> lognormal(std::log(800.0), 0.9);
    for (int i = 0; i < 20000; ++i) reads.record(std::llround(lognormal(random)));
    out.push_back({reads, "getOrder", kStart});

    Histogram writes;
    std::exponential_distribution<> exponential(1.0 / 3000);
    for (int i = 0; i < 5000; ++i) writes.record(1500 + std::llround(exponential(random)));
    writes.record_n(1'000'000, 10);  // one-second stalls
    out.push_back({writes, "createOrder", kStart});

    Histogram wide;
    std::uniform_real_distribution<> exponent(0, std::log(4e9));
    for (int i = 0; i < 3000; ++i) wide.record(std::llround(std::exp(exponent(random))));  // some past an hour
    out.push_back({wide, "GET /2025-07/location", kStart + 1.0});

    out.push_back({Histogram(), "", kStart + 1.0});
    Histogram tiny;
    tiny.record(0);
    tiny.record(7);
    out.push_back({tiny, "getOrder", kStart + 2.0});
    return out;
}

void write_text(const std::string& path, const std::string& text) { std::ofstream(path) << text; }

json read_json(const std::string& path) {
    std::ifstream in(path);
    return json::parse(in);
}

int write_files(const std::string& dir) {
    std::filesystem::create_directories(dir);
    std::ofstream log(dir + "/dockside.hlog");
    IntervalLogWriter writer(log, kStart, kStart);
    writer.write_header();
    json intervals = json::array();
    int n = 0;
    for (const auto& [h, tag, start_s] : dockside_intervals()) {
        writer.write_interval(h, start_s, start_s + 1.0, tag);
        const std::string hgrm = "dockside-" + std::to_string(++n) + ".hgrm";
        write_text(dir + "/" + hgrm, to_hgrm(h, 1000.0, 5));
        json percentiles = json::array();
        for (double p : kPercentiles) percentiles.push_back({p, h.value_at_percentile(p)});
        intervals.push_back({{"tag", log_tag(tag)}, {"start_ms", std::llround(start_s * 1000)},
                             {"end_ms", std::llround((start_s + 1.0) * 1000)}, {"total_count", h.total_count()},
                             {"max", h.max()}, {"mean", h.mean()}, {"percentiles", percentiles}, {"hgrm", hgrm}});
    }
    write_text(dir + "/dockside-expected.json", json{{"intervals", intervals}}.dump(1));
    intervals[0]["max"] = intervals[0]["max"].get<std::int64_t>() + 1;
    write_text(dir + "/dockside-wrong-expected.json", json{{"intervals", intervals}}.dump(1));
    return log ? 0 : 1;
}

Result<std::vector<LogInterval>, std::string> read_log(const std::string& path) {
    std::ifstream in(path);
    if (!in) return fail(path + ": cannot open");
    return read_interval_log(in);
}

void check_js_log(const std::string& dir, std::vector<std::string>& problems) {
    const auto read = read_log(dir + "/js.hlog");
    if (!read) return problems.push_back("js.hlog: " + read.error());
    const json expected = read_json(dir + "/js-expected.json")["intervals"];
    if (read->size() != expected.size())
        problems.push_back("js.hlog: Dockside read " + std::to_string(read->size()) + " intervals, hdr-histogram-js wrote " +
                           std::to_string(expected.size()));
    json reencoded = json::array();
    for (std::size_t i = 0; i < std::min(read->size(), expected.size()); ++i) {
        const auto& interval = read.value()[i];
        const auto& h = interval.histogram;
        const auto& e = expected[i];
        const auto where = "js.hlog interval " + std::to_string(i + 1) + ": ";
        const auto check = [&](const std::string& what, auto dockside, auto js) {
            if (dockside != js) {
                std::ostringstream line;
                line << where << what << " is " << dockside << " for Dockside, " << js << " for hdr-histogram-js";
                problems.push_back(line.str());
            }
        };
        check("tag", interval.tag, e["tag"].get<std::string>());
        check("start (ms)", h.start_time_ms, e["start_ms"].get<std::int64_t>());
        check("total count", h.total_count(), e["total_count"].get<std::int64_t>());
        check("max", h.max(), e["max_highest_equivalent"].get<std::int64_t>());
        check("mean", h.mean(), e["mean"].get<double>());
        for (const auto& pv : e["percentiles"])
            check("p" + pv[0].dump(), h.value_at_percentile(pv[0].get<double>()), pv[1].get<std::int64_t>());
        const auto decoded = decode_compressed_base64(e["encoded"].get<std::string>());
        if (!decoded || !(decoded.value() == h))
            problems.push_back(where + "JS's encoding and the log line decode to different histograms");
        reencoded.push_back(encode_compressed_base64(h));
    }
    write_text(dir + "/dockside-reencoded.json", json{{"intervals", reencoded}}.dump(1));
}

void check_js_reencodings(const std::string& dir, std::vector<std::string>& problems) {
    const auto written = dockside_intervals();
    const json reencoded = read_json(dir + "/js-reencoded.json")["intervals"];
    if (reencoded.size() != written.size())
        problems.push_back("js-reencoded.json: " + std::to_string(reencoded.size()) + " histograms for " +
                           std::to_string(written.size()) + " intervals written");
    for (std::size_t i = 0; i < std::min(reencoded.size(), written.size()); ++i) {
        const auto back = decode_compressed_base64(reencoded[i].get<std::string>());
        if (!back) problems.push_back("JS re-encoding " + std::to_string(i + 1) + ": " + back.error());
        else if (!(back.value() == written[i].histogram))
            problems.push_back("JS re-encoding " + std::to_string(i + 1) + " decodes to a different histogram");
    }
}

}  // namespace
}  // namespace dockside::histogram

int main(int argc, char** argv) {
    using namespace dockside::histogram;
    const std::string command = argc == 3 ? argv[1] : "";
    if (command == "write") return write_files(argv[2]);
    if (command != "check-js") {
        std::cerr << "usage: histogram_oracle_files (write | check-js) DIR\n";
        return 2;
    }
    std::vector<std::string> problems;
    check_js_log(argv[2], problems);
    check_js_reencodings(argv[2], problems);
    for (const auto& problem : problems) std::cerr << problem << "\n";
    std::cout << "check-js: " << (problems.empty() ? "Dockside agrees with hdr-histogram-js" : std::to_string(problems.size()) + " disagreement(s)") << "\n";
    return problems.empty() ? 0 : 1;
}
