// fault_matrix: proves every fault of the reference server's catalog is caught by the suites of its area.
// For each fault: `dockside conform --only <areas> --fault <name> --cases N --seed S --out DIR/<name>`, at most
// --jobs at a time, judged against a fault-free baseline run of the same areas (a test that already fails
// without the fault proves nothing). Prints fault, areas, caught by, seconds; exit 1 if any is not caught.
// With --spec-dir it also checks the blame: every finding of a fault run names the fault's rule or one of
// its documented dependants (rules.yaml `dependants:`); the faults whose findings name other rules are
// listed, and make the exit 1 too, as does a fault reported under more than one test for one (rule,
// operation). With --diff each run is recorded (--har, one worker) and `dockside diff`ed against its
// baseline's recording: at least 90 % of the faults must differ at an operation of their rule.
// `--coverage` instead checks that every rule of kind S or I in rules.yaml has at least one fault.

#include <CLI/CLI.hpp>

#include <fcntl.h>
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <chrono>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <iomanip>
#include <iostream>
#include <map>
#include <optional>
#include <set>
#include <sstream>
#include <thread>

#include "specs/loader/yaml_json.h"
#include "harness/diff/har_diff.h"
#include "tools/fault-matrix/matrix.h"

namespace fm = dockside::faultmatrix;
using Clock = std::chrono::steady_clock;

namespace {

struct Options {
    std::string dockside;
    std::string out = "fault-matrix-runs";
    std::string spec_dir;
    int jobs = 2;
    int cases = 3;
    std::uint64_t seed = 1;
    int job_timeout = 600;
    std::vector<std::string> only_faults;
    bool coverage = false;
    bool diff = false;
};

struct Job {
    std::string label;  ///< fault name, or "baseline:<areas>"
    std::vector<std::string> args;
    std::string dir;
    pid_t pid = 0;
    Clock::time_point started;
    double seconds = 0;
    int exit_code = -1;  ///< -1 not finished; 124 killed on timeout
};

std::string join(const std::vector<std::string>& items, const std::string& sep) {
    std::string out;
    for (const auto& item : items) out += (out.empty() ? "" : sep) + item;
    return out;
}

/// Runs `dockside serve --list-faults` and returns its stdout.
std::string list_faults(const std::string& dockside) {
    const std::string command = "'" + dockside + "' serve --list-faults";
    std::string text;
    if (FILE* pipe = ::popen(command.c_str(), "r")) {
        char buffer[4096];
        for (std::size_t n; (n = std::fread(buffer, 1, sizeof buffer, pipe)) > 0;) text.append(buffer, n);
        ::pclose(pipe);
    }
    return text;
}

void start(Job& job) {
    std::filesystem::create_directories(job.dir);
    const std::string log = job.dir + "/log.txt";
    job.started = Clock::now();
    job.pid = ::fork();
    if (job.pid == 0) {
        const int fd = ::open(log.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0644);
        if (fd >= 0) {
            ::dup2(fd, 1);
            ::dup2(fd, 2);
        }
        std::vector<char*> argv;
        for (auto& arg : job.args) argv.push_back(arg.data());
        argv.push_back(nullptr);
        ::execv(argv[0], argv.data());
        std::perror("execv");
        ::_exit(127);
    }
}

/// Runs the jobs, at most `parallel` at a time; each is killed after `timeout` seconds.
void run_all(std::vector<Job>& jobs, int parallel, int timeout) {
    std::size_t next = 0, done = 0;
    std::vector<Job*> running;
    while (done < jobs.size()) {
        while (running.size() < static_cast<std::size_t>(parallel) && next < jobs.size()) {
            start(jobs[next]);
            running.push_back(&jobs[next++]);
        }
        std::this_thread::sleep_for(std::chrono::milliseconds(100));
        for (auto it = running.begin(); it != running.end();) {
            Job& job = **it;
            int status = 0;
            const pid_t finished = ::waitpid(job.pid, &status, WNOHANG);
            const double elapsed = std::chrono::duration<double>(Clock::now() - job.started).count();
            if (finished == 0 && elapsed > timeout) {
                ::kill(job.pid, SIGKILL);
                ::waitpid(job.pid, &status, 0);
                job.exit_code = 124;
            } else if (finished == job.pid) {
                job.exit_code = WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status);
            } else {
                ++it;
                continue;
            }
            job.seconds = elapsed;
            ++done;
            std::cerr << "fault_matrix: " << job.label << " finished (exit " << job.exit_code << ", " << std::fixed
                      << std::setprecision(1) << elapsed << " s)" << std::endl;
            it = running.erase(it);
        }
    }
}

