#include "harness/load/load_junit.h"

#include <sstream>

#include "core/xml_text.h"

namespace dockside::load {
namespace {

/// One <testcase>: `outcome` is the element inside it ("" when it passed).
struct Case {
    std::string name;
    double seconds = 0;
    std::string outcome;
};

/// <failure>/<error> with its message, type and text.
std::string outcome(const char* element, std::string_view message, std::string_view type, std::string_view text) {
    return "<" + std::string(element) + xml_attribute("message", message) + xml_attribute("type", type) + ">" + xml_escape(text) + "</" +
           element + ">";
}

Case threshold_case(const ThresholdOutcome& t) {
    Case c{t.threshold.expression, 0, ""};
    if (t.passed) return c;
    const std::string what = t.threshold.metric_name() +
                             (t.threshold.operation.empty() ? " of every operation" : " of " + t.threshold.operation);
    const std::string message = t.actual ? what + ": measured " + t.actual_text + ", asked " + t.limit_text + " (" + t.margin_text + ")"
                                         : what + ": no data to judge, asked " + t.limit_text + " (a gate never passes on missing data)";
    c.outcome = outcome("failure", message, "threshold", message);
    return c;
}

Case validation_case(const OperationResult& op) {
    const auto& v = op.sampling;
    Case c{op.name, 0, ""};
    if (v.failed > 0) {
        std::ostringstream text;
        for (const auto& x : v.violations)
            text << x.rule << " at " << (x.pointer.empty() ? "(response)" : x.pointer) << ": " << x.count << " time"
                 << (x.count == 1 ? "" : "s") << "; e.g. HTTP " << x.status << ": " << x.message << "\n"
                 << "  body: " << x.body_excerpt << "\n";
        const std::string message = std::to_string(v.failed) + " of " + std::to_string(v.validated) +
                                    " sampled responses violated the contract";
        c.outcome = outcome("failure", message, v.violations.empty() ? "contract" : v.violations.front().rule, text.str());
    } else if (v.validated == 0) {
        c.outcome = "<skipped" + xml_attribute("message", "sampled " + std::to_string(v.sampled) +
                                                     ", none judged: the validation queue was full") + "/>";
    }
    return c;
}

Case run_case(const RunSummary& s) {
    Case c{"run completed", s.result.duration_s, ""};
    const auto totals = s.result.total_counters();
    if (s.result.interrupted)
        c.outcome = outcome("error", "interrupted before the end", "interrupted", "the figures cover only what ran");
    else if (totals.responses() == 0 && totals.attempted() > 0)
        c.outcome = outcome("error", "the target answered no request at all", "no-answer",
                            std::to_string(totals.attempted()) + " requests, no response");
    return c;
}

/// The counts a <testsuite> or <testsuites> states of its cases.
struct Tally {
    int tests = 0, failures = 0, errors = 0, skipped = 0;
    double seconds = 0;

    void add(const Case& c) {
        ++tests;
        failures += c.outcome.rfind("<failure", 0) == 0;
        errors += c.outcome.rfind("<error", 0) == 0;
        skipped += c.outcome.rfind("<skipped", 0) == 0;
        seconds += c.seconds;
    }
    std::string attributes() const {
        return xml_attribute("tests", std::to_string(tests)) + xml_attribute("failures", std::to_string(failures)) +
               xml_attribute("errors", std::to_string(errors)) + xml_attribute("skipped", std::to_string(skipped));
    }
};

void render_suite(std::ostringstream& out, const std::string& name, const std::vector<Case>& cases, const RunSummary& s) {
    Tally tally;
    for (const auto& c : cases) tally.add(c);
    out << "  <testsuite" << xml_attribute("name", name) << tally.attributes() << xml_attribute("time", junit_seconds(tally.seconds));
    // A timestamp without zone designator, as the schema's xs:dateTime pattern asks.
    std::string stamp = s.started_at;
    if (!stamp.empty() && stamp.back() == 'Z') stamp.pop_back();
    if (!stamp.empty()) out << xml_attribute("timestamp", stamp);
    out << ">\n    <properties>\n";
    for (const auto& [key, value] : {std::pair<std::string, std::string>{"target", s.target}, {"seed", std::to_string(s.seed)},
                                     {"model", s.configuration.value("model", std::string())}})
        out << "      <property" << xml_attribute("name", key) << xml_attribute("value", value) << "/>\n";
    out << "    </properties>\n";
    for (const auto& c : cases) {
        out << "    <testcase" << xml_attribute("name", c.name) << xml_attribute("classname", "load." + name)
            << xml_attribute("time", junit_seconds(c.seconds));
        if (c.outcome.empty()) out << "/>\n";
        else out << ">\n      " << c.outcome << "\n    </testcase>\n";
    }
    out << "  </testsuite>\n";
}

}  // namespace

std::string render_load_junit(const RunSummary& summary) {
    std::vector<std::pair<std::string, std::vector<Case>>> suites;
    std::vector<Case> thresholds, validation;
    for (const auto& t : summary.thresholds) thresholds.push_back(threshold_case(t));
    for (const auto& op : summary.result.operations)
        if (op.sampling.sampled > 0) validation.push_back(validation_case(op));
    if (!thresholds.empty()) suites.emplace_back("thresholds", std::move(thresholds));
    if (!validation.empty()) suites.emplace_back("validation", std::move(validation));
    suites.emplace_back("run", std::vector<Case>{run_case(summary)});
    std::ostringstream body;
    Tally all;
    for (const auto& [name, cases] : suites) {
        render_suite(body, name, cases, summary);
        for (const auto& c : cases) all.add(c);
    }
    std::ostringstream out;
    out << "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<testsuites" << xml_attribute("name", "dockside load") << all.attributes()
        << xml_attribute("time", junit_seconds(summary.result.duration_s)) << ">\n"
        << body.str() << "</testsuites>\n";
    return out.str();
}

}  // namespace dockside::load
