#include "harness/load/shard_option.h"

#include <charconv>
#include <cstdlib>

namespace dockside::load {
namespace {

std::optional<long> whole_number(const std::optional<std::string>& text) {
    if (!text) return std::nullopt;
    long v = 0;
    const char* end = text->data() + text->size();
    auto [ptr, ec] = std::from_chars(text->data(), end, v);
    if (text->empty() || ec != std::errc{} || ptr != end) return std::nullopt;
    return v;
}

std::string shown(const std::string& name, const std::optional<std::string>& value) {
    return name + "=" + (value ? "\"" + *value + "\"" : "(unset)");
}

/// An engine's position: index and, where the engine gives one, count; an error naming the variables.
struct EnginePlace {
    long index = 0;
    std::optional<long> count;
    std::string source;
};

/// The first engine whose index variable is set; nullopt when none is.
std::optional<Result<EnginePlace, std::string>> engine_place(const Environment& env) {
    using R = Result<EnginePlace, std::string>;
    if (auto kubernetes = env("JOB_COMPLETION_INDEX")) {
        auto index = whole_number(kubernetes);
        if (!index) return R(fail(shown("JOB_COMPLETION_INDEX", kubernetes) + " is not a whole number"));
        return R(EnginePlace{*index, std::nullopt, "JOB_COMPLETION_INDEX"});
    }
    if (auto slurm = env("SLURM_ARRAY_TASK_ID")) {
        const auto min_text = env("SLURM_ARRAY_TASK_MIN"), count_text = env("SLURM_ARRAY_TASK_COUNT");
        const auto id = whole_number(slurm), min = whole_number(min_text), count = whole_number(count_text);
        if (!id || !min || !count)
            return R(fail("a Slurm array task needs " + shown("SLURM_ARRAY_TASK_ID", slurm) + ", " +
                          shown("SLURM_ARRAY_TASK_MIN", min_text) + " and " + shown("SLURM_ARRAY_TASK_COUNT", count_text) +
                          " as whole numbers"));
        // Arrays may start anywhere (--array=1-8) but must be contiguous to be shards of one schedule:
        // then the index is the id's distance from the first.
        return R(EnginePlace{*id - *min, *count, "SLURM_ARRAY_TASK_ID"});
    }
    if (auto gitlab = env("CI_NODE_INDEX")) {
        const auto total_text = env("CI_NODE_TOTAL");
        const auto index = whole_number(gitlab), total = whole_number(total_text);
        if (!index || !total)
            return R(fail("GitLab CI's parallel jobs need " + shown("CI_NODE_INDEX", gitlab) + " and " +
                          shown("CI_NODE_TOTAL", total_text) + " as whole numbers"));
        return R(EnginePlace{*index - 1, *total, "CI_NODE_INDEX"});  // GitLab counts from 1
    }
    return std::nullopt;
}

Result<ShardPlace, std::string> checked(long index, long count, std::string source, const std::string& text) {
    if (count < 1 || count > static_cast<long>(kMaxShards) || index < 0 || index >= count)
        return fail("--shard \"" + text + "\": expected i/N with 0 <= i < N <= " + std::to_string(kMaxShards) +
                    (source.empty() ? " (e.g. 0/2)" : "; " + source + " gives index " + std::to_string(index) +
                                                          " of " + std::to_string(count)));
    return ShardPlace{static_cast<unsigned>(index), static_cast<unsigned>(count), std::move(source)};
}

Result<ShardPlace, std::string> from_environment(const std::string& text, const Environment& env) {
    std::optional<long> given_count;
    if (text != "auto") {
        given_count = whole_number(text.substr(5));
        if (!given_count) return fail("--shard \"" + text + "\": expected auto, auto/N or i/N (e.g. auto/4, 0/2)");
    }
    auto place = engine_place(env);
    if (!place)
        return fail("--shard " + text + ": no job engine's index in the environment: JOB_COMPLETION_INDEX "
                    "(a Kubernetes Indexed Job), SLURM_ARRAY_TASK_ID (a Slurm job array) and CI_NODE_INDEX "
                    "(GitLab CI parallel jobs) are all unset; give the shard as i/N");
    if (!*place) return fail("--shard " + text + ": " + place->error());
    const EnginePlace& p = place->value();
    if (!given_count && !p.count)
        return fail("--shard auto: " + p.source + " gives the index (" + std::to_string(p.index) +
                    ") but no count of shards (a Kubernetes Job has none to give): write --shard auto/N with N "
                    "the Job's completions");
    if (given_count && p.count && *given_count != *p.count)
        return fail("--shard " + text + ": the job engine runs " + std::to_string(*p.count) + " copies (" + p.source +
                    "), not " + std::to_string(*given_count));
    return checked(p.index, given_count.value_or(p.count.value_or(0)), p.source, text);
}

}  // namespace

Environment process_environment() {
    return [](const std::string& name) -> std::optional<std::string> {
        const char* value = std::getenv(name.c_str());
        return value ? std::optional<std::string>(value) : std::nullopt;
    };
}

Result<ShardPlace, std::string> parse_shard(const std::string& text, const Environment& environment) {
    if (text == "auto" || text.rfind("auto/", 0) == 0) return from_environment(text, environment);
    const auto slash = text.find('/');
    if (slash == std::string::npos) return checked(-1, 0, "", text);
    const auto index = whole_number(text.substr(0, slash)), count = whole_number(text.substr(slash + 1));
    if (!index || !count) return checked(-1, 0, "", text);
    return checked(*index, *count, "", text);
}

}  // namespace dockside::load