nlohmann::json read_results(const std::string& dir) {
    std::ifstream in(dir + "/results.json");
    if (!in) return nullptr;
    return nlohmann::json::parse(in, nullptr, false);
}

Job conform_job(const Options& o, std::string label, const std::vector<std::string>& areas,
                const std::string& fault, const std::string& dir) {
    Job job;
    job.label = std::move(label);
    job.dir = dir;
    job.args = {o.dockside, "conform", "--only", join(areas, ","), "--cases", std::to_string(o.cases),
                "--seed", std::to_string(o.seed), "--out", dir};
    if (!fault.empty()) {
        job.args.push_back("--fault");
        job.args.push_back(fault);
    }
    // One worker: what each list holds then follows the seed alone, so a fault's recording differs from
    // its baseline's where the fault acts.
    if (o.diff) job.args.insert(job.args.end(), {"--workers", "1", "--har", dir + "/run.har"});
    return job;
}

nlohmann::json read_recording(const std::string& dir) {
    std::ifstream in(dir + "/run.har");
    if (!in) return nullptr;
    return nlohmann::json::parse(in, nullptr, false);
}

/// `dockside diff` of each fault's recording against its areas' baseline: a fault counts when a difference
/// that is not noise stands at an operation of its rule (any operation for a rule that names none).
/// Returns how many faults fall short of that; the catalog must reach 90 %.
int report_differences(const Options& o, const std::vector<fm::FaultRow>& faults, const std::vector<Job>& runs,
                       const std::vector<Job>& baselines, const std::vector<fm::Verdict>& verdicts) {
    auto rules = dockside::spec::load_document(o.spec_dir + "/rules.yaml");
    std::map<std::string, std::set<std::string>> operations_of;
    if (rules)
        for (const auto& rule : rules->value("rules", nlohmann::json::array()))
            for (const auto& op : rule.value("operations", nlohmann::json::array()))
                if (op.is_string()) operations_of[rule.value("id", "")].insert(op.get<std::string>());
    std::map<std::string, nlohmann::json> baseline_of;  // by areas
    for (const auto& job : baselines) baseline_of[job.label.substr(std::string("baseline:").size())] = read_recording(job.dir);
    int at_operation = 0, only_by_diff = 0, stances_alike = 0;
    std::ostringstream missed;
    for (std::size_t i = 0; i < faults.size(); ++i) {
        const auto& f = faults[i];
        const auto& base = baseline_of[join(fm::suite_areas_for(f.area), ",")];
        auto report = dockside::diff::diff_recordings(base, read_recording(runs[i].dir));
        const auto& ops = operations_of[f.rule_id];
        std::set<std::string> seen;
        if (report)
            for (const auto& g : report->groups)
                if (!g.noise) seen.insert(g.operation);
        const bool hit = std::any_of(seen.begin(), seen.end(), [&](const std::string& op) { return ops.empty() || ops.count(op); });
        at_operation += hit;
        only_by_diff += hit && !verdicts[i].caught;
        stances_alike += f.stance && !hit;
        if (!hit)
            missed << "  " << f.name << ": "
                   << (!report ? report.error() : seen.empty() ? std::string("no difference") : "differs at " + join({seen.begin(), seen.end()}, ", ") + " only")
                   << "\n";
    }
    std::cout << "\ndiff: " << at_operation << " of " << faults.size() << " faults differ from their baseline at an operation of "
              << "their rule (" << only_by_diff << " of them not caught by conform)";
    // A stance fault is the case the diff exists for: conform passes it, so the diff must find every one.
    const bool enough = at_operation * 10 >= static_cast<int>(faults.size()) * 9 && stances_alike == 0;
    std::cout << (missed.str().empty() ? "\n" : "; not:\n" + missed.str());
    return enough ? 0 : 1;
}

