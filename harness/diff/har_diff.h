#pragma once
/// Two recordings of the same seeded run against two targets (HAR 1.2 as `dockside conform --har` writes
/// it), compared exchange by exchange: entries are paired by the exchange they record
/// (`_dockside.exchange`, "Test.Name#7"; the last try of a request repeated after a 429), compared in each
/// test's order so that what a target made is mapped before it is named again (exchange_diff.h), and the
/// differences grouped by operation, kind and place with how often each was seen. Once a test's two runs
/// go apart (another request, or one sent on one side only), where they did is one difference and the
/// test's later exchanges are not compared: they are no longer answers to one request.
///
/// With a recording of a second copy of the first target (`noise`), a group is noise when the two copies
/// differ there about as often as the two targets do (Diffy's rule: at most 20 % more often, plus 3 points);
/// noise is shown but does not make the targets differ.

#include <map>
#include <optional>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "core/result.h"
#include "harness/diff/exchange_diff.h"

namespace dockside::diff {

/// One kind of difference at one place of one operation's answers.
struct Group {
    std::string operation;
    Kind kind = Kind::Value;
    std::string path;
    int count = 0;     ///< exchanges of the operation where it was seen
    int compared = 0;  ///< exchanges of the operation compared
    std::string example;  ///< the first exchange that shows it ("Test.Name#7")
    nlohmann::json a;     ///< that exchange's values
    nlohmann::json b;
    std::string curl_a;   ///< that exchange's request, runnable, against each target
    std::string curl_b;
    std::optional<double> noise_share;  ///< how often the two copies of the first target differed here
    bool noise = false;
};

/// One operation's time to the first byte of the answer on each target (HAR timings.wait), over the
/// exchanges answered with one status on both sides and sent in lockstep (`dockside diff --against` made
/// the two recordings at once, taking turns: each pair met the machine alike, whatever else it was doing).
/// Recordings made apart are not judged for latency: a burst of other work during one run's block of an
/// operation's requests would pass for a difference. Judged on the pairs: the Hodges–Lehmann centre of
/// the log ratios with Wilcoxon's signed-rank interval, less the run's own shift (the median centre over
/// the operations, when three or more are judged: of two, which one moved cannot be told). An operation
/// differs when that interval lies wholly beyond ±20 % and its median moved by at least 1 ms.
struct LatencyRow {
    std::string operation;
    int pairs = 0;
    double p50_a = 0, p50_b = 0, p99_a = 0, p99_b = 0;  ///< milliseconds
    double ratio = 1;            ///< the change of the pairs' centre, the run's shift taken out
    double low = 0, high = 0;    ///< its interval (ratios; infinite when the pairs are too few)
    std::string verdict;         ///< "slower", "faster", "same", or "too few pairs"
    /// With a noise recording: the two copies of the first target differ at this operation the same way and
    /// as far (their interval reaches this one), so this change is the targets' own variation.
    bool noise = false;
};

struct DiffReport {
    int paired = 0;                      ///< exchanges recorded on both sides
    int only_a = 0;                      ///< recorded against the first target only
    int only_b = 0;
    int not_followed = 0;                 ///< exchanges of a test after its two runs went apart (not compared)
    int by_time = 0;                      ///< answers to a request asking by a moment: status and media type only
    std::map<std::string, int> compared;  ///< exchanges compared, by operation
    /// By operation, then kind, then place; the runs' going apart (kind Request) after every answer's.
    std::vector<Group> groups;
    std::vector<LatencyRow> latency;      ///< by operation
    double latency_shift = 1;             ///< the second run's waits against the first's over all operations (median)
    int latency_apart = 0;                ///< pairs answered alike but not sent in lockstep: not judged
    bool with_noise = false;

    /// Whether any group is not noise, or an operation's latency differs.
    bool differs() const;
};

/// Compares two HAR documents; `noise` (a recording of a second copy of `a`'s target) marks the noise.
/// An error when a document is no HAR or the two share no exchange.
Result<DiffReport, std::string> diff_recordings(const nlohmann::json& a, const nlohmann::json& b,
                                                const nlohmann::json* noise = nullptr);

/// diff.json (specs/diff.schema.json).
nlohmann::json to_json(const DiffReport& report);
/// The terminal table: one line a group, then each group's example.
std::string render_text(const DiffReport& report);

}  // namespace dockside::diff
