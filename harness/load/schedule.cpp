#include "harness/load/schedule.h"

#include <algorithm>
#include <cmath>
#include <cstdio>

namespace dockside::load {
namespace {

constexpr double kNanosPerSecond = 1e9;

std::string rate_text(double rate) {
    char buffer[32];
    std::snprintf(buffer, sizeof buffer, "%g", rate);
    return buffer;
}

}  // namespace

Result<std::vector<Stage>, std::string> parse_stages(std::string_view text) {
    std::vector<Stage> stages;
    std::size_t start = 0;
    while (start <= text.size()) {
        std::size_t comma = text.find(',', start);
        if (comma == std::string_view::npos) comma = text.size();
        const std::string piece(text.substr(start, comma - start));
        const auto colon = piece.find(':');
        if (colon == std::string::npos)
            return fail("stage \"" + piece + "\" is not DURATION:RATE (e.g. 30s:500)");
        auto duration = parse_duration(piece.substr(0, colon));
        if (!duration) return fail("stage \"" + piece + "\": " + duration.error());
        const std::string rate_part = piece.substr(colon + 1);
        char* end = nullptr;
        const double rate = std::strtod(rate_part.c_str(), &end);
        if (rate_part.empty() || end != rate_part.c_str() + rate_part.size() || !std::isfinite(rate) || rate < 0)
            return fail("stage \"" + piece + "\": rate \"" + rate_part + "\" is not a number of requests per second >= 0");
        stages.push_back({*duration, rate});
        start = comma + 1;
    }
    return stages;
}

Result<Schedule, std::string> Schedule::make(double start_rate, std::vector<Stage> stages) {
    if (stages.empty()) return fail(std::string("a schedule needs at least one stage"));
    if (!std::isfinite(start_rate) || start_rate < 0) return fail(std::string("the start rate must be a number >= 0"));
    Schedule s;
    s.start_rate_ = start_rate;
    double rate = start_rate;
    double count = 0;
    std::int64_t at = 0;
    for (const auto& stage : stages) {
        if (stage.duration.count() <= 0) return fail(std::string("every stage needs a duration above zero"));
        if (!std::isfinite(stage.target_rate) || stage.target_rate < 0)
            return fail(std::string("every stage's rate must be a number >= 0"));
        Segment seg{at, stage.duration.count(), rate, stage.target_rate, count};
        s.segments_.push_back(seg);
        count += (rate + stage.target_rate) / 2 * (static_cast<double>(seg.length_ns) / kNanosPerSecond);
        at += seg.length_ns;
        rate = stage.target_rate;
    }
    s.stages_ = std::move(stages);
    s.duration_ns_ = at;
    s.total_requests_ = first_index_at(count);
    if (s.total_requests_ == 0) return fail(std::string("the schedule sends no request (every rate is 0)"));
    return s;
}

Result<Schedule, std::string> Schedule::constant(double rate, Nanos duration) {
    if (!std::isfinite(rate) || rate <= 0) return fail(std::string("the rate must be a number of requests per second above 0"));
    return make(rate, {Stage{duration, rate}});
}

std::uint64_t Schedule::first_index_at(double n) {
    // k is sent when count(t_k) == k; requests k < n are due. A tolerance keeps 30 s at 500/s at
    // exactly 15000 requests despite floating-point sums.
    if (n <= 0) return 0;
    return static_cast<std::uint64_t>(std::ceil(n - 1e-6));
}

double Schedule::rate_at(std::int64_t t) const {
    if (t < 0 || t >= duration_ns_) return 0;
    for (const auto& seg : segments_)
        if (t < seg.start_ns + seg.length_ns) {
            const double f = static_cast<double>(t - seg.start_ns) / static_cast<double>(seg.length_ns);
            return seg.rate0 + (seg.rate1 - seg.rate0) * f;
        }
    return 0;
}

double Schedule::count_before(std::int64_t t) const {
    if (t <= 0) return 0;
    const Segment* last = &segments_.back();
    for (const auto& seg : segments_) {
        if (t < seg.start_ns + seg.length_ns) {
            const double dt = static_cast<double>(t - seg.start_ns) / kNanosPerSecond;
            const double slope = (seg.rate1 - seg.rate0) / (static_cast<double>(seg.length_ns) / kNanosPerSecond);
            return seg.count0 + seg.rate0 * dt + slope * dt * dt / 2;
        }
    }
    const double length = static_cast<double>(last->length_ns) / kNanosPerSecond;
    return last->count0 + (last->rate0 + last->rate1) / 2 * length;
}

std::optional<std::int64_t> Schedule::time_of(std::uint64_t k) const {
    if (k >= total_requests_) return std::nullopt;
    const double n = static_cast<double>(k);
    // The segment in which the cumulative count passes n (segments are few: a linear scan is cheapest).
    const Segment* seg = &segments_.front();
    for (const auto& candidate : segments_) {
        if (candidate.count0 > n) break;
        seg = &candidate;
    }
    const double length = static_cast<double>(seg->length_ns) / kNanosPerSecond;
    const double slope = (seg->rate1 - seg->rate0) / length;
    const double need = n - seg->count0;
    double dt;
    if (need <= 0) {
        dt = 0;
    } else {
        // Solve rate0*dt + slope*dt²/2 = need in the form that stays exact when rate0 or slope is 0.
        const double disc = seg->rate0 * seg->rate0 + 2 * slope * need;
        const double root = disc > 0 ? std::sqrt(disc) : 0;
        const double denom = seg->rate0 + root;
        dt = denom > 0 ? 2 * need / denom : length;
    }
    dt = std::min(dt, length);
    const auto t = seg->start_ns + static_cast<std::int64_t>(std::llround(dt * kNanosPerSecond));
    return std::min(t, duration_ns_ - 1);
}

std::uint64_t Schedule::requests_between(std::int64_t from, std::int64_t to) const {
    if (to <= from) return 0;
    const auto a = std::min(first_index_at(count_before(from)), total_requests_);
    const auto b = to >= duration_ns_ ? total_requests_ : std::min(first_index_at(count_before(to)), total_requests_);
    return b > a ? b - a : 0;
}

double Schedule::peak_rate() const {
    double peak = start_rate_;
    for (const auto& stage : stages_) peak = std::max(peak, stage.target_rate);
    return peak;
}

std::string Schedule::describe() const {
    if (segments_.size() == 1 && segments_[0].rate0 == segments_[0].rate1)
        return "constant " + rate_text(segments_[0].rate0) + "/s for " + format_duration(Nanos(duration_ns_));
    std::string out;
    for (const auto& seg : segments_) {
        if (!out.empty()) out += ", ";
        out += rate_text(seg.rate0) + "\xE2\x86\x92" + rate_text(seg.rate1) + "/s in " +
               format_duration(Nanos(seg.length_ns));
    }
    return out;
}

}  // namespace dockside::load
