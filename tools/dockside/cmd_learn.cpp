// `dockside learn --base-url A --out profile.yaml`: what a known-good server answers where the document
// leaves a refusal's status and error body open, as a profile `conform --profile` reads. The conform suites run against A
// (one worker, a seed) and each refusal they judge is noted with the stance of the rules data that says its
// status (expect_rejected: NS-MISSING-STATUS, NS-VALIDATION-STATUS, ...) and the status A answered. A stance
// A answered with one status every time is learnt as that code, saying how often it held; a stance A
// answered in several ways is left as the default profile has it (any 4xx), saying what was seen. Each
// refusal's body is noted too: when every one was a JSON object, the members all of them held are learnt
// (NS-ERROR-BODY `members`), so a build whose refusals lose `error.code` fails under the profile. The
// profile extends `default`, so the contract is judged as always and the learnt codes on top; a finding
// from a learnt code names the stance and the profile, so it is never taken for a contract violation.
// The run's exchanges (its HAR, kept beside the profile when --har names no other file) show what its
// answers always were where the document leaves them open: the members filled, the headers sent, the order
// of unsorted lists (learnt_answers.h).
// Exit codes: 0 learnt; 1 the target broke the contract meanwhile (the profile is written all the same);
// 2 the run could not be done.

#include <filesystem>
#include <fstream>
#include <iostream>
#include <map>
#include <optional>
#include <set>
#include <sstream>

#include <nlohmann/json.hpp>

#include "core/exit_codes.h"
#include "harness/conform/conform_run.h"
#include "harness/conform/learnt_answers.h"
#include "harness/conform/results.h"
#include "tools/dockside/command.h"
#include "tools/dockside/conform_child.h"
#include "tools/dockside/spec_files.h"

