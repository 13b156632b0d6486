#include "harness/load/run_report.h"

#include <algorithm>
#include <cctype>
#include <ctime>
#include <ostream>

#include "core/exit_codes.h"
#include "harness/load/duration_text.h"
#include "harness/load/report_text.h"
#include "harness/load/result_files.h"
#include "harness/load/load_junit.h"

namespace dockside::load {

std::string utc_now(bool compact) {
    const std::time_t now = std::time(nullptr);
    std::tm tm{};
    gmtime_r(&now, &tm);
    char buffer[32];
    std::strftime(buffer, sizeof buffer, compact ? "%Y%m%d-%H%M%S" : "%Y-%m-%dT%H:%M:%SZ", &tm);
    return buffer;
}

void judge_run(RunSummary& summary, const std::vector<Threshold>& thresholds) {
    const auto& result = summary.result;
    summary.thresholds = evaluate(thresholds, result);
    summary.reasons.clear();
    for (const auto& t : summary.thresholds)
        if (!t.passed) summary.reasons.push_back("threshold " + t.threshold.expression + " crossed: " + t.actual_text +
                                                 " (" + t.margin_text + ")");
    std::int64_t violations = 0;
    for (const auto& op : result.operations) violations += op.sampling.failed;
    if (violations > 0)
        summary.reasons.push_back(std::to_string(violations) + " sampled response" + (violations == 1 ? "" : "s") +
                                  " violated the contract");
    const auto totals = result.total_counters();
    const bool no_answer = totals.responses() == 0 && totals.attempted() > 0;
    if (no_answer) summary.reasons.push_back("the target answered no request at all");
    if (result.interrupted) summary.reasons.push_back("interrupted before the end");
    summary.passed = summary.reasons.empty();
    // A run that was cut short, or whose target never answered, did not measure anything: "could not run".
    if (result.interrupted || no_answer) summary.exit_code = cli::kExitCannotRun;
    else summary.exit_code = summary.passed ? cli::kExitOk : cli::kExitViolations;
}

namespace {

/// A secret this long is not found inside other text by chance; a shorter one ("t" in "timeout") is.
constexpr std::size_t kFoundAnywhereLength = 12;

/// The characters of a bearer token (RFC 6750, b64token).
bool token_char(char c) {
    return std::isalnum(static_cast<unsigned char>(c)) || c == '-' || c == '.' || c == '_' || c == '~' || c == '+' ||
           c == '/' || c == '=';
}

/// Replaces `secret` where it stands as a whole token, and, when it is long, wherever it occurs: an echoed
/// credential is the first kind, and a short secret found inside a word is a coincidence that replacing
/// would only garble.
void replace_all(std::string& text, const std::string& secret) {
    static const std::string kMark = "$DOCKSIDE_TOKEN";
    const bool anywhere = secret.size() >= kFoundAnywhereLength;
    for (auto at = text.find(secret); at != std::string::npos; at = text.find(secret, at)) {
        const std::size_t end = at + secret.size();
        // '=' only ends a token (padding), so "token=t" holds the whole token "t".
        const bool starts = at == 0 || !token_char(text[at - 1]) || text[at - 1] == '=';
        const bool whole = starts && (end == text.size() || !token_char(text[end]));
        if (!anywhere && !whole) {
            ++at;
            continue;
        }
        text.replace(at, secret.size(), kMark);
        at += kMark.size();
    }
}

}  // namespace

void redact(RunSummary& summary, const std::string& secret) {
    if (secret.empty()) return;
    for (auto& op : summary.result.operations) {
        for (auto& e : op.error_examples) replace_all(e.detail, secret);
        for (auto& v : op.sampling.violations) {
            replace_all(v.message, secret);
            replace_all(v.body_excerpt, secret);
        }
    }
}

Result<bool, std::string> write_run_files(const std::string& directory, RunSummary& summary) {
    auto files = write_histogram_files(directory, summary.result);
    if (!files) return fail(files.error());
    for (const auto& [key, value] : files->items()) summary.files[key] = value;
    summary.files["junit"] = kJunitFile;
    if (auto written = write_summary(directory, summary); !written) return written;
    // The gate as CI servers read it, beside the record it is judged from.
    return write_text_file(directory + "/" + kJunitFile, render_load_junit(summary));
}

std::string substitution_note(const RunResult& result) {
    const auto totals = result.total_counters();
    if (totals.substituted == 0) return {};
    char line[256];
    std::snprintf(line, sizeof line,
                  "the mix was not sent as planned: %lld of %lld requests (%s) went out as another operation, since "
                  "they needed an id (from the target's listing at the start or an earlier answer) and none was at "
                  "hand:\n",
                  static_cast<long long>(totals.substituted), static_cast<long long>(totals.drawn()),
                  format_percent(*result.substituted_share()).c_str());
    std::string note = line;
    for (const auto& op : result.operations) {
        const auto& c = op.counters;
        if (c.substituted == 0) continue;
        std::snprintf(line, sizeof line, "  %s: %lld of %lld drawn (%s) sent as %s\n", op.name.c_str(),
                      static_cast<long long>(c.substituted), static_cast<long long>(c.drawn()),
                      format_percent(static_cast<double>(c.substituted) / static_cast<double>(c.drawn())).c_str(),
                      op.fallback.empty() ? "another operation" : op.fallback.c_str());
        note += line;
    }
    return note + "  (summary.json: substitutions; --strict-mix or --threshold 'substituted<1%' fails a run on it)\n";
}

void print_report(std::ostream& out, const RunSummary& summary, const std::string& directory) {
    const auto& r = summary.result;
    const auto totals = r.total_counters();
    out << "\n" << percentile_table(r);
    if (const auto timeouts = totals.errors[static_cast<std::size_t>(ErrorKind::timeout)]; timeouts > 0) {
        // Said beside the percentiles: they hold these requests at the moment each was given up.
        out << "  the latencies include " << timeouts << " request" << (timeouts == 1 ? "" : "s")
            << " that timed out, each counted when it was given up (--timeout "
            << format_duration(Nanos(static_cast<std::int64_t>(r.request_timeout_s * 1e9)))
            << " after it was sent): the caller waited at least that long\n";
    }
    char line[256];
    std::snprintf(line, sizeof line, "\n  %lld requests in %.2fs: %.1f req/s", static_cast<long long>(totals.requests()),
                  r.duration_s, r.requests_per_second());
    out << line;
    if (const auto ratio = r.achieved_ratio()) {
        std::snprintf(line, sizeof line, " (requested %.1f/s, achieved %.2f%%)", r.requested_rate(), *ratio * 100);
        out << line;
    }
    out << "; errors " << totals.errors_total() << "\n";
    if (r.open_loop && r.send_lag.total_count() > 0)
        out << "  send lag: p50 " << format_micros(static_cast<double>(r.send_lag.value_at_percentile(50)))
            << ", p99 " << format_micros(static_cast<double>(r.send_lag.value_at_percentile(99))) << ", max "
            << format_micros(static_cast<double>(r.send_lag.max())) << "\n";
    if (r.open_loop && totals.waited > 0) {
        // The send lag mixes two causes; say which share is the target's, so nobody tunes the wrong side.
        std::snprintf(line, sizeof line,
                      "  %lld requests (%.2f%%) were due while every connection was busy: the target fell behind or "
                      "--connections is too low; their wait is in the send lag and the latency\n",
                      static_cast<long long>(totals.waited),
                      100.0 * static_cast<double>(totals.waited) / static_cast<double>(std::max<std::int64_t>(totals.sent, 1)));
        out << line;
        if (r.own_send_lag.total_count() > 0)
            out << "  send lag of the others, which found a connection free (the generator's own): p50 "
                << format_micros(static_cast<double>(r.own_send_lag.value_at_percentile(50))) << ", p99 "
                << format_micros(static_cast<double>(r.own_send_lag.value_at_percentile(99))) << ", max "
                << format_micros(static_cast<double>(r.own_send_lag.max())) << "\n";
    }
    const auto& timing = r.answer_timing;
    if (timing.answers > timing.at_arrival) {
        // Without the kernel's stamp an answer counts from when it was read: say so, since a busy generator
        // then adds to latency.
        std::snprintf(line, sizeof line, "  %.1f%% of answers timed when read, not on arrival (TLS, or no kernel receive stamps)\n",
                      100.0 * static_cast<double>(timing.answers - timing.at_arrival) / static_cast<double>(timing.answers));
        out << line;
    }
    if (timing.batched_share && *timing.batched_share > 0) {
        std::snprintf(line, sizeof line,
                      "  answers read in batches for %.0f%% of the run, where that completed more requests "
                      "(--read-batching off reads each at once)\n",
                      100.0 * *timing.batched_share);
        out << line;
    }
    if (const auto errors = error_table(r); !errors.empty()) out << "\nerrors:\n" << errors;
    if (const auto note = substitution_note(r); !note.empty()) out << "\n" << note;
    if (const auto validation = validation_report(r); !validation.empty())
        out << "\nsampled validation:\n" << validation;
    if (!summary.thresholds.empty()) out << "\nthresholds:\n" << render_thresholds(summary.thresholds);
    if (r.interrupted) out << "\ninterrupted: the figures cover the run up to the interrupt\n";
    out << "\nresults: " << directory << "/summary.json\njunit:   " << directory << "/" << kJunitFile << "\n";
    if (!summary.passed)
        for (const auto& reason : summary.reasons) out << "dockside load: " << reason << "\n";
    out.flush();
}

}  // namespace dockside::load
