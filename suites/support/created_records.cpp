#include "suites/support/created_records.h"

#include <fcntl.h>
#include <unistd.h>

#include "suites/support/test_context.h"

namespace dockside::suites {
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

const std::vector<UndoRule>& undo_rules() {
    static const std::vector<UndoRule> rules = {
        {"createOrder", "cancelOrder", "orderId", "order",
         "a cancelled order and its shipments stay: the API cancels orders, it has no delete"},
        {"createReturn", "cancelReturn", "id", "return", "a cancelled return stays: the API has no delete for returns"},
        {"createWebhook", "deleteWebhook", "id", "webhook subscription", ""},
        {"moveVariants", "deleteProduct", "productId", "product", ""},
        {"/_sim/wro", "cancelReceiving", "id", "receiving order",
         "a cancelled receiving order stays: the API has no delete for receiving orders"},
    };
    return rules;
}

const std::vector<std::string>& records_nothing_undoes() {
    static const std::vector<std::string> remains = {
        "inventory items of the variants a run created: deleting a product leaves its inventory items (no operation "
        "deletes one)",
        "channel metadata added to the seed's variants (deleteChannelMetadata exists, but the tests that add it "
        "check it stays)",
        "variants added to the seed's products and the patches made to them (no operation removes a variant)",
        "access tokens, refresh tokens and authorization codes issued to the OAuth tests (the API has no revocation)",
        "orders, returns and receiving orders that had moved past the state where they can be cancelled",
    };
    return remains;
}

std::string created_line(const std::string& create, const std::string& id, const std::string& test) {
    return nlohmann::json{{"created", create}, {"id", id}, {"test", test}, {"run", run_tag()}}.dump() + "\n";
}

std::string undone_line(const std::string& create, const std::string& id) {
    return nlohmann::json{{"undone", create}, {"id", id}}.dump() + "\n";
}

bool undo_succeeded(int status, const nlohmann::json& body) {
    if (status < 200 || status > 299) return false;
    return !(body.is_object() && body.value("status", nlohmann::json()) == "Failure");
}

void note_created(const Exchange& ex) {
    const Session& session = current_session();
    const std::string& path = session.info().created_log;
    if (path.empty() || ex.status() < 200 || ex.status() > 299) return;
    for (const auto& rule : undo_rules()) {
        if (ex.operation_id == rule.create) {
            const auto body = ex.json();
            const std::string id = body.is_object() && body.contains("id") ? id_text(body["id"]) : std::string();
            if (!id.empty()) append(path, created_line(rule.create, id, test_context::test_name()));
        } else if (ex.operation_id == rule.undo && undo_succeeded(ex.status(), ex.json())) {
            const std::string target = ex.request.target.substr(0, ex.request.target.find('?'));
            auto match = session.spec().match(ex.request.method, target);
            if (!match) continue;
            if (auto at = match->path_params.find(rule.param); at != match->path_params.end())
                append(path, undone_line(rule.create, at->second));
        }
    }
}

}  // namespace dockside::suites