int coverage(const Options& o, const std::vector<fm::FaultRow>& faults) {
    auto rules = dockside::spec::load_document(o.spec_dir + "/rules.yaml");
    if (!rules) {
        std::cerr << "fault_matrix: " << rules.error().to_string() << "\n";
        return 2;
    }
    const auto uncovered = fm::uncovered_rules(*rules, faults);
    if (uncovered.empty()) {
        std::cout << "every rule of kind S or I has at least one fault (" << faults.size() << " faults)\n";
        return 0;
    }
    std::cout << uncovered.size() << " rules of kind S or I have no fault in the catalog:\n";
    for (const auto& id : uncovered) std::cout << "  " << id << "\n";
    return 1;
}

/// Rule → dependants from rules.yaml, or an empty map (blame not checked) without --spec-dir.
std::optional<std::map<std::string, std::set<std::string>>> load_dependants(const Options& o) {
    if (o.spec_dir.empty()) return std::nullopt;
    auto rules = dockside::spec::load_document(o.spec_dir + "/rules.yaml");
    if (!rules) {
        std::cerr << "fault_matrix: " << rules.error().to_string() << "\n";
        return std::nullopt;
    }
    for (const auto& unknown : fm::unknown_dependants(*rules))
        std::cerr << "fault_matrix: rules.yaml dependants name no rule: " << unknown << "\n";
    return fm::rule_dependants(*rules);
}

/// Prints the faults whose findings name rules they did not break; returns how many such faults.
int report_blame(const std::vector<fm::FaultRow>& faults, const std::vector<Job>& runs,
                 const std::map<std::string, std::set<std::string>>& baseline_failures,
                 const std::map<std::string, std::set<std::string>>& dependants) {
    int blaming = 0;
    std::ostringstream out;
    for (std::size_t i = 0; i < faults.size(); ++i) {
        if (faults[i].stance) continue;  // judged as passed or not in the table
        const auto areas = join(fm::suite_areas_for(faults[i].area), ",");
        const auto baseline = baseline_failures.find(areas);
        const auto foreign = fm::foreign_findings(read_results(runs[i].dir), faults[i].rule_id, dependants,
                                                  baseline == baseline_failures.end() ? std::set<std::string>{} : baseline->second);
        if (foreign.empty()) continue;
        ++blaming;
        std::set<std::string> rules;
        for (const auto& f : foreign) rules.insert(f.rule);
        out << "  " << faults[i].name << " (" << faults[i].rule_id << ") also named: " << join({rules.begin(), rules.end()}, ", ")
            << "\n";
        for (std::size_t k = 0; k < std::min<std::size_t>(foreign.size(), 4); ++k)
            out << "      " << foreign[k].rule << " in " << foreign[k].test << ": " << foreign[k].title << "\n";
    }
    std::cout << "\nblame: " << faults.size() - static_cast<std::size_t>(blaming) << " of " << faults.size()
              << " faults name only their own rule or its documented dependants";
    if (blaming) std::cout << "; " << blaming << " also name other rules:\n" << out.str();
    else std::cout << "\n";
    return blaming;
}

