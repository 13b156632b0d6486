#include "harness/conform/created_records.h"

#include <fcntl.h>
#include <unistd.h>

#include <mutex>

#include "harness/conform/test_context.h"

namespace dockside::conform {
namespace {

void append(const std::string& path, const std::string& line) {
    const int fd = ::open(path.c_str(), O_WRONLY | O_CREAT | O_APPEND, 0600);
    if (fd < 0) return;
    [[maybe_unused]] const auto written = ::write(fd, line.data(), line.size());
    ::close(fd);
}

std::string id_text(const nlohmann::json& id) {
    if (id.is_string()) return id.get<std::string>();
    if (id.is_number_integer()) return id.dump();
    return {};
}

}  // namespace

CleanupRules cleanup_rules(const spec::Spec& spec) {
    CleanupRules out;
    const nlohmann::json& data = spec.rules_document().value("cleanup", nlohmann::json::object());
    for (const auto& entry : data.value("undo", nlohmann::json::array())) {
        UndoRule rule;
        if (entry.is_object()) {
            rule.create = entry.value("create", "");
            rule.undo = entry.value("undo", "");
            rule.param = entry.value("param", "");
            rule.kind = entry.value("kind", "");
            rule.remains = entry.value("remains", "");
            rule.failed_when = entry.value("failed_when", nlohmann::json());
        }
        const spec::Operation* undo = spec.find(rule.undo);
        if (rule.create.empty() || rule.kind.empty() || rule.param.empty()) {
            out.problems.push_back("cleanup.undo entry " + entry.dump() + " lacks create, undo, param or kind");
        } else if (!undo) {
            out.problems.push_back("cleanup.undo: " + rule.undo + " is not an operation of the OpenAPI file");
        } else if (undo->path_template.find("{" + rule.param + "}") == std::string::npos) {
            out.problems.push_back("cleanup.undo: " + rule.undo + "'s path " + undo->path_template + " has no {" + rule.param + "}");
        } else {
            out.undo.push_back(std::move(rule));
        }
    }
    for (const auto& what : data.value("nothing_undoes", nlohmann::json::array()))
        if (what.is_string()) out.nothing_undoes.push_back(what.get<std::string>());
    return out;
}

bool undo_succeeded(const UndoRule& rule, int status, const nlohmann::json& body) {
    if (status < 200 || status > 299) return false;
    if (!rule.failed_when.is_object() || !body.is_object()) return true;
    const std::string member = rule.failed_when.value("member", "");
    return member.empty() || !body.contains(member) || body[member] != rule.failed_when.value("equals", nlohmann::json());
}

std::string created_line(const std::string& create, const std::string& id, const std::string& test) {
    return nlohmann::json{{"created", create}, {"id", id}, {"test", test}, {"run", run_tag()}}.dump() + "\n";
}

std::string undone_line(const std::string& create, const std::string& id) {
    return nlohmann::json{{"undone", create}, {"id", id}}.dump() + "\n";
}

std::string refused_line(const std::string& create, const std::string& id, const std::string& reason) {
    return nlohmann::json{{"refused", create}, {"id", id}, {"reason", reason}}.dump() + "\n";
}

bool undo_succeeded(int status, const nlohmann::json& body) {
    if (status < 200 || status > 299) return false;
    return !(body.is_object() && body.value("status", nlohmann::json()) == "Failure");
}

void note_created(const Exchange& ex) {
    const Session& session = current_session();
    const std::string& path = session.info().created_log;
    if (path.empty() || ex.status() < 200 || ex.status() > 299) return;
    // Read once per contract: every exchange of the run passes here.
    static const spec::Spec* read_from = nullptr;
    static CleanupRules rules;
    static std::mutex mutex;
    std::lock_guard lock(mutex);
    if (read_from != &session.spec()) {
        rules = cleanup_rules(session.spec());
        read_from = &session.spec();
    }
    for (const auto& rule : rules.undo) {
        if (ex.operation_id == rule.create) {
            const auto body = ex.json();
            const std::string id = body.is_object() && body.contains("id") ? id_text(body["id"]) : std::string();
            if (!id.empty()) append(path, created_line(rule.create, id, test_context::test_name()));
        } else if (ex.operation_id == rule.undo && undo_succeeded(rule, ex.status(), ex.json())) {
            const std::string target = ex.request.target.substr(0, ex.request.target.find('?'));
            auto match = session.spec().match(ex.request.method, target);
            if (!match) continue;
            if (auto at = match->path_params.find(rule.param); at != match->path_params.end())
                append(path, undone_line(rule.create, at->second));
        }
    }
}

}  // namespace dockside::conform
