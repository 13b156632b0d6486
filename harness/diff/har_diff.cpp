#include "harness/diff/har_diff.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <set>
#include <sstream>
#include <tuple>

#include "core/text.h"
#include "harness/compare/statistics.h"
#include "harness/http/curl.h"
#include "harness/http/message.h"
#include "harness/http/url.h"

namespace dockside::diff {
namespace {

using nlohmann::json;

/// Diffy's margins: the two targets differ more than the two copies of one when more often than this.
constexpr double kNoiseRelative = 0.2;
constexpr double kNoiseAbsolute = 0.03;

/// Latency differences are judged at this one-sided level, shared by the operations (family-wise).
constexpr double kLatencyAlpha = 0.001;
/// A change of latency within this share of the run's own shift is no difference; nor one under 1 ms.
constexpr double kLatencyShare = 0.2;
constexpr double kLatencyFloorMs = 1.0;

struct Recorded {
    std::string test;
    long sequence = 0;
    std::string operation;
    Side side;
    json request;      ///< the HAR request, for the curl line
    double wait_ms = -1;  ///< time to the answer's first byte; negative when not recorded
    std::string lockstep;  ///< the lockstep it was sent in its turn of ("" when none)
};

json parsed_or_text(const json& holder) {
    if (!holder.is_object() || !holder.contains("text") || !holder["text"].is_string()) return nullptr;
    const auto& text = holder["text"].get_ref<const std::string&>();
    if (text.empty()) return nullptr;
    json parsed = json::parse(text, nullptr, false);
    return parsed.is_discarded() ? json(text) : parsed;
}

/// The exchanges of a recording by the exchange they record (the last try of each).
Result<std::map<std::string, Recorded>, std::string> read_recording(const json& har, const std::string& which) {
    const json* entries = har.is_object() && har.contains("log") && har["log"].is_object() && har["log"].contains("entries")
                              ? &har["log"]["entries"]
                              : nullptr;
    if (!entries || !entries->is_array()) return fail("the " + which + " recording is no HAR document (no log.entries)");
    std::map<std::string, Recorded> out;
    for (const auto& entry : *entries) {
        const json& tag = entry.is_object() ? entry.value("_dockside", json::object()) : json::object();
        const std::string exchange = tag.is_object() ? tag.value("exchange", "") : "";
        const auto hash = exchange.rfind('#');
        if (hash == std::string::npos || !entry.contains("request") || !entry.contains("response")) continue;
        Recorded r;
        r.test = exchange.substr(0, hash);
        r.sequence = std::strtol(exchange.c_str() + hash + 1, nullptr, 10);
        r.operation = tag.value("operation", "");
        r.request = entry["request"];
        r.side.method = r.request.value("method", "");
        r.side.url = r.request.value("url", "");
        r.side.request_body = parsed_or_text(r.request.value("postData", json::object()));
        const json& response = entry["response"];
        r.side.status = response.value("status", 0);
        for (const auto& header : response.value("headers", json::array()))
            if (const std::string name = header.value("name", ""); !http::varies_per_answer(name)) r.side.headers.insert(ascii_lower(name));
        r.lockstep = tag.value("lockstep", "");
        if (const json timings = entry.value("timings", json::object()); timings.is_object() && timings.value("wait", -1.0) >= 0)
            r.wait_ms = timings.value("wait", -1.0);
        r.side.cut = entry.value("comment", "").find("body cut") != std::string::npos;
        const json content = response.value("content", json::object());
        r.side.media_type = http::media_type(content.is_object() ? content.value("mimeType", "") : "");
        r.side.body = parsed_or_text(response.value("content", json::object()));
        out[exchange] = std::move(r);
    }
    if (out.empty()) return fail("the " + which + " recording holds no exchange of a Dockside run (_dockside.exchange)");
    return out;
}

/// The recorded request as the project renders every request it shows: one runnable curl line, the token a
/// variable (the recording holds none: its secrets were removed as it was written).
std::string curl_of(const json& har_request) {
    const std::string url = har_request.value("url", "");
    auto base = http::parse_url(url);
    if (!base) return "";
    const auto path = url.find('/', url.find("://") == std::string::npos ? 0 : url.find("://") + 3);
    http::Request request{har_request.value("method", "GET"), path == std::string::npos ? "/" : url.substr(path), {}, {}};
    for (const auto& header : har_request.value("headers", json::array()))
        if (header.is_object()) request.headers.set(header.value("name", ""), header.value("value", ""));
    // The recording holds no credential: the line names the token's variable, as every curl line does.
    if (request.headers.has("Authorization")) request.headers.set("Authorization", "Bearer removed");
    if (const json post = har_request.value("postData", json::object()); post.is_object()) request.body = post.value("text", "");
    base->base_path.clear();  // the target above is the whole path
    return http::to_curl(*base, request);
}

using GroupKey = std::tuple<std::string, Kind, std::string>;

/// One exchange as each side recorded it.
struct LatencyPair {
    const Recorded* a = nullptr;
    const Recorded* b = nullptr;
};

double percentile(std::vector<double> values, double p) {
    if (values.empty()) return 0;
    std::sort(values.begin(), values.end());
    const auto at = static_cast<std::size_t>(std::ceil(p / 100 * static_cast<double>(values.size()))) ;
    return values[std::min(values.size() - 1, at == 0 ? 0 : at - 1)];
}

/// Each pair's log ratio of the waits.
std::vector<double> log_ratios(const std::vector<LatencyPair>& pairs) {
    std::vector<double> out;
    for (const auto& p : pairs) out.push_back(std::log(std::max(p.b->wait_ms, 0.01)) - std::log(std::max(p.a->wait_ms, 0.01)));
    return out;
}

double median_of(std::vector<double> values) {
    if (values.empty()) return 0;
    std::sort(values.begin(), values.end());
    return values[values.size() / 2];
}

/// The rows judged on `ratios` (by operation, in `pairs`' order) less the run's own shift, which is returned
/// (the median centre over the operations, a log ratio). Of two operations, which one moved cannot be told
/// (one slowed by 20 ms read as the machine's shift and passed): a shift needs three operations or more.
double judge_rows(std::vector<LatencyRow>& rows, const std::vector<std::vector<double>>& ratios, double a) {
    std::vector<double> centres;
    for (std::size_t i = 0; i < rows.size(); ++i)
        if (rows[i].pairs >= 2) centres.push_back(compare::signed_rank_bounds(ratios[i], 0.5).estimate);
    const double residual = centres.size() >= 3 ? median_of(centres) : 0.0;
    for (std::size_t i = 0; i < rows.size(); ++i) {
        LatencyRow& row = rows[i];
        if (row.pairs < compare::signed_rank_fewest_pairs(a)) {
            row.verdict = "too few pairs";
            row.low = 0;
            row.high = INFINITY;
            continue;
        }
        const auto bounds = compare::signed_rank_bounds(ratios[i], a);
        row.ratio = std::exp(bounds.estimate - residual);
        row.low = std::exp(bounds.low - residual);
        row.high = std::exp(bounds.high - residual);
        // Waits of tens of microseconds vary by large ratios with nothing behind them: a change must move
        // the median by a millisecond to be one.
        const double moved = std::abs(row.p50_b - row.p50_a);
        row.verdict = moved < kLatencyFloorMs                ? "same"
                      : row.low > 1 + kLatencyShare          ? "slower"
                      : row.high < 1 / (1 + kLatencyShare)   ? "faster"
                                                             : "same";
    }
    return residual;
}

std::vector<LatencyRow> judge_latency(const std::map<std::string, std::vector<LatencyPair>>& pairs, double& shift) {
    // Family-wise: the level is shared by the operations judged.
    const double a = kLatencyAlpha / std::max<std::size_t>(1, pairs.size());
    std::vector<LatencyRow> rows;
    std::vector<std::vector<double>> ratios;
    for (const auto& [operation, seen] : pairs) {
        LatencyRow row;
        row.operation = operation;
        row.pairs = static_cast<int>(seen.size());
        std::vector<double> first, second;
        for (const auto& p : seen) {
            first.push_back(p.a->wait_ms);
            second.push_back(p.b->wait_ms);
        }
        row.p50_a = percentile(first, 50);
        row.p50_b = percentile(second, 50);
        row.p99_a = percentile(first, 99);
        row.p99_b = percentile(second, 99);
        rows.push_back(std::move(row));
        ratios.push_back(log_ratios(seen));
    }
    shift = std::exp(judge_rows(rows, ratios, a));
    return rows;
}

DiffReport compare_recordings(const std::map<std::string, Recorded>& a, const std::map<std::string, Recorded>& b) {
    DiffReport report;
    // In each test's order: a value a target made is mapped where it is made, before it is named again.
    std::vector<const std::string*> order;
    for (const auto& [exchange, recorded] : a) order.push_back(&exchange);
    for (const auto& [exchange, recorded] : b)
        if (!a.count(exchange)) order.push_back(&exchange);
    const auto recorded_of = [&](const std::string& exchange) -> const Recorded& {
        const auto it = a.find(exchange);
        return it != a.end() ? it->second : b.at(exchange);
    };
    std::stable_sort(order.begin(), order.end(), [&](const std::string* x, const std::string* y) {
        const Recorded &rx = recorded_of(*x), &ry = recorded_of(*y);
        return std::tie(rx.test, rx.sequence) < std::tie(ry.test, ry.sequence);
    });
    ValueMap values;
    std::map<GroupKey, Group> groups;
    std::map<std::string, std::vector<LatencyPair>> latency_pairs;  // by operation
    // A test whose two runs went apart (another request, or one side sent one the other did not) is
    // followed no further: its later exchanges pair requests that are not the same request.
    std::set<std::string> apart;
    for (const std::string* exchange : order) {
        const auto in_a = a.find(*exchange);
        const auto in_b = b.find(*exchange);
        const Recorded& any = recorded_of(*exchange);
        if (apart.count(any.test)) {
            ++report.not_followed;
            continue;
        }
        const std::string operation = any.operation.empty() ? "(no operation)" : any.operation;
        ++report.compared[operation];
        std::vector<Difference> found;
        if (in_a == a.end() || in_b == b.end()) {
            ++(in_a == a.end() ? report.only_b : report.only_a);
            found.push_back({Kind::Request, "sent", in_a != a.end() ? json("sent") : json(), in_b != b.end() ? json("sent") : json()});
        } else {
            ++report.paired;
            found = compare(in_a->second.side, in_b->second.side, values);
            if (asks_by_time(in_a->second.side) || asks_by_time(in_b->second.side)) ++report.by_time;
            const Recorded &ra = in_a->second, &rb = in_b->second;
            if (ra.side.status == rb.side.status && ra.side.status > 0 && ra.wait_ms >= 0 && rb.wait_ms >= 0) {
                if (!ra.lockstep.empty() && ra.lockstep == rb.lockstep) latency_pairs[operation].push_back({&ra, &rb});
                else ++report.latency_apart;
            }
        }
        if (std::any_of(found.begin(), found.end(), [](const Difference& d) { return d.kind == Kind::Request; })) {
            apart.insert(any.test);
            found.resize(1);  // where they went apart: one place, the first
        }
        std::set<GroupKey> seen;  // each place counted once an exchange
        for (auto& d : found) {
            GroupKey key{operation, d.kind, d.path};
            if (!seen.insert(key).second) continue;
            Group& g = groups[key];
            if (g.count++ == 0) {
                g.operation = operation;
                g.kind = d.kind;
                g.path = d.path;
                g.example = *exchange;
                g.a = std::move(d.a);
                g.b = std::move(d.b);
                if (in_a != a.end()) g.curl_a = curl_of(in_a->second.request);
                if (in_b != b.end()) g.curl_b = curl_of(in_b->second.request);
            }
        }
    }
    report.latency = judge_latency(latency_pairs, report.latency_shift);
    for (auto& [key, g] : groups) {
        g.compared = report.compared[g.operation];
        report.groups.push_back(std::move(g));
    }
    // Answers first; where the runs went apart after them (a request one side sent and the other did not)
    // is mostly their consequence, so it comes last.
    std::stable_partition(report.groups.begin(), report.groups.end(), [](const Group& g) { return g.kind != Kind::Request; });
    return report;
}

std::string share_text(double share) {
    char text[16];
    std::snprintf(text, sizeof text, "%.0f%%", share * 100);
    return text;
}

std::string value_text(const json& value) {
    if (value.is_null()) return "(absent)";
    std::string text = value.is_string() ? value.get<std::string>() : value.dump();
    if (text.size() > 60) text = text.substr(0, 57) + "...";
    return text;
}

void render_latency(std::ostringstream& out, const DiffReport& report) {
    const auto judged = std::count_if(report.latency.begin(), report.latency.end(),
                                      [](const LatencyRow& r) { return r.verdict != "too few pairs"; });
    char line[256];
    if (report.latency.empty()) {
        if (report.latency_apart > 0)
            out << "latency: not judged: the recordings were not made in lockstep (`dockside diff --against` makes them so)\n";
        return;
    }
    std::snprintf(line, sizeof line, "latency: %ld operation(s) judged on answers sent in lockstep; the second target x%.2f overall\n",
                  static_cast<long>(judged), report.latency_shift);
    out << line;
    if (report.latency_apart > 0)
        out << "  " << report.latency_apart << " answer(s) not sent in lockstep (the preparation's, or after a run left it) are not judged\n";
    for (const auto& r : report.latency) {
        if (r.verdict != "slower" && r.verdict != "faster") continue;
        std::snprintf(line, sizeof line, "  %-26s %-7s x%.2f (%.2f to %.2f)  p50 %.1f / %.1f ms  p99 %.1f / %.1f ms  %d pairs%s\n",
                      r.operation.c_str(), r.verdict.c_str(), r.ratio, r.low, r.high, r.p50_a, r.p50_b, r.p99_a, r.p99_b, r.pairs,
                      r.noise ? "  (noise: the two copies differ as far)" : "");
        out << line;
    }
}

}  // namespace

bool DiffReport::differs() const {
    return std::any_of(groups.begin(), groups.end(), [](const Group& g) { return !g.noise; }) ||
           std::any_of(latency.begin(), latency.end(),
                       [](const LatencyRow& r) { return !r.noise && (r.verdict == "slower" || r.verdict == "faster"); });
}

Result<DiffReport, std::string> diff_recordings(const json& a, const json& b, const json* noise) {
    auto first = read_recording(a, "first");
    if (!first) return fail(first.error());
    auto second = read_recording(b, "second");
    if (!second) return fail(second.error());
    const bool shared = std::any_of(first->begin(), first->end(), [&](const auto& e) { return second->count(e.first) > 0; });
    if (!shared) return fail(std::string("the two recordings share no exchange: were they made by the same run (--seed, --only)?"));
    DiffReport report = compare_recordings(*first, *second);
    if (!noise) return report;
    auto copy = read_recording(*noise, "noise");
    if (!copy) return fail(copy.error());
    const DiffReport between_copies = compare_recordings(*first, *copy);
    report.with_noise = true;
    for (auto& g : report.groups) {
        const auto same = std::find_if(between_copies.groups.begin(), between_copies.groups.end(), [&](const Group& n) {
            return n.operation == g.operation && n.kind == g.kind && n.path == g.path;
        });
        g.noise_share = same == between_copies.groups.end() ? 0.0 : static_cast<double>(same->count) / std::max(1, same->compared);
        const double share = static_cast<double>(g.count) / std::max(1, g.compared);
        g.noise = *g.noise_share > 0 && share <= *g.noise_share * (1 + kNoiseRelative) + kNoiseAbsolute;
    }
    for (auto& row : report.latency) {
        const auto copy = std::find_if(between_copies.latency.begin(), between_copies.latency.end(),
                                       [&](const LatencyRow& n) { return n.operation == row.operation; });
        if (copy == between_copies.latency.end() || copy->verdict != row.verdict) continue;
        row.noise = row.verdict == "slower" ? row.low <= copy->high : row.verdict == "faster" && row.high >= copy->low;
    }
    return report;
}

json to_json(const DiffReport& report) {
    json groups = json::array();
    for (const auto& g : report.groups) {
        json item = {{"operation", g.operation}, {"kind", to_string(g.kind)}, {"path", g.path},  {"count", g.count},
                     {"compared", g.compared},   {"example", g.example},      {"a", g.a},          {"b", g.b},
                     {"curl_a", g.curl_a},       {"curl_b", g.curl_b},        {"noise", g.noise}};
        item["noise_share"] = g.noise_share ? json(*g.noise_share) : json();
        groups.push_back(std::move(item));
    }
    const auto finite = [](double v) { return std::isfinite(v) ? json(v) : json(); };
    json latency = json::array();
    for (const auto& r : report.latency)
        latency.push_back({{"operation", r.operation}, {"pairs", r.pairs}, {"p50_a", r.p50_a}, {"p50_b", r.p50_b},
                           {"p99_a", r.p99_a}, {"p99_b", r.p99_b}, {"ratio", finite(r.ratio)}, {"low", finite(r.low)},
                           {"high", finite(r.high)}, {"verdict", r.verdict}, {"noise", r.noise}});
    return {{"paired", report.paired},   {"only_a", report.only_a},         {"only_b", report.only_b}, {"not_followed", report.not_followed}, {"by_time", report.by_time},
            {"with_noise", report.with_noise}, {"differs", report.differs()}, {"compared", report.compared},
            {"differences", groups}, {"latency", {{"shift", report.latency_shift}, {"apart", report.latency_apart}, {"operations", latency}}}};
}

std::string render_text(const DiffReport& report) {
    std::ostringstream out;
    const auto real = std::count_if(report.groups.begin(), report.groups.end(), [](const Group& g) { return !g.noise; });
    out << "diff: " << report.paired << " exchanges paired (" << report.only_a << " sent to the first target only, "
        << report.only_b << " to the second only";
    if (report.not_followed) out << "; " << report.not_followed << " not followed after their test's runs went apart";
    if (report.by_time) out << "; " << report.by_time << " asking by a moment of the run's clock, their bodies not compared";
    out << "); " << real << " difference(s)";
    if (report.with_noise) out << ", " << report.groups.size() - static_cast<std::size_t>(real) << " noise";
    out << "\n";
    render_latency(out, report);
    if (report.groups.empty()) return out.str();
    char line[512];
    std::snprintf(line, sizeof line, "  %-26s %-10s %-34s %9s  %s\n", "operation", "kind", "place", "seen", "first / second");
    out << line;
    bool apart = false;
    for (const auto& g : report.groups) {
        if (g.kind == Kind::Request && !apart) {
            apart = true;
            out << "  where the runs went apart (mostly what an answer above led to):\n";
        }
        const std::string seen = std::to_string(g.count) + "/" + std::to_string(g.compared);
        const std::string noise = g.noise ? "  (noise: the copies differ " + share_text(*g.noise_share) + ")" : "";
        std::snprintf(line, sizeof line, "  %-26s %-10s %-34s %9s  %s / %s%s\n", g.operation.c_str(), to_string(g.kind).c_str(),
                      g.path.empty() ? "-" : g.path.c_str(), seen.c_str(), value_text(g.a).c_str(), value_text(g.b).c_str(),
                      noise.c_str());
        out << line;
    }
    out << "examples:\n";
    for (const auto& g : report.groups) {
        if (g.noise) continue;
        out << "  " << g.operation << " " << to_string(g.kind) << (g.path.empty() ? "" : " " + g.path) << " (" << g.example << ")\n";
        if (!g.curl_a.empty()) out << "    first:  " << g.curl_a << "\n";
        if (!g.curl_b.empty()) out << "    second: " << g.curl_b << "\n";
    }
    return out.str();
}

}  // namespace dockside::diff