/// Prints how many faults were reported under more than one test for one (rule, operation), with the first
/// few, and returns that count: each is a defect reported twice (one defect, one finding), a failure.
int report_repeats(const std::vector<fm::FaultRow>& faults, const std::vector<Job>& runs,
                    const std::map<std::string, std::set<std::string>>& baseline_failures) {
    int repeating = 0;
    std::ostringstream out;
    for (std::size_t i = 0; i < faults.size(); ++i) {
        if (faults[i].stance) continue;
        const auto baseline = baseline_failures.find(join(fm::suite_areas_for(faults[i].area), ","));
        const auto repeated = fm::repeated_findings(read_results(runs[i].dir),
                                                    baseline == baseline_failures.end() ? std::set<std::string>{} : baseline->second);
        if (repeated.empty()) continue;
        if (++repeating > 8) continue;
        const auto& r = repeated.front();
        out << "  " << faults[i].name << ": " << r.rule << " on " << (r.operation.empty() ? "(no operation)" : r.operation) << " in "
            << join(r.tests, ", ") << (repeated.size() > 1 ? " (+" + std::to_string(repeated.size() - 1) + " more)" : "") << "\n";
    }
    std::cout << "\none finding per defect: " << faults.size() - static_cast<std::size_t>(repeating) << " of " << faults.size()
              << " faults are reported under one test per (rule, operation)";
    if (repeating) std::cout << "; " << repeating << " under more than one:\n" << out.str();
    else std::cout << "\n";
    return repeating;
}

int matrix(const Options& o, std::vector<fm::FaultRow> faults) {
    std::optional<nlohmann::json> rules;
    if (!o.spec_dir.empty())
        if (auto loaded = dockside::spec::load_document(o.spec_dir + "/rules.yaml")) rules = std::move(loaded.value());
    fm::mark_stances(faults, rules ? &*rules : nullptr);
    if (!o.only_faults.empty())
        std::erase_if(faults, [&](const fm::FaultRow& f) {
            return std::find(o.only_faults.begin(), o.only_faults.end(), f.name) == o.only_faults.end();
        });
    std::map<std::string, std::vector<std::string>> area_sets;  // "a,b" → areas
    for (const auto& f : faults) area_sets[join(fm::suite_areas_for(f.area), ",")] = fm::suite_areas_for(f.area);

    std::vector<Job> baselines;
    for (const auto& [key, areas] : area_sets)
        baselines.push_back(conform_job(o, "baseline:" + key, areas, "", o.out + "/baseline-" + key));
    std::vector<Job> runs;
    for (const auto& f : faults) runs.push_back(conform_job(o, f.name, fm::suite_areas_for(f.area), f.name, o.out + "/" + f.name));
    const auto started = Clock::now();
    run_all(baselines, o.jobs, o.job_timeout);
    run_all(runs, o.jobs, o.job_timeout);

    std::map<std::string, std::set<std::string>> baseline_failures;
    for (const auto& job : baselines) {
        const auto key = job.label.substr(std::string("baseline:").size());
        baseline_failures[key] = fm::failed_tests(read_results(job.dir));
        if (!baseline_failures[key].empty())
            std::cout << "note: without any fault, " << baseline_failures[key].size() << " test(s) of " << key
                      << " already fail; they cannot count as catching a fault\n";
    }

    std::size_t name_width = 6;
    for (const auto& f : faults) name_width = std::max(name_width, f.name.size() + 2);
    const int width = static_cast<int>(name_width);
    int missed = 0, caught = 0, stances = 0, stances_passed = 0;
    std::vector<fm::Verdict> verdicts;
    std::cout << "\n" << std::left << std::setw(width) << "fault" << std::setw(16) << "areas" << std::setw(8) << "time"
              << "caught by\n";
    for (std::size_t i = 0; i < faults.size(); ++i) {
        const auto& f = faults[i];
        const auto& job = runs[i];
        const auto areas = fm::suite_areas_for(f.area);
        fm::Verdict verdict;
        if (job.exit_code == 2 || job.exit_code == 124 || job.exit_code > 2) {
            verdict.problem = "conform could not run (exit " + std::to_string(job.exit_code) + ", see " + job.dir + "/log.txt)";
        } else {
            verdict = fm::judge(read_results(job.dir), baseline_failures[join(areas, ",")], areas);
        }
        std::ostringstream time;
        time << std::fixed << std::setprecision(1) << job.seconds << "s";
        std::string caught_by = join(std::vector<std::string>(verdict.caught_by.begin(),
                                                              verdict.caught_by.begin() + std::min<std::size_t>(3, verdict.caught_by.size())),
                                     ", ");
        if (verdict.caught_by.size() > 3) caught_by += " (+" + std::to_string(verdict.caught_by.size() - 3) + ")";
        if (!verdict.problem.empty()) caught_by = "NOT JUDGED: " + verdict.problem;
        else if (f.stance) caught_by = verdict.caught ? "CRIED WOLF (the document leaves this open): " + caught_by
                                                      : "passed, as the document leaves it open";
        else if (!verdict.caught) caught_by = "NOT CAUGHT";
        // A stance fault must pass conform: failing it is a harness judging what the document does not say.
        const bool right = f.stance ? !verdict.caught && verdict.problem.empty() : verdict.caught;
        missed += !right;
        stances += f.stance;
        stances_passed += f.stance && right;
        caught += !f.stance && right;
        verdicts.push_back(verdict);
        std::cout << std::left << std::setw(width) << f.name << std::setw(16) << join(areas, ",") << std::setw(8)
                  << time.str() << caught_by << "\n";
    }
    std::cout << "\n" << caught << " of " << faults.size() - stances << " faults caught";
    if (stances > 0) std::cout << "; " << stances_passed << " of " << stances << " on a stance passed, as the document leaves them open";
    std::cout << "; in " << std::fixed
              << std::setprecision(0) << std::chrono::duration<double>(Clock::now() - started).count() << " s\n";
    int blaming = 0;
    if (const auto dependants = load_dependants(o)) blaming = report_blame(faults, runs, baseline_failures, *dependants);
    const int repeating = report_repeats(faults, runs, baseline_failures);
    const int undiffered = o.diff ? report_differences(o, faults, runs, baselines, verdicts) : 0;
    return missed == 0 && blaming == 0 && repeating == 0 && undiffered == 0 ? 0 : 1;
}

}  // namespace

