#include "tools/load/load_settings.h"

#include <algorithm>
#include <charconv>
#include <cmath>
#include <cstdlib>
#include <filesystem>
#include <random>

#include "harness/load/shard_option.h"

namespace dockside::loadtool {
namespace {

using namespace std::chrono_literals;

class Checker {
public:
    std::vector<std::string> problems;

    std::optional<double> number(const std::string& flag, const std::string& text, double min, double max) {
        char* end = nullptr;
        const double v = std::strtod(text.c_str(), &end);
        if (text.empty() || end != text.c_str() + text.size() || !std::isfinite(v) || v < min || v > max) {
            char range[96];
            std::snprintf(range, sizeof range, "a number from %g to %g", min, max);
            problems.push_back(flag + " \"" + text + "\": expected " + range);
            return std::nullopt;
        }
        return v;
    }
    std::optional<int> integer(const std::string& flag, const std::string& text, int min, int max) {
        int v = 0;
        auto [ptr, ec] = std::from_chars(text.data(), text.data() + text.size(), v);
        if (text.empty() || ec != std::errc{} || ptr != text.data() + text.size() || v < min || v > max) {
            problems.push_back(flag + " \"" + text + "\": expected a whole number from " + std::to_string(min) + " to " +
                               std::to_string(max));
            return std::nullopt;
        }
        return v;
    }
    std::optional<load::Nanos> duration(const std::string& flag, const std::string& text, bool allow_zero) {
        auto d = load::parse_duration(text);
        if (!d) {
            problems.push_back(flag + ": " + d.error());
            return std::nullopt;
        }
        if (!allow_zero && d->count() <= 0) {
            problems.push_back(flag + " must be longer than 0");
            return std::nullopt;
        }
        return *d;
    }
    /// "0.01" or "1%".
    std::optional<double> fraction(const std::string& flag, const std::string& text) {
        if (!text.empty() && text.back() == '%') {
            auto v = number(flag, text.substr(0, text.size() - 1), 0, 100);
            return v ? std::optional<double>(*v / 100) : std::nullopt;
        }
        return number(flag, text, 0, 1);
    }
};

void check_model(const RawLoadOptions& raw, LoadSettings& s, Checker& c) {
    const int modes = (!raw.rate.empty() ? 1 : 0) + (!raw.stages.empty() ? 1 : 0) + (raw.closed_loop ? 1 : 0);
    if (raw.find_capacity) {
        if (!raw.stages.empty() || raw.closed_loop)
            c.problems.push_back("--find-capacity chooses the rates itself: it takes neither --stages nor --closed-loop");
        if (raw.slo.empty()) c.problems.push_back("--find-capacity needs --slo (e.g. 'p99<100ms,errors<0.1%')");
    } else if (modes != 1) {
        c.problems.push_back(modes == 0 ? "say how to send: --rate R, --stages D:R,…, --closed-loop or --find-capacity"
                                        : "--rate, --stages and --closed-loop exclude each other: choose one");
    }
    if (!raw.slo.empty() && !raw.find_capacity) c.problems.push_back("--slo only applies with --find-capacity");
    const std::string default_duration = raw.ab.empty() ? "30s" : kDefaultAbSlice;
    const auto duration = c.duration("--duration", raw.duration.empty() ? default_duration : raw.duration, false);
    if (!raw.stages.empty() && !raw.duration.empty())
        c.problems.push_back("--duration has no meaning with --stages: the stages say how long the run is");
    if (!raw.warmup.empty())
        if (auto w = c.duration("--warmup", raw.warmup, true)) s.warmup = *w;
    if (!raw.read_batching.empty()) {
        if (raw.read_batching != "auto" && raw.read_batching != "off")
            c.problems.push_back("--read-batching \"" + raw.read_batching + "\": auto or off");
        else if (!raw.closed_loop)
            c.problems.push_back("--read-batching applies to --closed-loop only: an open-loop run sends on its schedule "
                                 "and reads every answer at once");
        s.read_batching = raw.read_batching != "off";
    }
    if (raw.closed_loop) {
        s.model = load::LoadModel::closed_loop;
        if (duration) s.duration = *duration;
        return;
    }
    if (!raw.stages.empty()) {
        auto stages = load::parse_stages(raw.stages);
        if (!stages) return c.problems.push_back("--stages: " + stages.error());
        auto schedule = load::Schedule::make(0, *stages);
        if (!schedule) return c.problems.push_back("--stages: " + schedule.error());
        s.warmup_rate = stages->front().target_rate;
        s.schedule = std::move(schedule.value());
        return;
    }
    if (raw.rate.empty()) return;
    const auto rate = c.number("--rate", raw.rate, 1e-3, 1e7);
    if (rate && duration && !raw.find_capacity) {
        auto schedule = load::Schedule::constant(*rate, *duration);
        if (!schedule) return c.problems.push_back("--rate: " + schedule.error());
        s.schedule = std::move(schedule.value());
        s.warmup_rate = *rate;
    }
    if (rate) s.capacity.start_rate = *rate;
}

void check_capacity(const RawLoadOptions& raw, LoadSettings& s, Checker& c) {
    if (!raw.find_capacity) return;
    s.find_capacity = true;
    if (!raw.slo.empty()) {
        auto slo = load::parse_threshold_list(raw.slo);
        if (!slo)
            for (const auto& p : slo.error()) c.problems.push_back("--slo: " + p);
        else s.slo = *slo;
    }
    s.step_duration = c.duration("--step-duration", raw.step_duration.empty() ? "10s" : raw.step_duration, false)
                          .value_or(load::Nanos(10s));
    if (!raw.max_rate.empty())
        if (auto m = c.number("--max-rate", raw.max_rate, 1e-3, 1e7)) s.capacity.max_rate = *m;
    if (!raw.precision.empty())
        if (auto p = c.number("--precision", raw.precision, 0.001, 1)) s.capacity.precision = *p;
    if (s.capacity.start_rate > s.capacity.max_rate) c.problems.push_back("--rate (the first step) exceeds --max-rate");
    const auto share = load::Nanos(static_cast<std::int64_t>(static_cast<double>(s.step_duration.count()) * kStepWarmupShare));
    s.step_warmup = raw.warmup.empty() ? std::min(share, kMaxDefaultStepWarmup) : s.warmup;
    s.warmup_rate = s.capacity.start_rate;
}

void check_mix(const RawLoadOptions& raw, LoadSettings& s, Checker& c, const spec::Spec& spec,
               const std::string& mixes_dir) {
    auto mix = load::read_mix(raw.mix.empty() ? "merchant-day" : raw.mix, mixes_dir);
    if (!mix) {
        c.problems.insert(c.problems.end(), mix.error().begin(), mix.error().end());
        return;
    }
    s.mix = *mix;
    auto entries = load::resolve_mix(*mix, spec, s.mix_warnings);
    if (!entries) {
        // One word that is neither a mix nor an operation was most likely meant as a mix's name.
        const bool one_name = !raw.mix.empty() && raw.mix.find_first_of(" ,:/") == std::string::npos;
        if (one_name) c.problems.push_back(load::unknown_mix_name(raw.mix, mixes_dir, spec));
        else c.problems.insert(c.problems.end(), entries.error().begin(), entries.error().end());
        return;
    }
    s.entries = *entries;
}

void check_thresholds(const RawLoadOptions& raw, LoadSettings& s, Checker& c) {
    // Each --threshold may be a comma-separated list, as --slo is.
    if (auto list = load::parse_threshold_lists(raw.thresholds); !list)
        for (const auto& p : list.error()) c.problems.push_back("--threshold: " + p);
    else s.thresholds = *list;
    if (raw.strict_mix && raw.lenient_mix) c.problems.push_back("--strict-mix and --lenient-mix exclude each other: choose one");
    const bool own_limit = std::any_of(s.thresholds.begin(), s.thresholds.end(), [](const load::Threshold& t) {
        return t.metric == load::Metric::substituted_ratio || t.metric == load::Metric::substituted_count;
    });
    const bool strict_by_default = !raw.thresholds.empty() && !raw.lenient_mix && !own_limit;
    if (raw.strict_mix || strict_by_default) s.thresholds.push_back(load::parse_threshold(kStrictMixThreshold).value());
    auto check_names = [&](const std::vector<load::Threshold>& list, const char* flag) {
        for (const auto& t : list) {
            if (t.metric == load::Metric::achieved_ratio && s.model == load::LoadModel::closed_loop)
                c.problems.push_back(std::string(flag) + " \"" + t.expression +
                                     "\": a closed-loop run has no requested rate to compare with");
            if (t.operation.empty() || s.entries.empty()) continue;
            bool known = false;
            for (const auto& e : s.entries) known = known || e.name == t.operation;
            if (!known)
                c.problems.push_back(std::string(flag) + " \"" + t.expression + "\": the mix has no operation \"" +
                                     t.operation + "\"");
        }
    };
    check_names(s.thresholds, "--threshold");
    check_names(s.slo, "--slo");
}

/// `--shard auto --shards N` is `--shard auto/N`: the spelling a manifest writes when the count is a
/// parameter of its own.
std::string with_count(const std::string& shard, const std::string& shards) {
    return shard == "auto" && !shards.empty() ? "auto/" + shards : shard;
}

void check_shard(const RawLoadOptions& raw, LoadSettings& s, Checker& c) {
    if (raw.shard.empty() && !raw.shards.empty())
        return c.problems.push_back("--shards " + raw.shards + " counts the shards of --shard auto: give --shard auto "
                                    "(the index from the job engine) or --shard i/N");
    if (raw.shard.empty()) return;
    // Each shard's steps would follow its own share's figures: the merged steps were a load nobody chose.
    if (raw.find_capacity)
        return c.problems.push_back("--shard does not combine with --find-capacity: each shard would step its rate by "
                                    "its own figures, so their sum is no search; search from one generator, then run "
                                    "the shards at the rate it found");
    auto place = load::parse_shard(with_count(raw.shard, raw.shards), load::process_environment());
    if (!place) return c.problems.push_back(place.error());
    if (!raw.shards.empty() && std::to_string(place->count) != raw.shards)
        return c.problems.push_back("--shard " + raw.shard + " names " + std::to_string(place->count) +
                                    " shards and --shards says " + raw.shards + ": give the count once");
    s.shard_index = place->index;
    s.shard_count = place->count;
    s.shard_source = place->source;
}

void check_start(const RawLoadOptions& raw, LoadSettings& s, Checker& c) {
    if (raw.start_at.empty()) return;
    const auto now = std::chrono::system_clock::now();
    auto at = load::parse_start_instant(raw.start_at, now);
    if (!at) return c.problems.push_back("--start-at " + at.error());
    if (auto problem = load::start_instant_problem(*at, now)) return c.problems.push_back("--start-at: " + *problem);
    // Each step's rate depends on the steps before: shards could not keep to one schedule.
    if (raw.find_capacity) return c.problems.push_back("--start-at does not combine with --find-capacity");
    s.start_at = *at;
}

/// --ab: two targets in turn, each slice the whole load on one of them, judged together at the end.
void check_ab(const RawLoadOptions& raw, LoadSettings& s, Checker& c) {
    if (raw.ab.empty()) {
        if (!raw.ab_slices.empty())
            c.problems.push_back("--ab-slices counts the pairs of slices of --ab: give --ab BASE_URL CANDIDATE_URL");
        return;
    }
    if (raw.ab.size() != 2 || raw.ab[0].empty() || raw.ab[1].empty())
        c.problems.push_back("--ab takes two base URLs, the baseline's and the candidate's (the same one twice for "
                             "an A/A run)");
    s.ab_pairs = c.integer("--ab-slices", raw.ab_slices.empty() ? std::to_string(kDefaultAbPairs) : raw.ab_slices,
                           2, 1000)
                     .value_or(kDefaultAbPairs);
    const auto refuse = [&](bool given, const std::string& why) {
        if (given) c.problems.push_back(why);
    };
    refuse(raw.find_capacity, "--ab compares two targets under one load; --find-capacity searches one target's "
                              "capacity: search each on its own");
    refuse(!raw.shard.empty(), "--ab does not combine with --shard: each slice is the whole load on one target, "
                               "one after another");
    refuse(!raw.start_at.empty(), "--ab runs its slices one after another: --start-at has no instant to keep");
    refuse(!raw.summary_md.empty(), "--summary-md writes one run's verdict; --ab's is the comparison, in "
                                    "compare.json under --out");
    refuse(!raw.faults.empty(), "--fault switches faults on in the embedded reference server; --ab's targets are "
                                "servers of their own (dockside serve --fault)");
}

}  // namespace

Result<LoadSettings, std::vector<std::string>> validate_load_options(const RawLoadOptions& raw, const spec::Spec& spec,
                                                                     const std::string& mixes_dir) {
    Checker c;
    LoadSettings s;
    check_model(raw, s, c);
    check_capacity(raw, s, c);
    if (auto n = c.integer("--connections", raw.connections, 1, 100000)) s.connections = *n;
    if (auto n = c.integer("--threads", raw.threads, 1, 256)) s.threads = *n;
    if (s.threads > s.connections)
        c.problems.push_back("--threads (" + std::to_string(s.threads) + ") may not exceed --connections (" +
                             std::to_string(s.connections) + "): every thread needs a connection");
    check_mix(raw, s, c, spec, mixes_dir);
    check_thresholds(raw, s, c);
    if (!raw.validate.empty())
        if (auto f = c.fraction("--validate", raw.validate)) s.validate = *f;
    check_shard(raw, s, c);
    check_start(raw, s, c);
    check_ab(raw, s, c);
    if (!raw.variants.empty())
        if (auto n = c.integer("--variants", raw.variants, 1, 100000)) s.variants = *n;
    if (!raw.seed.empty()) {
        std::uint64_t seed = 0;
        auto [ptr, ec] = std::from_chars(raw.seed.data(), raw.seed.data() + raw.seed.size(), seed);
        if (ec != std::errc{} || ptr != raw.seed.data() + raw.seed.size())
            c.problems.push_back("--seed \"" + raw.seed + "\": expected a whole number");
        s.seed = seed;
        s.seed_given = true;
    } else {
        std::random_device device;
        s.seed = (static_cast<std::uint64_t>(device()) << 20 | device()) % 1000000000ULL + 1;
    }
    s.out = raw.out;
    s.summary_md = raw.summary_md;
    if (!raw.summary_md.empty()) {
        // Written after the run: a folder that is not there is said now, not after minutes of load.
        const auto folder = std::filesystem::path(raw.summary_md).parent_path();
        std::error_code ec;
        if (!folder.empty() && !std::filesystem::is_directory(folder, ec))
            c.problems.push_back("--summary-md " + raw.summary_md + ": the folder " + folder.string() + " does not exist");
    }
    s.faults = raw.faults;
    if (!c.problems.empty()) return fail(std::move(c.problems));
    return s;
}

nlohmann::json configuration_json(const LoadSettings& s) {
    using nlohmann::json;
    json c;
    c["model"] = s.model == load::LoadModel::open_loop ? "open-loop" : "closed-loop";
    if (s.schedule) {
        json stages = json::array();
        for (const auto& stage : s.schedule->stages())
            stages.push_back({{"duration_s", static_cast<double>(stage.duration.count()) / 1e9},
                              {"target_rate", stage.target_rate}});
        c["schedule"] = {{"start_rate", s.schedule->start_rate()},
                         {"stages", stages},
                         {"description", s.schedule->describe()},
                         {"duration_s", static_cast<double>(s.schedule->duration_ns()) / 1e9}};
    }
    if (s.model == load::LoadModel::closed_loop) {
        c["duration_s"] = static_cast<double>(s.duration.count()) / 1e9;
        c["read_batching"] = s.read_batching ? "auto" : "off";
    }
    c["warmup_s"] = static_cast<double>(s.warmup.count()) / 1e9;
    c["connections"] = s.connections;
    c["threads"] = s.threads;
    json entries = json::array();
    for (const auto& e : s.entries) entries.push_back({{"operation", e.name}, {"weight", e.weight}});
    c["mix"] = {{"name", s.mix.name}, {"source", s.mix.source}, {"operations", entries}};
    c["validate"] = s.validate;
    c["shard"] = {{"index", s.shard_index}, {"count", s.shard_count}};
    if (!s.shard_source.empty()) c["shard"]["from"] = s.shard_source;
    if (s.start_at) c["start_at"] = load::format_utc(*s.start_at);
    c["variants"] = s.variants;
    if (!s.faults.empty()) c["faults"] = s.faults;
    if (s.find_capacity) {
        std::vector<std::string> slo;
        for (const auto& t : s.slo) slo.push_back(t.expression);
        c["capacity"] = {{"slo", slo},
                         {"step_duration_s", static_cast<double>(s.step_duration.count()) / 1e9},
                         {"step_warmup_s", static_cast<double>(s.step_warmup.count()) / 1e9},
                         {"start_rate", s.capacity.start_rate},
                         {"max_rate", s.capacity.max_rate},
                         {"precision", s.capacity.precision}};
    }
    return c;
}

}  // namespace dockside::loadtool
