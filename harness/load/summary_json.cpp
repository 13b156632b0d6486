#include "harness/load/summary_json.h"

#include <unistd.h>

#include <climits>
#include <cmath>

#include "harness/histogram/codec.h"
#include "harness/load/start_instant.h"

namespace dockside::load {

using nlohmann::json;

namespace {

double ms(double micros) { return std::round(micros) / 1000.0; }

}  // namespace

json counters_json(const OperationCounters& c) {
    json status = json::object();
    json classes = {{"1xx", 0}, {"2xx", 0}, {"3xx", 0}, {"4xx", 0}, {"5xx", 0}, {"other", c.other_status}};
    for (int code = kMinStatus; code <= kMaxStatus; ++code)
        if (const auto n = c.status_count(code); n > 0) {
            status[std::to_string(code)] = n;
            classes[status_class(code)] = classes[status_class(code)].get<std::int64_t>() + n;
        }
    json kinds = json::object();
    for (auto kind : all_error_kinds()) kinds[std::string(to_string(kind))] = c.errors[static_cast<std::size_t>(kind)];
    return {{"requests", c.requests()}, {"sent", c.sent},       {"responses", c.responses()},
            {"errors", c.errors_total()}, {"not_sent", c.not_sent()}, {"retried", c.retried},
            {"waited_for_connection", c.waited}, {"status", status},         {"status_classes", classes}, {"error_kinds", kinds},
            {"substituted", c.substituted}, {"stood_in", c.stood_in}};
}

namespace {

json sampling_json(const OperationSampling& s) {
    json violations = json::array();
    for (const auto& v : s.violations)
        violations.push_back({{"rule", v.rule},
                              {"pointer", v.pointer},
                              {"count", v.count},
                              {"example", {{"message", v.message}, {"status", v.status}, {"body_excerpt", v.body_excerpt}}}});
    return {{"sampled", s.sampled}, {"validated", s.validated}, {"failed", s.failed}, {"skipped", s.skipped},
            {"violations", violations}};
}

json operation_json(const OperationResult& op, double duration_s) {
    json out = {{"name", op.name}};
    out.update(counters_json(op.counters));
    out["requests_per_second"] = duration_s > 0 ? static_cast<double>(op.counters.requests()) / duration_s : 0.0;
    out["latency_ms"] = percentiles_json(op.latency);
    out["service_time_ms"] = percentiles_json(op.service);
    out["validation"] = sampling_json(op.sampling);
    out["substituted_by"] = op.fallback.empty() ? json(nullptr) : json(op.fallback);
    out["error_examples"] = nlohmann::json::array();
    for (const auto& e : op.error_examples) out["error_examples"].push_back({{"what", e.what}, {"detail", e.detail}});
    out["histograms"] = {{"latency", histogram::encode_compressed_base64(op.latency)},
                         {"service_time", histogram::encode_compressed_base64(op.service)}};
    return out;
}

json thresholds_json(const std::vector<ThresholdOutcome>& outcomes) {
    json out = json::array();
    for (const auto& o : outcomes)
        out.push_back({{"expression", o.threshold.expression},
                       {"operation", o.threshold.operation},
                       {"metric", o.threshold.metric_name()},
                       {"limit", o.limit_text},
                       {"actual", o.actual_text},
                       {"actual_value", o.actual ? json(*o.actual) : json(nullptr)},
                       {"margin", o.margin_text},
                       {"passed", o.passed}});
    return out;
}

Result<histogram::Histogram, std::string> decode_field(const json& parent, const char* key, const std::string& where) {
    if (!parent.is_object() || !parent.contains(key) || !parent[key].is_string())
        return fail(where + ": histogram \"" + key + "\" missing");
    auto h = histogram::decode_compressed_base64(parent[key].get<std::string>());
    if (!h) return fail(where + ": histogram \"" + key + "\": " + h.error());
    return std::move(h.value());
}

std::int64_t int_at(const json& j, const char* key) {
    return j.contains(key) && j[key].is_number_integer() ? j[key].get<std::int64_t>() : 0;
}

OperationCounters counters_from(const json& op) {
    OperationCounters c;
    if (op.contains("status") && op["status"].is_object())
        for (const auto& [code, n] : op["status"].items())
            if (n.is_number_integer()) {
                const int value = std::atoi(code.c_str());
                if (value >= kMinStatus && value <= kMaxStatus)
                    c.status[static_cast<std::size_t>(value - kMinStatus)] += n.get<std::int64_t>();
            }
    if (op.contains("status_classes")) c.other_status = int_at(op["status_classes"], "other");
    if (op.contains("error_kinds") && op["error_kinds"].is_object())
        for (auto kind : all_error_kinds())
            c.errors[static_cast<std::size_t>(kind)] = int_at(op["error_kinds"], std::string(to_string(kind)).c_str());
    c.sent = int_at(op, "sent");
    c.retried = int_at(op, "retried");
    c.waited = int_at(op, "waited_for_connection");
    c.substituted = int_at(op, "substituted");
    c.stood_in = int_at(op, "stood_in");
    return c;
}

OperationSampling sampling_from(const json& v) {
    OperationSampling s;
    if (!v.is_object()) return s;
    s.sampled = int_at(v, "sampled");
    s.validated = int_at(v, "validated");
    s.failed = int_at(v, "failed");
    s.skipped = int_at(v, "skipped");
    if (v.contains("violations") && v["violations"].is_array())
        for (const auto& item : v["violations"]) {
            ViolationSummary vs;
            vs.rule = item.value("rule", "");
            vs.pointer = item.value("pointer", "");
            vs.count = int_at(item, "count");
            if (item.contains("example") && item["example"].is_object()) {
                vs.message = item["example"].value("message", "");
                vs.status = item["example"].value("status", 0);
                vs.body_excerpt = item["example"].value("body_excerpt", "");
            }
            s.violations.push_back(vs);
        }
    return s;
}

}  // namespace

json percentiles_json(const histogram::Histogram& h) {
    json out = {{"count", h.total_count()}};
    if (h.total_count() == 0) return out;
    for (double p : {50.0, 75.0, 90.0, 95.0, 99.0, 99.9, 99.99}) {
        char key[16];
        std::snprintf(key, sizeof key, "p%g", p);
        out[key] = ms(static_cast<double>(h.value_at_percentile(p)));
    }
    out["min"] = ms(static_cast<double>(h.min()));
    out["max"] = ms(static_cast<double>(h.max()));
    out["mean"] = ms(h.mean());
    out["stddev"] = ms(h.stddev());
    return out;
}

std::string host_name() {
    char name[HOST_NAME_MAX + 1] = {};
    if (::gethostname(name, sizeof name - 1) != 0) return {};
    return name;
}

json to_json(const RunSummary& s) {
    const RunResult& r = s.result;
    const auto totals = r.total_counters();
    json out;
    out["format"] = kSummaryFormat;
    out["started_at"] = s.started_at;
    out["finished_at"] = s.finished_at;
    out["start_at"] = s.start_at.empty() ? json(nullptr) : json(s.start_at);
    out["measured_start_at"] = r.measured_start_unix_ns != 0 ? json(format_utc(from_unix_ns(r.measured_start_unix_ns)))
                                                             : json(nullptr);
    out["interrupted"] = r.interrupted;
    out["target"] = {{"base_url", s.target}, {"embedded", s.embedded}};
    out["host"] = s.host.empty() ? json(nullptr) : json(s.host);
    out["seed"] = s.seed;
    out["configuration"] = s.configuration;
    out["requests_per_second"] = r.requests_per_second();
    out["duration_s"] = r.duration_s;
    out["requests"] = totals.requests();
    out["errors"] = totals.errors_total();
    out["drain_s"] = r.drain_s;
    out["model"] = r.open_loop ? "open-loop" : "closed-loop";
    out["requested"] = r.requested;
    out["requested_rate"] = r.requested_rate();
    out["achieved_ratio"] = r.achieved_ratio() ? json(*r.achieved_ratio()) : json(nullptr);
    out["aborted_in_flight"] = r.aborted_in_flight;
    out["totals"] = counters_json(totals);
    const auto share = r.substituted_share();
    out["substitutions"] = {{"requests", totals.substituted}, {"share", share ? json(*share) : json(nullptr)}};
    out["timeouts_in_latency"] = {{"requests", totals.errors[static_cast<std::size_t>(ErrorKind::timeout)]},
                                  {"request_timeout_s", r.request_timeout_s}};
    out["latency_ms"] = percentiles_json(r.total_latency());
    out["service_time_ms"] = percentiles_json(r.total_service());
    out["send_lag_ms"] = percentiles_json(r.send_lag);
    out["own_send_lag_ms"] = percentiles_json(r.own_send_lag);
    out["histograms"] = {{"send_lag", histogram::encode_compressed_base64(r.send_lag)},
                         {"own_send_lag", histogram::encode_compressed_base64(r.own_send_lag)}};
    out["operations"] = json::array();
    for (const auto& op : r.operations) out["operations"].push_back(operation_json(op, r.duration_s));
    out["thresholds"] = thresholds_json(s.thresholds);
    out["outcome"] = {{"passed", s.passed}, {"exit_code", s.exit_code}, {"reasons", s.reasons}};
    const AnswerTiming& timing = r.answer_timing;
    out["answer_timing"] = {{"answers", timing.answers},
                            {"at_arrival", timing.at_arrival},
                            {"batched_share", timing.batched_share ? json(*timing.batched_share) : json(nullptr)}};
    out["auth"] = {{"token_renewals", s.token_renewals},
                   {"token_renewal_failures", s.token_renewal_failures},
                   {"token_renewals_on_demand", s.token_renewals_on_demand},
                   {"unauthorized_retries", s.unauthorized_retries}};
    out["files"] = s.files;
    if (!s.merged_from.empty()) out["merged_from"] = s.merged_from;
    if (!s.shards.empty()) {
        out["shards"] = json::array();
        for (const auto& m : s.shards)
            out["shards"].push_back(
                {{"run", m.run}, {"index", m.index}, {"count", m.count}, {"host", m.host.empty() ? json(nullptr) : json(m.host)},
                 {"started_at", m.started_at},
                 {"measured_start_at", m.measured_start_unix_ns != 0 ? json(format_utc(from_unix_ns(m.measured_start_unix_ns)))
                                                                     : json(nullptr)},
                 {"requested", m.requested}, {"requests", m.requests}, {"errors", m.errors}});
    }
    return out;
}

namespace {

MergedShard shard_from_json(const json& m) {
    MergedShard shard;
    shard.run = m.value("run", "");
    shard.index = m.value("index", 0u);
    shard.count = m.value("count", 1u);
    if (m.contains("host") && m["host"].is_string()) shard.host = m["host"].get<std::string>();
    shard.started_at = m.value("started_at", "");
    if (m.contains("measured_start_at") && m["measured_start_at"].is_string())
        if (auto at = parse_start_instant(m["measured_start_at"].get<std::string>(), WallTime{}))
            shard.measured_start_unix_ns = unix_ns(*at);
    shard.requested = m.value("requested", std::uint64_t{0});
    shard.requests = m.value("requests", std::int64_t{0});
    shard.errors = m.value("errors", std::int64_t{0});
    return shard;
}

Result<OperationResult, std::string> operation_from_json(const json& item) {
    OperationResult op;
    op.name = item.value("name", "");
    const std::string where = "operation " + op.name;
    if (op.name.empty()) return fail(std::string("an operation without a name"));
    auto latency = decode_field(item.value("histograms", json::object()), "latency", where);
    if (!latency) return fail(latency.error());
    auto service = decode_field(item.value("histograms", json::object()), "service_time", where);
    if (!service) return fail(service.error());
    op.latency = std::move(latency.value());
    op.service = std::move(service.value());
    op.counters = counters_from(item);
    if (item.contains("substituted_by") && item["substituted_by"].is_string())
        op.fallback = item["substituted_by"].get<std::string>();
    op.sampling = sampling_from(item.value("validation", json::object()));
    if (item.contains("error_examples") && item["error_examples"].is_array())
        for (const auto& e : item["error_examples"]) op.error_examples.push_back({e.value("what", ""), e.value("detail", "")});
    return op;
}

}  // namespace

Result<RunSummary, std::string> summary_from_json(const json& d) {
    if (!d.is_object() || d.value("format", "") != kSummaryFormat)
        return fail(std::string("not a Dockside load summary (format ") + kSummaryFormat + " expected)");
    if (!d.contains("operations") || !d["operations"].is_array()) return fail(std::string("operations missing"));
    RunSummary s;
    s.started_at = d.value("started_at", "");
    s.finished_at = d.value("finished_at", "");
    if (d.contains("start_at") && d["start_at"].is_string()) s.start_at = d["start_at"].get<std::string>();
    if (d.contains("measured_start_at") && d["measured_start_at"].is_string()) {
        auto at = parse_start_instant(d["measured_start_at"].get<std::string>(), WallTime{});
        if (!at || d["measured_start_at"].get<std::string>().front() == '+')
            return fail(std::string("measured_start_at is not an RFC 3339 instant"));
        s.result.measured_start_unix_ns = unix_ns(*at);
    }
    s.seed = d.value("seed", std::uint64_t{0});
    if (d.contains("configuration")) s.configuration = d["configuration"];
    if (d.contains("target") && d["target"].is_object()) {
        s.target = d["target"].value("base_url", "");
        s.embedded = d["target"].value("embedded", false);
    }
    if (d.contains("host") && d["host"].is_string()) s.host = d["host"].get<std::string>();
    if (d.contains("shards") && d["shards"].is_array())
        for (const auto& m : d["shards"]) s.shards.push_back(shard_from_json(m));
    RunResult& r = s.result;
    r.interrupted = d.value("interrupted", false);
    r.duration_s = d.value("duration_s", 0.0);
    r.drain_s = d.value("drain_s", 0.0);
    r.open_loop = d.value("model", "open-loop") == "open-loop";
    r.requested = d.value("requested", std::uint64_t{0});
    r.aborted_in_flight = d.value("aborted_in_flight", std::int64_t{0});
    if (d.contains("timeouts_in_latency") && d["timeouts_in_latency"].is_object())
        r.request_timeout_s = d["timeouts_in_latency"].value("request_timeout_s", 0.0);
    auto lag = decode_field(d.value("histograms", json::object()), "send_lag", "histograms");
    if (!lag) return fail(lag.error());
    r.send_lag = std::move(lag.value());
    // Summaries written before the own send lag was kept have none: it stays empty (and adds nothing).
    if (d.contains("histograms") && d["histograms"].is_object() && d["histograms"].contains("own_send_lag")) {
        auto own = decode_field(d["histograms"], "own_send_lag", "histograms");
        if (!own) return fail(own.error());
        r.own_send_lag = std::move(own.value());
    }
    for (const auto& item : d["operations"]) {
        auto op = operation_from_json(item);
        if (!op) return fail(op.error());
        r.operations.push_back(std::move(op.value()));
    }
    if (d.contains("thresholds") && d["thresholds"].is_array())
        for (const auto& t : d["thresholds"]) s.threshold_expressions.push_back(t.value("expression", ""));
    if (d.contains("answer_timing") && d["answer_timing"].is_object()) {
        const json& t = d["answer_timing"];
        r.answer_timing.answers = int_at(t, "answers");
        r.answer_timing.at_arrival = int_at(t, "at_arrival");
        if (t.contains("batched_share") && t["batched_share"].is_number())
            r.answer_timing.batched_share = t["batched_share"].get<double>();
    }
    if (d.contains("files")) s.files = d["files"];
    if (d.contains("auth") && d["auth"].is_object()) {
        s.token_renewals = static_cast<int>(int_at(d["auth"], "token_renewals"));
        s.token_renewal_failures = static_cast<int>(int_at(d["auth"], "token_renewal_failures"));
        s.token_renewals_on_demand = static_cast<int>(int_at(d["auth"], "token_renewals_on_demand"));
        s.unauthorized_retries = int_at(d["auth"], "unauthorized_retries");
    }
    return s;
}

}  // namespace dockside::load