int main(int argc, char** argv) {
    Options o;
    CLI::App app{"Run every reference-server fault against the suites of its area"};
    app.add_option("--dockside", o.dockside, "Path of the dockside executable")->required()->check(CLI::ExistingFile);
    app.add_option("--out", o.out, "Folder for the runs' results")->capture_default_str();
    app.add_option("--spec-dir", o.spec_dir, "Spec folder (rules.yaml): --coverage, and the blame check of a matrix run");
    app.add_option("--jobs", o.jobs, "Runs at a time")->check(CLI::Range(1, 16))->capture_default_str();
    app.add_option("--cases", o.cases, "RapidCheck cases per property")->capture_default_str();
    app.add_option("--seed", o.seed, "RapidCheck seed, the same for baseline and fault runs")->capture_default_str();
    app.add_option("--job-timeout", o.job_timeout, "Seconds before one run is killed")->capture_default_str();
    app.add_option("--fault", o.only_faults, "Run only these faults (repeatable)");
    app.add_flag("--coverage", o.coverage, "Check that every rule of kind S or I has a fault");
    app.add_flag("--diff", o.diff,
                 "Also record each run (--har, one worker) and `dockside diff` it against its baseline: at least 90 % of "
                 "the faults must differ at an operation of their rule");
    CLI11_PARSE(app, argc, argv);

    auto faults = fm::parse_fault_list(list_faults(o.dockside));
    if (!faults) {
        std::cerr << "fault_matrix: " << faults.error() << "\n";
        return 2;
    }
    if (o.coverage) {
        if (o.spec_dir.empty()) {
            std::cerr << "fault_matrix: --coverage needs --spec-dir\n";
            return 2;
        }
        return coverage(o, *faults);
    }
    return matrix(o, std::move(faults.value()));
}
