#include "tools/dockside/load_plan.h"

#include <cmath>
#include <iomanip>
#include <sstream>

#include "harness/load/duration_text.h"
#include "tools/dockside/conform_plan.h"
#include "tools/load/operation_bindings.h"

namespace dockside::cli {
namespace {

double total_weight(const loadtool::LoadSettings& settings) {
    double total = 0;
    for (const auto& e : settings.entries) total += e.weight;
    return total;
}

std::string share(double weight, double total) { return load::format_percent(total > 0 ? weight / total : 0); }

/// Requests the open-loop schedule sends (recorded, and in its warm-up), this shard's share.
std::pair<double, double> scheduled(const loadtool::LoadSettings& s) {
    const double recorded = s.schedule ? s.schedule->count_before(s.schedule->duration_ns()) : 0;
    const double warmup = s.warmup_rate * std::chrono::duration<double>(s.warmup).count();
    return {recorded / s.shard_count, warmup / s.shard_count};
}

std::string model_line(const loadtool::LoadSettings& s) {
    std::ostringstream out;
    if (s.find_capacity) {
        out << "capacity search from " << s.capacity.start_rate << " to at most " << s.capacity.max_rate
            << " requests a second, steps of " << load::format_duration(s.step_duration) << " (each after a "
            << load::format_duration(s.step_warmup) << " warm-up); requests depend on where it stops";
    } else if (s.model == load::LoadModel::closed_loop) {
        out << "closed loop for " << load::format_duration(s.duration) << ": each connection sends its next request "
            << "when the answer is in, so the count depends on the target";
    } else if (s.schedule) {
        const auto [recorded, warmup] = scheduled(s);
        out << "open loop, " << load::format_duration(std::chrono::nanoseconds(s.schedule->duration_ns())) << " up to "
            << s.schedule->peak_rate() << " requests a second: about " << std::llround(recorded) << " requests recorded";
        if (warmup > 0) out << " after about " << std::llround(warmup) << " in a " << load::format_duration(s.warmup) << " warm-up";
    }
    out << "; " << s.connections << " connections on " << s.threads << " threads";
    if (s.shard_count > 1) out << "; shard " << s.shard_index + 1 << " of " << s.shard_count << " (its share)";
    return out.str();
}

}  // namespace

std::string writes_of(const load::ResolvedEntry& entry) {
    if (is_write(entry.method)) return entry.method;
    if (!entry.concrete_path.empty() || !entry.operation) return {};
    const auto* binding = loadtool::binding_for(entry.name);
    if (!binding || binding->fallback.empty()) return {};
    return "sent as " + binding->fallback + " while no id is at hand";
}

std::string writing_entries(const loadtool::LoadSettings& settings) {
    const double total = total_weight(settings);
    std::string out;
    for (const auto& e : settings.entries) {
        const std::string why = writes_of(e);
        if (why.empty()) continue;
        out += (out.empty() ? "" : ", ") + e.name + " (" + share(e.weight, total) +
               (is_write(e.method) ? "" : ", " + why) + ")";
    }
    return out;
}

std::string render_load_plan(const loadtool::LoadSettings& settings) {
    std::ostringstream out;
    out << "plan: " << model_line(settings) << "\n";
    const double total = total_weight(settings);
    const bool counted = !settings.find_capacity && settings.model == load::LoadModel::open_loop && settings.schedule;
    const double requests = counted ? scheduled(settings).first + scheduled(settings).second : 0;
    double writes = 0;
    for (const auto& e : settings.entries) {
        const std::string why = writes_of(e);
        out << "  " << std::left << std::setw(28) << e.name << std::right << std::setw(7) << share(e.weight, total);
        if (counted) out << "  about " << std::setw(7) << std::llround(requests * e.weight / total);
        out << "  " << (why.empty() ? "read" : is_write(e.method) ? "WRITE (" + e.method + ")" : "read, may write: " + why)
            << "\n";
        if (is_write(e.method)) writes += e.weight;
    }
    out << "writes: " << share(writes, total) << " of the mix";
    if (counted) out << ", about " << std::llround(requests * writes / total) << " requests";
    out << (writing_entries(settings).empty() ? "" : "; may write: " + writing_entries(settings)) << "\n";
    return out.str();
}

}  // namespace dockside::cli
