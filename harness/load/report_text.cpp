#include "harness/load/report_text.h"

#include <algorithm>
#include <cstdio>
#include <ostream>
#include <sstream>

#include "harness/load/duration_text.h"

namespace dockside::load {
namespace {

std::string ms_text(std::int64_t micros) {
    char buffer[32];
    std::snprintf(buffer, sizeof buffer, "%.3f", static_cast<double>(micros) / 1000.0);
    return buffer;
}

std::string seconds_text(double s) {
    char buffer[32];
    if (s < 10) std::snprintf(buffer, sizeof buffer, "%.1fs", s);
    else std::snprintf(buffer, sizeof buffer, "%.0fs", s);
    return buffer;
}

std::string rate_text(double rate) {
    char buffer[32];
    std::snprintf(buffer, sizeof buffer, rate < 100 ? "%.1f/s" : "%.0f/s", rate);
    return buffer;
}

void table_row(std::ostringstream& out, std::size_t name_width, const std::string& name,
               const OperationCounters& counters, const histogram::Histogram& latency,
               const histogram::Histogram& service, double duration_s) {
    char line[512];
    const bool any = latency.total_count() > 0;
    const auto pct = [&](double p) { return any ? ms_text(latency.value_at_percentile(p)) : std::string("-"); };
    std::snprintf(line, sizeof line, "  %-*s %9lld %9.1f %7lld %9s %9s %9s %9s %9s %10s\n", static_cast<int>(name_width),
                  name.c_str(), static_cast<long long>(counters.requests()),
                  duration_s > 0 ? static_cast<double>(counters.requests()) / duration_s : 0.0,
                  static_cast<long long>(counters.errors_total()), pct(50).c_str(), pct(90).c_str(), pct(99).c_str(),
                  pct(99.9).c_str(), any ? ms_text(latency.max()).c_str() : "-",
                  service.total_count() > 0 ? ms_text(service.value_at_percentile(99)).c_str() : "-");
    out << line;
}

}  // namespace

std::string progress_line(const ProgressFigures& f) {
    std::ostringstream out;
    if (f.warming_up) {
        out << "  warming up, " << seconds_text(f.elapsed_s) << " to go  in flight " << f.in_flight;
        return out.str();
    }
    out << "  " << seconds_text(f.elapsed_s);
    if (f.total_s > 0) out << "/" << seconds_text(f.total_s);
    if (f.target_rate > 0) out << "  target " << rate_text(f.target_rate);
    out << "  achieved " << rate_text(f.achieved_rate) << "  in flight " << f.in_flight;
    if (f.waiting > 0) out << "  waiting " << f.waiting;
    const auto latency = [](const std::optional<std::int64_t>& us) {
        return us ? format_micros(static_cast<double>(*us)) : std::string("-");
    };
    out << "  p50 " << latency(f.p50_us) << "  p99 " << latency(f.p99_us);
    out << "  errors " << f.errors << " ("
        << format_percent(f.requests > 0 ? static_cast<double>(f.errors) / static_cast<double>(f.requests) : 0.0) << ")";
    return out.str();
}

void ProgressPrinter::show(const std::string& line) {
    if (terminal_) {
        out_ << "\r" << line << "\x1b[K" << std::flush;
        pending_ = true;
    } else {
        out_ << line << "\n" << std::flush;
    }
}

void ProgressPrinter::finish() {
    if (pending_) out_ << "\n" << std::flush;
    pending_ = false;
}

std::string percentile_table(const RunResult& result) {
    std::size_t width = 9;
    for (const auto& op : result.operations) width = std::max(width, op.name.size());
    std::ostringstream out;
    char line[512];
    std::snprintf(line, sizeof line, "  %-*s %9s %9s %7s %9s %9s %9s %9s %9s %10s\n", static_cast<int>(width),
                  "operation", "requests", "req/s", "errors", "p50 ms", "p90 ms", "p99 ms", "p99.9 ms", "max ms",
                  "svc p99 ms");
    out << line;
    for (const auto& op : result.operations)
        table_row(out, width, op.name, op.counters, op.latency, op.service, result.duration_s);
    if (result.operations.size() > 1)
        table_row(out, width, "all", result.total_counters(), result.total_latency(), result.total_service(),
                  result.duration_s);
    return out.str();
}

std::string error_table(const RunResult& result) {
    std::ostringstream out;
    for (const auto& op : result.operations) {
        std::string parts;
        for (auto kind : all_error_kinds())
            if (const auto n = op.counters.errors[static_cast<std::size_t>(kind)]; n > 0)
                parts += "  " + std::string(to_string(kind)) + " " + std::to_string(n);
        for (int code = 400; code <= kMaxStatus; ++code)
            if (const auto n = op.counters.status_count(code); n > 0)
                // 429 is throttling, its own class (NS-RATE-LIMITS; threshold rate_limited<…).
                parts += (code == 429 ? "  rate_limited (HTTP 429) " : "  HTTP " + std::to_string(code) + " ") + std::to_string(n);
        if (op.counters.other_status > 0) parts += "  HTTP other " + std::to_string(op.counters.other_status);
        if (op.counters.retried > 0) parts += "  (resent after idle close " + std::to_string(op.counters.retried) + ")";
        if (!parts.empty()) out << "  " << op.name << ":" << parts << "\n";
        for (const auto& e : op.error_examples) {
            std::string detail = e.detail.substr(0, 160);
            for (char& c : detail)
                if (c == '\n' || c == '\r') c = ' ';
            out << "    e.g. " << e.what << ": " << detail << (e.detail.size() > 160 ? "…" : "") << "\n";
        }
    }
    return out.str();
}

std::string validation_report(const RunResult& result) {
    std::ostringstream out;
    bool any = false;
    for (const auto& op : result.operations) {
        const auto& s = op.sampling;
        if (s.sampled == 0) continue;
        any = true;
        out << "  " << op.name << ": sampled " << s.sampled << ", validated " << s.validated << ", failed " << s.failed;
        if (s.skipped > 0) out << ", skipped " << s.skipped << " (validation queue full: not judged)";
        out << "\n";
        for (const auto& v : s.violations) {
            out << "    " << v.rule << " at " << (v.pointer.empty() ? "(response)" : v.pointer) << ": " << v.count
                << " time" << (v.count == 1 ? "" : "s") << "; e.g. HTTP " << v.status << ": " << v.message << "\n";
        }
    }
    return any ? out.str() : std::string();
}

}  // namespace dockside::load