namespace dockside::cli {
namespace {

struct LearnOptions {
    std::string base_url, token;
    std::string out;
    std::string har;  ///< --har: every exchange the learning run made, as conform --har writes them
    ChildSelection selection;
};

/// By stance and member ("NS-MISSING-STATUS", "code"): how often each status answered a refusal it judges.
using Seen = std::map<std::pair<std::string, std::string>, std::map<int, int>>;

/// The bodies of the refusals answered with a 4xx: how many, how many were JSON objects labelled
/// application/json, and the members every one of them held.
struct BodiesSeen {
    int refusals = 0;
    int json_objects = 0;
    std::optional<std::set<std::string>> common;
    std::set<std::string> operations;  ///< whose refusals were seen: the members are held to these alone
};

Seen read_refusals(const std::string& path, int& unreadable, BodiesSeen& bodies) {
    Seen seen;
    std::ifstream in(path);
    for (std::string line; std::getline(in, line);) {
        const auto j = nlohmann::json::parse(line, nullptr, false);
        if (!j.is_object() || !j.value("stance", nlohmann::json()).is_string() || !j.value("status", nlohmann::json()).is_number_integer()) {
            ++unreadable;
            continue;
        }
        const int status = j["status"].get<int>();
        ++seen[{j["stance"].get<std::string>(), j.value("member", "code")}][status];
        if (status < 400 || status >= 500) continue;
        ++bodies.refusals;
        if (const auto op = j.value("operation", ""); !op.empty()) bodies.operations.insert(op);
        const auto members = j.value("members", std::vector<std::string>{});
        if (members.empty() || j.value("media_type", "") != "application/json") continue;
        ++bodies.json_objects;
        std::set<std::string> held(members.begin(), members.end());
        if (!bodies.common) bodies.common = held;
        else std::erase_if(*bodies.common, [&](const std::string& m) { return !held.count(m); });
    }
    return seen;
}

/// NS-ERROR-BODY as learnt: the members every refusal's body held, when every one was a JSON object.
void write_error_body(std::ostringstream& out, const BodiesSeen& bodies) {
    const std::string counts = std::to_string(bodies.json_objects) + " of " + std::to_string(bodies.refusals) + " refusals";
    if (bodies.refusals == 0) return;
    if (bodies.json_objects < bodies.refusals || !bodies.common || bodies.common->empty()) {
        out << "  # NS-ERROR-BODY: not learnt: a JSON object holding members in common in " << counts << "\n";
        return;
    }
    std::string members, operations;
    for (const auto& m : *bodies.common) members += (members.empty() ? "" : ", ") + m;
    for (const auto& op : bodies.operations) operations += (operations.empty() ? "" : ", ") + op;
    // Held only where it was seen: a server may shape another operation's refusals otherwise.
    out << "  # NS-ERROR-BODY: members " << members << " held in " << counts << " of " << bodies.operations.size()
        << " operations\n"
        << "  NS-ERROR-BODY: {assert: json_object_body, statuses: 4xx, content_type: application/json, members: [" << members
        << "], operations: [" << operations << "]}\n";
}

/// The profile's text: each stance learnt with how often it held, each left open with what was seen.
std::string profile_text(const Seen& seen, const BodiesSeen& bodies, const std::string& answers, const LearnOptions& o,
                         std::uint64_t seed) {
    std::ostringstream out;
    out << "# Learnt by `dockside learn` from " << (o.base_url.empty() ? "the embedded reference server" : o.base_url) << " on "
        << conform::utc_timestamp(false) << " (seed " << seed << (o.selection.only.empty() ? "" : ", --only " + o.selection.only) << "):\n"
        << "# the status this server answered to each kind of refused request the document leaves open, the\n"
        << "# members its error bodies always held, and of its answers the members it filled, the headers it sent\n"
        << "# and the order of its lists. An answer otherwise is a finding under this profile that names the\n"
        << "# stance, never a contract violation.\n"
        << "profile: learned\nextends: default\n"
        << "description: What the server learnt from did where the document leaves it open (the status of each kind of refused request, the members of its error bodies, the members, headers and list order of its answers).\n"
        << "stances:\n";
    std::map<std::string, std::vector<std::string>> members;  // by stance: "code: 404" …
    std::map<std::string, std::vector<std::string>> notes;
    for (const auto& [key, statuses] : seen) {
        const auto& [stance, member] = key;
        int total = 0;
        for (const auto& [status, n] : statuses) total += n;
        std::string note;
        for (const auto& [status, n] : statuses) note += (note.empty() ? "" : ", ") + std::to_string(status) + " in " + std::to_string(n);
        if (statuses.size() == 1 && statuses.begin()->first >= 400 && statuses.begin()->first < 500) {
            members[stance].push_back(member + ": " + std::to_string(statuses.begin()->first));
            notes[stance].push_back(member + " held in " + std::to_string(total) + " of " + std::to_string(total) + " refusals");
        } else {
            notes[stance].push_back(member + " not learnt: " + note + " of " + std::to_string(total) + " refusals");
        }
    }
    for (const auto& [stance, said] : notes) {
        std::string line;
        for (const auto& n : said) line += (line.empty() ? "" : "; ") + n;
        out << "  # " << stance << ": " << line << "\n";
        if (!members.count(stance)) continue;
        out << "  " << stance << ": {assert: status";
        for (const auto& m : members[stance]) out << ", " << m;
        out << "}\n";
    }
    write_error_body(out, bodies);
    out << answers;
    return out.str();
}

int run_learn(const LearnOptions& o, const std::string& spec_dir) {
    const std::string out = o.out.empty() ? "results/learned-" + conform::utc_timestamp(true) + ".yaml" : o.out;
    if (!out.ends_with(".yaml")) return cannot_run("learn", "--out names the profile file to write, ending in .yaml (got '" + out + "')");
    const std::string dir = out + ".run";
    std::error_code ec;
    std::filesystem::create_directories(dir, ec);
    if (ec) return cannot_run("learn", "cannot make " + dir + ": " + ec.message());
    auto spec = load_spec(spec_dir);
    if (!spec) return cannot_run("learn", spec.error().to_string());
    const std::string refusals = dir + "/refusals.jsonl";
    const std::string har = o.har.empty() ? dir + "/learn.har" : o.har;
    std::filesystem::remove(refusals, ec);
    const std::uint64_t seed = conform::choose_seed(o.selection.seed);
    ConformChild child;
    child.args = selection_args(o.selection, seed);
    child.args.insert(child.args.end(), {"--profile", "default", "--workers", "1", "--out", dir});
    if (!o.base_url.empty()) child.args.insert(child.args.end(), {"--base-url", o.base_url});
    child.args.insert(child.args.end(), {"--har", har});
    child.env = {{"DOCKSIDE_TOKEN", o.token}, {"DOCKSIDE_BASE_URL", ""}, {"DOCKSIDE_REFUSAL_LOG", refusals}};
    child.log = dir + "/console.txt";
    std::cerr << "learn: running conform (seed " << seed << ") against "
              << (o.base_url.empty() ? std::string("the embedded reference server") : o.base_url) << "; its console: " << child.log << "\n";
    auto pid = spawn_conform(child);
    if (!pid) return cannot_run("learn", pid.error());
    const int code = wait_exit(*pid);
    if (code != kExitOk && code != kExitViolations)
        return cannot_run("learn", "conform could not run (exit " + std::to_string(code) + "): see " + child.log);
    int unreadable = 0;
    BodiesSeen bodies;
    const Seen seen = read_refusals(refusals, unreadable, bodies);
    if (seen.empty()) return cannot_run("learn", "the run judged no refusal to learn from (see " + child.log + ")");
    conform::AnswerLearner answers(*spec);
    if (auto read = answers.add_har(har); !read) return cannot_run("learn", read.error());
    // Rendered once: the file and the console say the same, time stamp included.
    const std::string profile = profile_text(seen, bodies, answers.stances_text(), o, seed);
    std::ofstream file(out, std::ios::trunc);
    file << profile;
    if (!file) return cannot_run("learn", "cannot write " + out);
    std::cout << profile << "learn: wrote " << out << " (use: dockside conform --profile " << out << ")\n";
    if (unreadable) std::cerr << "learn: " << unreadable << " line(s) of " << refusals << " could not be read\n";
    if (code == kExitViolations)
        std::cerr << "learn: the target broke the contract in this run (" << dir << "/results.json): learnt from what it answered all the same\n";
    return code;
}

}  // namespace

void register_learn_command(CLI::App& app, CommandContext& context) {
    auto options = std::make_shared<LearnOptions>();
    auto* cmd = app.add_subcommand("learn", "A profile of the statuses a known-good server gives refusals the document leaves open");
    cmd->add_option("--base-url", options->base_url, "The known-good server (default: the embedded reference server)");
    cmd->add_option("--token", options->token, "Its token")->envname("DOCKSIDE_TOKEN");
    cmd->add_option("--out", options->out, "The profile file to write (default: results/learned-<UTC timestamp>.yaml)");
    cmd->add_option("--har", options->har, "Also record every exchange of the learning run as HAR 1.2 (secrets replaced), as conform --har does");
    add_selection_options(*cmd, options->selection, "");
    cmd->footer("Then: dockside conform --profile FILE.yaml gates a build on what was learnt as well as on the contract.\n"
                "Exit codes: 0 learnt; 1 learnt, but the target broke the contract in the run; 2 could not learn.");
    cmd->callback([&context, options] { context.action = [options, &context] { return run_learn(*options, context.global.spec_dir); }; });
}

}  // namespace dockside::cli
